import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { PortalUser } from '../api/get-users';
import { useAssignmentEditor } from '../hooks/use-assignment-editor';
import { useCustomerUsers } from '../hooks/use-customer-users';
import { usersText as t } from '../strings';
import type { UserDialogProps } from './create-user-dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { useUnsavedGuard } from '../../../components/ui/unsaved-guard';
import { ChangeEmailDialog } from './change-email-dialog';
import { AssignmentFields } from './assignment-fields';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RemoveUsersDialog } from './remove-users-dialog';
import { SuccessPopup } from '../../../components/ui/success-popup';

/** Edit User Customers and Properties (administrators), with the way into Remove Users. */
export function EditUserDialog({ open, onClose, onUsersChanged }: UserDialogProps) {
  // Unsaved customers or properties are asked about before the dialog closes or another user is chosen.
  const unsaved = useUnsavedGuard();
  const close = () => unsaved.guard(onClose);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="edit-user-title">
      <DialogHeading id="edit-user-title" title={t.editTitle} closeLabel={t.close} onClose={close} />
      {open && <EditUserForm onClose={onClose} onUsersChanged={onUsersChanged} guard={unsaved.guard} onDirtyChange={unsaved.setDirty} />}
      {unsaved.prompt}
    </Dialog>
  );
}

function EditUserForm({ onClose, onUsersChanged, guard, onDirtyChange }: Omit<UserDialogProps, 'open'> & { guard(action: () => void): void; onDirtyChange(dirty: boolean): void }) {
  const users = useCustomerUsers();
  const [email, setEmail] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [popup, setPopup] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  const [emailChanged, setEmailChanged] = useState<string | null>(null);

  // A user removed meanwhile (in Remove Users) is no longer selected.
  const user: PortalUser | null = users.list.find((u) => u.EMAIL === email) ?? null;
  const userEmail = user?.EMAIL ?? null;
  const editor = useAssignmentEditor(userEmail);
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);

  const errors: string[] = [users.isError ? t.fetchUsersFailed : null, ...editor.errors].filter((e) => typeof e === 'string');

  function handleUserChange(next: PortalUser | null) {
    editor.reset();
    setEmail(next?.EMAIL ?? null);
    setMessage(null);
    setSaved(false);
  }

  function handleSave() {
    if (!userEmail) {
      setMessage(t.noUserSelected);
      return;
    }
    // A customer account left with no property would see nothing: asked first (beyond the spec).
    if (editor.selectedPropertyIds.length === 0) setConfirmingEmpty(true);
    else saveAssignments();
  }

  function saveAssignments() {
    setConfirmingEmpty(false);
    if (!userEmail) return;
    setMessage(null);
    editor.saveSelection({
      onSuccess: () => {
        setSaved(true);
        setPopup(true);
        onUsersChanged?.();
      },
      onError: () => setMessage(t.updateFailed),
    });
  }

  const busy = editor.busy;
  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Autocomplete
            options={users.list}
            value={user}
            loading={users.isPending}
            loadingText={t.loading}
            noOptionsText={t.noUsers}
            getOptionLabel={(u) => u.EMAIL}
            isOptionEqualToValue={(a, b) => a.EMAIL === b.EMAIL}
            onChange={(_e, next) => guard(() => handleUserChange(next))}
            renderInput={(params) => <TextField {...params} label={t.user} placeholder={t.searchUserEmail} autoFocus />}
          />
          {userEmail && (
            <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
              <Button size="small" onClick={() => setChangingEmail(true)} disabled={busy}>
                {t.changeEmail}
              </Button>
            </Stack>
          )}
          <AssignmentFields editor={editor} onChange={() => setSaved(false)} />
          {errors.map((e) => (
            <Alert key={e} severity="error">
              {e}
            </Alert>
          ))}
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => setRemoveOpen(true)}>
          {t.removeUserForm}
        </Button>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={handleSave} disabled={busy || (!!userEmail && editor.available.isFetching)}>
            {busy ? t.saving : t.saveChanges}
          </Button>
          {saved && (
            <Button variant="outlined" onClick={onClose}>
              {t.done}
            </Button>
          )}
        </Stack>
      </DialogActions>
      <SuccessPopup message={popup ? t.updated : null} onClose={() => setPopup(false)} />
      <SuccessPopup message={emailChanged ? t.emailChanged(emailChanged) : null} onClose={() => setEmailChanged(null)} />
      <ChangeEmailDialog
        email={changingEmail ? userEmail : null}
        onClose={() => setChangingEmail(false)}
        onChanged={(next) => {
          setChangingEmail(false);
          setEmail(next);
          setEmailChanged(next);
          onUsersChanged?.();
        }}
      />
      <ConfirmDialog
        open={confirmingEmpty}
        title={t.saveNoPropertiesTitle}
        text={editor.selectedCustomerIds.length ? t.saveNoPropertiesText(userEmail ?? '') : t.saveNoCustomersText(userEmail ?? '')}
        confirmLabel={t.saveAnyway}
        cancelLabel={t.goBack}
        onConfirm={saveAssignments}
        onCancel={() => setConfirmingEmpty(false)}
      />
      <RemoveUsersDialog open={removeOpen} onClose={() => setRemoveOpen(false)} onUsersChanged={onUsersChanged} />
    </>
  );
}
