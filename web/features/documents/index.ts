// The documents library: the home screen mounts the dialog (one document's link is in web/lib/document-link.ts).
export { DocumentsDialog } from './components/documents-dialog';
export type { DocumentsDialogProps } from './components/documents-dialog';
