import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { viewAsStrings as s } from '../strings';

/**
 * Shows whom the administrator is viewing the portal as, with a way back to their own view, and
 * what the administrator may do for that customer (`actions`: filing a service request for them).
 */
export function ViewingAsBanner({ email, customerText, onBack, actions }: { email: string; customerText: string; onBack(): void; actions?: ReactNode }) {
  return (
    <Alert
      severity="info"
      role="status"
      // The message wraps beside the actions instead of becoming a scrolling region of its own.
      sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-message': { overflow: 'visible', minWidth: 0 }, '& .MuiAlert-action': { flexShrink: 0, pt: 0 } }}
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {actions}
          <Button color="inherit" size="small" onClick={onBack}>
            {s.backToMyView}
          </Button>
        </Box>
      }
    >
      {s.viewingAs} <strong>{email}</strong>
      {customerText ? ` (${customerText})` : ''}
    </Alert>
  );
}
