// The documents library: the home screen mounts the dialog; Review of a quote opens a quote's document.
export { DocumentsDialog } from './components/documents-dialog';
export type { DocumentsDialogProps } from './components/documents-dialog';
export { openDocumentInNewTab } from './api/get-presigned-url';
