import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { viewAsStrings as s } from '../strings';

/** Shows whom the administrator is viewing the portal as, with a way back to their own view. */
export function ViewingAsBanner({ email, customerText, onBack }: { email: string; customerText: string; onBack(): void }) {
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={onBack}>
          {s.backToMyView}
        </Button>
      }
    >
      {s.viewingAs} <strong>{email}</strong>
      {customerText ? ` (${customerText})` : ''}
    </Alert>
  );
}
