import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { commonStrings } from '../../config/strings';

/**
 * A panel's read that failed even after api()'s own repeat: the message, and a Try again button
 * that asks once more (disabled while it does), so the reader need not reload the page.
 */
export function LoadFailure({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry(): void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {commonStrings.tryAgain}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
