import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** How long a success popup stays (spec section 9: the popup after a successful save), for every save of the app. */
export const SUCCESS_POPUP_MS = 3000;

/** The green popup a save ends with, bottom centre; `message` null: closed. */
export function SuccessPopup({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Snackbar open={message !== null} autoHideDuration={SUCCESS_POPUP_MS} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="success" variant="filled" onClose={onClose}>
        {message ?? ''}
      </Alert>
    </Snackbar>
  );
}
