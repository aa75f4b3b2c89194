import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useStaffDomains } from '../api/get-public-config';
import { useAccounts, type UserAccount } from '../api/get-accounts';
import { useSendAccountMail, type AccountMail } from '../api/send-account-mail';
import { isStaffEmail, matchesSearch } from '../staff';
import { usersText as t } from '../strings';
import type { UserDialogProps } from './create-user-dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { titleCase } from '../../../components/text/display-name';

const lastSignIn = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : t.never);

/** Users (administrators; beyond the spec): every customer user with invited / active, last sign-in and customers. */
export function UserListDialog({ open, onClose }: Pick<UserDialogProps, 'open' | 'onClose'>) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="user-list-title">
      <DialogHeading id="user-list-title" title={t.listTitle} closeLabel={t.close} onClose={onClose} />
      {open && <UserList />}
    </Dialog>
  );
}

function UserList() {
  const accounts = useAccounts();
  const staffDomains = useStaffDomains();
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const send = useSendAccountMail();

  // Staff are left out, as in the spec's other administrator user lists.
  const users = useMemo(
    () => (accounts.data ?? []).filter((u) => !isStaffEmail(u.EMAIL, staffDomains.data ?? [])),
    [accounts.data, staffDomains.data],
  );
  const shown = users.filter((u) => matchesSearch(search, u.NAME, u.EMAIL, ...u.CUSTOMER_NAME));

  function handleSend(kind: AccountMail, email: string) {
    setMessage(null);
    send.mutate(
      { kind, email },
      {
        onSuccess: (text) => setMessage({ severity: 'success', text }),
        onError: (error) => setMessage({ severity: 'error', text: error instanceof ApiError && error.status < 500 ? error.message : t.sendFailed }),
      },
    );
  }

  const busyFor = (kind: AccountMail, email: string) => send.isPending && send.variables?.kind === kind && send.variables.email === email;

  return (
    <DialogContent dividers>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t.listNote}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            label={t.searchList}
            type="search"
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flex: '0 1 360px' }}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {accounts.isSuccess ? t.listCount(shown.length, users.length) : ''}
          </Typography>
        </Stack>
        {message && (
          <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'} closeText={t.dismiss} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
        {accounts.isError && <Alert severity="error">{t.fetchUsersFailed}</Alert>}
        <TableContainer sx={{ maxHeight: '60vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table stickyHeader size="small" aria-labelledby="user-list-title">
            <TableHead>
              <TableRow>
                <TableCell>{t.colName}</TableCell>
                <TableCell>{t.colEmail}</TableCell>
                <TableCell>{t.colStatus}</TableCell>
                <TableCell>{t.colLastSignIn}</TableCell>
                <TableCell>{t.colCustomers}</TableCell>
                <TableCell>{t.colActions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.isPending && (
                <TableRow>
                  <TableCell colSpan={6}>{t.loading}</TableCell>
                </TableRow>
              )}
              {accounts.isSuccess && shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{t.noUsers}</TableCell>
                </TableRow>
              )}
              {shown.map((u) => (
                <UserRow key={u.EMAIL} user={u} busy={send.isPending} busyFor={busyFor} onSend={handleSend} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
    </DialogContent>
  );
}

interface UserRowProps {
  user: UserAccount;
  busy: boolean;
  busyFor(kind: AccountMail, email: string): boolean;
  onSend(kind: AccountMail, email: string): void;
}

function UserRow({ user, busy, busyFor, onSend }: UserRowProps) {
  const status = user.STATUS === 'invited' ? t.statusInvited : user.STATUS === 'active' ? t.statusActive : t.statusUnknown;
  const customers = user.CUSTOMER_NAME.map(titleCase).join(', ');
  return (
    <TableRow hover data-testid="user-row" data-email={user.EMAIL}>
      <TableCell>{user.NAME ? titleCase(user.NAME) : '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.EMAIL}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={status}
          color={user.STATUS === 'active' ? 'success' : 'default'}
          variant={user.STATUS === 'active' ? 'filled' : 'outlined'}
          data-testid="user-status"
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="user-last-sign-in">
        {lastSignIn(user.LAST_SIGN_IN)}
      </TableCell>
      <TableCell>{customers || <Box component="span" sx={{ color: 'text.secondary' }}>{t.noCustomer}</Box>}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {user.STATUS === 'invited' && (
          <Button size="small" variant="outlined" disabled={busy} aria-label={t.resendInvitationTo(user.EMAIL)} onClick={() => onSend('invitation', user.EMAIL)}>
            {busyFor('invitation', user.EMAIL) ? t.sending : t.resendInvitation}
          </Button>
        )}
        {user.STATUS === 'active' && (
          <Button size="small" variant="outlined" disabled={busy} aria-label={t.sendResetCodeTo(user.EMAIL)} onClick={() => onSend('resetCode', user.EMAIL)}>
            {busyFor('resetCode', user.EMAIL) ? t.sending : t.sendResetCode}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
