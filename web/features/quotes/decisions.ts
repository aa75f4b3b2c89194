// The administrators' "Quote decisions" list (issue 39), a chunk of its own loaded when first opened.
export { DecisionsDialog } from './components/decisions-dialog';
export type { DecisionsDialogProps } from './components/decisions-dialog';
