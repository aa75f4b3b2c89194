import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** The button of a failed read on the page (beyond the spec). */
export const TRY_AGAIN = 'Try again';

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
          {TRY_AGAIN}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
