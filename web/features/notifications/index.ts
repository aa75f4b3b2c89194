// Notifications (issue 20): the user menu's panel and the mails' unsubscribe page.
export { NotificationsDialog } from './components/notifications-dialog';
export type { NotificationsDialogProps } from './components/notifications-dialog';
export { UnsubscribePanel } from './components/unsubscribe-panel';
export { notificationsText } from './strings';
