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
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, unavailableMessage } from '../../../lib/api-client';
import { useStaffDomains } from '../api/get-public-config';
import { useAccounts, type UserAccount } from '../api/get-accounts';
import { useSendAccountMail, type AccountMail } from '../api/send-account-mail';
import { isStaffEmail, matchesSearch } from '../staff';
import { usersText as t } from '../strings';
import { approvalText } from '../../../../lambdas/shared/contract/answers/quotes';
import type { UserDialogProps } from './create-user-dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { useUnsavedGuard } from '../../../components/ui/unsaved-guard';
import { lastSignIn, statusText, UserDetail, type Notice } from './user-detail';
import { titleCase } from '../../../components/text/display-name';

export interface UserListDialogProps extends Pick<UserDialogProps, 'open' | 'onClose' | 'onUsersChanged'> {
  /** Shows the portal as this user sees it (the home screen's "view as"); the dialog closes. */
  onViewAs?: (email: string) => void;
  /** Opens Create New User. */
  onAddUser?: () => void;
}

/**
 * Users (administrators; beyond the spec): every customer user with invited / active, last sign-in
 * and customers; a row opens the user, in the same dialog, where they are administered.
 */
export function UserListDialog({ open, onClose, ...rest }: UserListDialogProps) {
  // A user's unsaved changes are asked about before the dialog closes, goes back or views as.
  const unsaved = useUnsavedGuard();
  const close = () => unsaved.guard(onClose);
  const onViewAs = rest.onViewAs && ((email: string) => unsaved.guard(() => rest.onViewAs?.(email)));
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="lg" aria-labelledby="user-list-title">
      <DialogHeading id="user-list-title" title={t.listTitle} closeLabel={t.close} onClose={close} />
      {open && <UserList {...rest} onViewAs={onViewAs} guard={unsaved.guard} onDirtyChange={unsaved.setDirty} />}
      {unsaved.prompt}
    </Dialog>
  );
}

interface UserListProps extends Omit<UserListDialogProps, 'open' | 'onClose'> {
  guard(action: () => void): void;
  onDirtyChange(dirty: boolean): void;
}

