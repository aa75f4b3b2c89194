import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useAllCustomers } from '../api/get-all-customers';
import { useCustomerProperties } from '../api/get-customer-properties';
import { useUserCustomers, type Entry } from '../api/get-user-customers';
import { useUserProperties } from '../api/get-user-properties';
import type { PortalUser } from '../api/get-users';
import { useCustomerUsers } from '../hooks/use-customer-users';
import { useSaveAssignments } from '../hooks/use-save-assignments';
import { usersText as t } from '../strings';
import type { UserDialogProps } from './create-user-dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { ChangeEmailDialog } from './change-email-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { RemoveUsersDialog } from './remove-users-dialog';
import { SearchChecklist } from './search-checklist';
import { SelectedChips } from './selected-chips';
import { titleCase } from '../../../components/text/display-name';
import { SuccessPopup } from '../../../components/ui/success-popup';

/** Edit User Customers and Properties (administrators), with the way into Remove Users. */
export function EditUserDialog({ open, onClose, onUsersChanged }: UserDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="edit-user-title">
      <DialogHeading id="edit-user-title" title={t.editTitle} closeLabel={t.close} onClose={onClose} />
      {open && <EditUserForm onClose={onClose} onUsersChanged={onUsersChanged} />}
    </Dialog>
  );
}

