// Placeholder until the documents dialog lands (issue 5); the home screen mounts this export.
export { DocumentsDialog } from './components/documents-dialog';
export type { DocumentsDialogProps } from './components/documents-dialog';