function UserList({ onUsersChanged, onViewAs, onAddUser, guard, onDirtyChange }: UserListProps) {
  const accounts = useAccounts();
  const staffDomains = useStaffDomains();
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<Notice | null>(null);
  const send = useSendAccountMail();
  // The user shown in detail (null: the list), and the row whose button gets the focus back.
  const [openEmail, setOpenEmail] = useState<string | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);

  // Staff are left out, as in the spec's other administrator user lists.
  const users = useMemo(
    () => (accounts.data ?? []).filter((u) => !isStaffEmail(u.EMAIL, staffDomains.data ?? [])),
    [accounts.data, staffDomains.data],
  );
  const shown = users.filter((u) => matchesSearch(search, u.NAME, u.EMAIL, ...u.CUSTOMER_NAME));
  const opened = openEmail ? (users.find((u) => u.EMAIL === openEmail) ?? null) : null;
  // A user gone from the list (removed elsewhere) closes their view once the list is current.
  // Not while a change is on its way (an email change or a removal names the next view itself).
  const changing = useIsMutating() > 0;
  useEffect(() => {
    if (openEmail && !opened && accounts.isSuccess && !accounts.isFetching && !changing) setOpenEmail(null);
  }, [openEmail, opened, accounts.isSuccess, accounts.isFetching, changing]);

  // Back from a user's view: their row's button has the focus again.
  useEffect(() => {
    if (openEmail || !returnTo) return;
    document.querySelector<HTMLElement>(`[data-testid="user-row"][data-email="${CSS.escape(returnTo)}"] button`)?.focus();
    setReturnTo(null);
  }, [openEmail, returnTo]);

  function handleSend(kind: AccountMail, email: string) {
    setMessage(null);
    send.mutate(
      { kind, email },
      {
        onSuccess: (text) => setMessage({ severity: 'success', text }),
        onError: (error) => setMessage({ severity: 'error', text: unavailableMessage(error) ?? (error instanceof ApiError && error.status < 500 ? error.message : t.sendFailed) }),
      },
    );
  }

  const busyFor = (kind: AccountMail, email: string) => send.isPending && send.variables?.kind === kind && send.variables.email === email;

  function openUser(email: string) {
    setMessage(null);
    setOpenEmail(email);
  }

  function backToList() {
    setReturnTo(openEmail);
    setOpenEmail(null);
  }

  const notice = message && (
    <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'} closeText={t.dismiss} onClose={() => setMessage(null)}>
      {message.text}
    </Alert>
  );

  if (openEmail) {
    return (
      <DialogContent dividers>
        <Stack spacing={2}>
          {notice}
          {opened ? (
            <UserDetail
              user={opened}
              onBack={() => guard(backToList)}
              onDirtyChange={onDirtyChange}
              onNotice={setMessage}
              onSend={handleSend}
              sending={send.isPending}
              busyFor={busyFor}
              onEmailChanged={setOpenEmail}
              onRemoved={(email) => {
                setOpenEmail(null);
                setReturnTo(null);
                setMessage({ severity: 'success', text: t.userRemoved(email) });
              }}
              onViewAs={onViewAs}
              onUsersChanged={onUsersChanged}
            />
          ) : (
            <Typography variant="body2">{t.loading}</Typography>
          )}
        </Stack>
      </DialogContent>
    );
  }

  return (
    <DialogContent dividers>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t.listOpenNote} {t.listNote}
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
          <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flex: 1 }}>
            {accounts.isSuccess ? t.listCount(shown.length, users.length) : ''}
          </Typography>
          {onAddUser && (
            <Button variant="outlined" onClick={onAddUser} sx={{ flexShrink: 0 }}>
              {t.addUser}
            </Button>
          )}
        </Stack>
        {notice}
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
                <TableCell>{t.colApproves}</TableCell>
                <TableCell>{t.colActions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.isPending && (
                <TableRow>
                  <TableCell colSpan={7}>{t.loading}</TableCell>
                </TableRow>
              )}
              {accounts.isSuccess && shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>{t.noUsers}</TableCell>
                </TableRow>
              )}
              {shown.map((u) => (
                <UserRow key={u.EMAIL} user={u} busy={send.isPending} busyFor={busyFor} onSend={handleSend} onOpen={openUser} />
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
  onOpen(email: string): void;
}

function UserRow({ user, busy, busyFor, onSend, onOpen }: UserRowProps) {
  const customers = user.CUSTOMER_NAME.map(titleCase).join(', ');
  const label = user.NAME ? titleCase(user.NAME) : user.EMAIL;
  return (
    <TableRow
      hover
      data-testid="user-row"
      data-email={user.EMAIL}
      // The whole row opens the user for the mouse; its name is the button for the keyboard.
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button')) onOpen(user.EMAIL);
      }}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <Button
          variant="text"
          size="small"
          aria-label={t.openUser(label)}
          onClick={() => onOpen(user.EMAIL)}
          sx={{ textTransform: 'none', justifyContent: 'flex-start', textAlign: 'left', fontWeight: 600, ml: -1, px: 1 }}
        >
          {user.NAME ? titleCase(user.NAME) : '—'}
        </Button>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.EMAIL}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={statusText(user)}
          color={user.STATUS === 'active' ? 'success' : 'default'}
          variant={user.STATUS === 'active' ? 'filled' : 'outlined'}
          data-testid="user-status"
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="user-last-sign-in">
        {lastSignIn(user.LAST_SIGN_IN)}
      </TableCell>
      <TableCell>{customers || <Box component="span" sx={{ color: 'text.secondary' }}>{t.noCustomer}</Box>}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="user-approves-quotes">
        {approvalText(user.QUOTE_APPROVAL)}
      </TableCell>
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
