import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { useRequestResetCode } from '../api/request-reset-code';
import { authStrings } from '../strings';

const s = authStrings.forgot;

/** What 'Enter Reset Code' hands the reset screen (router state, so the email stays out of the URL). */
export interface ResetScreenState {
  email: string;
}

/** Ask for a reset code; after success the form gives way to 'Enter Reset Code', which carries the email over. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const request = useRequestResetCode();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email);
  };

  if (request.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success">{s.sent}</Alert>
        <Button component={RouterLink} to="/reset-password" state={{ email: (request.variables ?? email).trim().toLowerCase() } satisfies ResetScreenState} variant="contained" size="large">
          {s.enterCode}
        </Button>
      </Box>
    );
  }

  // A rate limit is the one failure whose own message helps more than the spec's generic one.
  const failure = request.error instanceof ApiError && request.error.status === 429 ? request.error.message : s.failed;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{s.intro}</Typography>
      {request.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextField label={s.email} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" autoFocus />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
          {s.submit}
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/">
          {s.backToLogin}
        </Link>
      </Box>
    </>
  );
}
