import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

export interface DocumentsDialogProps {
  open: boolean;
  onClose(): void;
  isAdmin: boolean;
  /** Administrator viewing as a customer: that customer's email; else null. */
  viewedEmail: string | null;
}

/** Placeholder (issue 5 replaces it). */
export function DocumentsDialog({ open, onClose }: DocumentsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Documents</DialogTitle>
    </Dialog>
  );
}
