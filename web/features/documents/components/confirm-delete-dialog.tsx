import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { documentsText as t } from '../strings';

interface ConfirmDeleteDialogProps {
  fileName: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** Asks 'Are you sure you want to delete this document?' before a delete. */
export function ConfirmDeleteDialog({ fileName, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={fileName !== null} onClose={onCancel} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">{t.deleteConfirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t.deleteConfirm}</DialogContentText>
        <DialogContentText sx={{ mt: 1, fontWeight: 600, wordBreak: 'break-all' }}>{fileName}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t.cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