function EditUserForm({ onClose, onUsersChanged }: Omit<UserDialogProps, 'open'>) {
  const users = useCustomerUsers();
  const [email, setEmail] = useState<string | null>(null);
  // null: untouched, so the user's assigned items are shown.
  const [customerIds, setCustomerIds] = useState<string[] | null>(null);
  const [propertyIds, setPropertyIds] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [popup, setPopup] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  const [emailChanged, setEmailChanged] = useState<string | null>(null);

  // A user removed meanwhile (in Remove Users) is no longer selected.
  const user: PortalUser | null = users.list.find((u) => u.EMAIL === email) ?? null;
  const userEmail = user?.EMAIL ?? null;
  const allCustomers = useAllCustomers(!!userEmail);
  const assignedCustomers = useUserCustomers(userEmail);
  const assignedProperties = useUserProperties(userEmail);

  const selectedCustomerIds = customerIds ?? (assignedCustomers.data ?? []).map((c) => c.ID);
  const available = useCustomerProperties(userEmail ? selectedCustomerIds : []);
  const availableProperties = selectedCustomerIds.length ? (available.data ?? []) : [];
  const availableIds = new Set(availableProperties.map((p) => p.ID));
  const wantedPropertyIds = propertyIds ?? (assignedProperties.data ?? []).map((p) => p.ID);
  // With the customers' properties known, a property of a customer no longer chosen drops out.
  const selectedPropertyIds =
    selectedCustomerIds.length === 0 ? [] : available.isSuccess ? wantedPropertyIds.filter((id) => availableIds.has(id)) : wantedPropertyIds;

  // A customer ticked here brings all its properties selected, as in Create User; the properties
  // listed when the user was chosen keep their assignment as it is.
  const listed = useRef<ReadonlySet<string> | null>(null);
  const settled = !!userEmail && assignedCustomers.isSuccess && assignedProperties.isSuccess && !available.isPlaceholderData && !available.isFetching;
  useEffect(() => {
    if (!settled) return;
    const ids = availableProperties.map((p) => p.ID);
    const before = listed.current;
    listed.current = new Set(ids);
    if (!before) return;
    const fresh = ids.filter((id) => !before.has(id));
    if (fresh.length) setPropertyIds([...new Set([...selectedPropertyIds, ...fresh])]);
    // selectedPropertyIds is read as it is when new properties arrive; it is not a trigger.
  }, [settled, available.data, selectedCustomerIds.length]);
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);

  const customerNames = new Map<string, string>([
    ...(assignedCustomers.data ?? []).map((c): [string, string] => [c.ID, c.NAME]),
    ...(allCustomers.data ?? []).map((c): [string, string] => [c.ID, c.NAME]),
  ]);
  const propertyNames = new Map<string, string>([
    ...(assignedProperties.data ?? []).map((p): [string, string] => [p.ID, p.NAME]),
    ...availableProperties.map((p): [string, string] => [p.ID, p.NAME]),
  ]);
  const save = useSaveAssignments();

  const errors: string[] = [
    users.isError && t.fetchUsersFailed,
    allCustomers.isError && t.fetchCustomersFailed,
    available.isError && selectedCustomerIds.length > 0 && t.fetchPropertiesFailed,
    (assignedCustomers.isError || assignedProperties.isError) && t.fetchAssignedFailed,
  ].filter((e) => typeof e === 'string');

  function handleUserChange(next: PortalUser | null) {
    listed.current = null;
    setEmail(next?.EMAIL ?? null);
    setCustomerIds(null);
    setPropertyIds(null);
    setMessage(null);
    setSaved(false);
  }

  function toggle(list: string[], id: string) {
    return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
  }

  function handleSave() {
    if (!userEmail) {
      setMessage(t.noUserSelected);
      return;
    }
    // A customer account left with no property would see nothing: asked first (beyond the spec).
    if (selectedPropertyIds.length === 0) setConfirmingEmpty(true);
    else saveAssignments();
  }

  function saveAssignments() {
    setConfirmingEmpty(false);
    if (!userEmail) return;
    setMessage(null);
    const customers: Entry[] = selectedCustomerIds.map((ID) => ({ ID, NAME: customerNames.get(ID) ?? ID }));
    const properties: Entry[] = selectedPropertyIds.map((ID) => ({ ID, NAME: propertyNames.get(ID) ?? ID }));
    save.mutate(
      { email: userEmail, customers, properties },
      {
        onSuccess: () => {
          setCustomerIds(null);
          setPropertyIds(null);
          setSaved(true);
          setPopup(true);
          onUsersChanged?.();
        },
        onError: () => setMessage(t.updateFailed),
      },
    );
  }

  const busy = save.isPending;
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
            onChange={(_e, next) => handleUserChange(next)}
            renderInput={(params) => <TextField {...params} label={t.user} placeholder={t.searchUserEmail} />}
          />
          {userEmail && (
            <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
              <Button size="small" onClick={() => setChangingEmail(true)} disabled={busy}>
                {t.changeEmail}
              </Button>
            </Stack>
          )}
          <Stack direction="row" spacing={2}>
            <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
              <SearchChecklist
                label={t.customers}
                searchLabel={t.searchCustomers}
                items={(allCustomers.data ?? []).map((c) => ({ id: c.ID, primary: titleCase(c.NAME) }))}
                selected={new Set(selectedCustomerIds)}
                onToggle={(id) => {
                  setCustomerIds(toggle(selectedCustomerIds, id));
                  setSaved(false);
                }}
                emptyText={!userEmail ? t.chooseUserFirst : allCustomers.isPending ? t.loading : t.noCustomers}
                disabled={!userEmail || busy}
              />
              <SelectedChips
                label={t.selectedCustomers}
                items={selectedCustomerIds.map((id) => ({ id, name: titleCase(customerNames.get(id) ?? id) }))}
                onRemove={(id) => setCustomerIds(selectedCustomerIds.filter((x) => x !== id))}
                disabled={busy}
              />
            </Stack>
            <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
              <SearchChecklist
                label={t.properties}
                searchLabel={t.searchProperties}
                items={availableProperties.map((p) => ({ id: p.ID, primary: p.NAME, secondary: p.PROPERTY_TYPE ?? undefined }))}
                selected={new Set(selectedPropertyIds)}
                onToggle={(id) => {
                  setPropertyIds(toggle(selectedPropertyIds, id));
                  setSaved(false);
                }}
                emptyText={!userEmail ? t.chooseUserFirst : selectedCustomerIds.length && available.isFetching ? t.loading : t.noProperties}
                disabled={!userEmail || busy}
              />
              <SelectedChips
                label={t.selectedProperties}
                items={selectedPropertyIds.map((id) => ({ id, name: propertyNames.get(id) ?? id }))}
                onRemove={(id) => setPropertyIds(selectedPropertyIds.filter((x) => x !== id))}
                disabled={busy}
              />
            </Stack>
          </Stack>
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
          <Button variant="contained" onClick={handleSave} disabled={busy}>
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
        text={selectedCustomerIds.length ? t.saveNoPropertiesText(userEmail ?? '') : t.saveNoCustomersText(userEmail ?? '')}
        confirmLabel={t.saveAnyway}
        cancelLabel={t.goBack}
        onConfirm={saveAssignments}
        onCancel={() => setConfirmingEmpty(false)}
      />
      <RemoveUsersDialog open={removeOpen} onClose={() => setRemoveOpen(false)} onUsersChanged={onUsersChanged} />
    </>
  );
}
