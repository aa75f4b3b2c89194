import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

export interface UserDialogProps {
  open: boolean;
  onClose(): void;
  /** Called after users or assignments changed, so the home screen can reload its lists. */
  onUsersChanged?(): void;
}

/** Placeholder (issue 5 replaces it). */
export function CreateUserDialog({ open, onClose }: UserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Create New User</DialogTitle>
    </Dialog>
  );
}

/** Placeholder (issue 5 replaces it). */
export function EditUserDialog({ open, onClose }: UserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Edit User Customers and Properties</DialogTitle>
    </Dialog>
  );
}
