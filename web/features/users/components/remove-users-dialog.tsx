import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useState } from 'react';
import { useRemoveUsers } from '../api/remove-users';
import { useCustomerUsers } from '../hooks/use-customer-users';
import { usersText as t } from '../strings';
import type { UserDialogProps } from './create-user-dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { SearchChecklist } from './search-checklist';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { titleCase } from '../../../components/text/display-name';

/** Remove Users (administrators): a searchable checklist of the non-staff users. */
export function RemoveUsersDialog({ open, onClose, onUsersChanged }: UserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="remove-users-title">
      <DialogHeading id="remove-users-title" title={t.removeTitle} closeLabel={t.close} onClose={onClose} />
      {open && <RemoveUsersForm onUsersChanged={onUsersChanged} />}
    </Dialog>
  );
}

function RemoveUsersForm({ onUsersChanged }: Pick<UserDialogProps, 'onUsersChanged'>) {
  const users = useCustomerUsers();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const removal = useRemoveUsers();
  const [confirming, setConfirming] = useState(false);
  const nameOf = new Map(users.list.map((u) => [u.EMAIL, u.NAME]));

  function handleToggle(email: string) {
    const next = new Set(selected);
    if (next.has(email)) next.delete(email);
    else next.add(email);
    setSelected(next);
    setMessage(null);
  }

  function handleRemove() {
    setConfirming(false);
    if (selected.size === 0) return;
    removal.mutate([...selected], {
      // Unlike the original, success is said only once the server confirms.
      onSuccess: () => {
        setSelected(new Set());
        setMessage({ severity: 'success', text: t.removed });
        onUsersChanged?.();
      },
      onError: () => setMessage({ severity: 'error', text: t.removeFailed }),
    });
  }

  return (
    <>
      <DialogContent dividers>
        <SearchChecklist
          label={t.usersList}
          searchLabel={t.searchUsers}
          items={users.list.map((u) => ({ id: u.EMAIL, primary: u.NAME ? titleCase(u.NAME) : u.EMAIL, secondary: u.EMAIL }))}
          selected={selected}
          onToggle={handleToggle}
          emptyText={users.isPending ? t.loading : t.noUsers}
          disabled={removal.isPending}
          height={300}
        />
        {users.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t.fetchUsersFailed}
          </Alert>
        )}
        {message && (
          <Alert severity={message.severity} role="alert" sx={{ mt: 2 }}>
            {message.text}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" color="error" disabled={selected.size === 0 || removal.isPending} onClick={() => setConfirming(true)}>
          {removal.isPending ? t.removing : t.removeUsers}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        danger
        title={t.removeConfirmTitle(selected.size)}
        text={
          <>
            {t.removeConfirmText}
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 3, maxHeight: 200, overflow: 'auto' }}>
              {[...selected].map((email) => {
                const name = nameOf.get(email);
                return <li key={email}>{name ? `${titleCase(name)} (${email})` : email}</li>;
              })}
            </Box>
          </>
        }
        confirmLabel={t.removeUsers}
        cancelLabel={t.cancel}
        onConfirm={handleRemove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
