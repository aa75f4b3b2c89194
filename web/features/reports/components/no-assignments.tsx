import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '../../../lib/public-config';
import { reportStrings as s } from '../strings';

export interface NoAssignmentsProps {
  /** The viewed user's email when an administrator views as them; null for the user's own view. */
  viewedEmail: string | null;
  hasCustomers: boolean;
  hasProperties: boolean;
  /** The server's reason (403 of POST /api/sigma/filtered). */
  serverMessage: string;
  /** The account's own home with nothing assigned: what happens next, and a way to look again. */
  onCheckAgain?: () => void;
  checking?: boolean;
}

/**
 * The report area of an account with nothing to show: what is missing and whom to ask (the user), or
 * what to assign (an administrator viewing as them). With both assigned the server's reason is shown.
 */
export function NoAssignments({ viewedEmail, hasCustomers, hasProperties, serverMessage, onCheckAgain, checking = false }: NoAssignmentsProps) {
  const config = usePublicConfig();
  const missing = !hasCustomers ? 'customer' : !hasProperties ? 'property' : null;
  const what = viewedEmail
    ? missing === 'customer'
      ? s.viewedNoCustomer(viewedEmail)
      : missing === 'property'
        ? s.viewedNoProperty(viewedEmail)
        : `${s.viewedRefused(viewedEmail)} ${serverMessage}`
    : missing === 'customer'
      ? s.noCustomer
      : missing === 'property'
        ? s.noProperty
        : serverMessage;
  return (
    <Paper variant="outlined" role="status" data-testid="report-empty" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720, mx: 'auto', mt: { xs: 2, md: 6 }, textAlign: 'center' }}>
      <Typography component="h2" variant="h5" sx={{ mb: 2, fontWeight: 600 }}>
        {s.emptyTitle}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{what}</Typography>
      {onCheckAgain && <Typography sx={{ mb: 1.5 }}>{s.whatNext}</Typography>}
      <Typography color="text.secondary">
        {viewedEmail ? (
          s.assignInEditUser
        ) : (
          <>
            {s.askAdministrators(config.productName)}{' '}
            <Link href={config.contactUrl} target="_blank" rel="noopener noreferrer" aria-label={s.contactUsNewTab}>
              {s.contactUs}
            </Link>
            .
          </>
        )}
      </Typography>
      {onCheckAgain && (
        <Button variant="outlined" onClick={onCheckAgain} disabled={checking} sx={{ mt: 2.5 }}>
          {checking ? s.checking : s.checkAgain}
        </Button>
      )}
    </Paper>
  );
}
