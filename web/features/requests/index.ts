// Service requests (issue 20): the home screen mounts these dialogs on first use.
export { RequestServiceDialog } from './components/request-service-dialog';
export type { RequestServiceDialogProps } from './components/request-service-dialog';
export { RequestsDialog } from './components/requests-dialog';
export type { RequestsDialogProps } from './components/requests-dialog';
