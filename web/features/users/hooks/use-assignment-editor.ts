import { useState } from 'react';
import { forgetGroup, fromIds, resolve, type Selection } from '../../../components/pickers/property-selection';
import { useAllCustomers } from '../api/get-all-customers';
import { useCustomerProperties } from '../api/get-customer-properties';
import { useUserCustomers, type Entry } from '../api/get-user-customers';
import { useUserProperties } from '../api/get-user-properties';
import { pickerOptions } from '../picker-options';
import { usersText as t } from '../strings';
import { useSaveAssignments } from './use-save-assignments';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * One user's customer and property assignments as an administrator edits them (Edit User and the
 * user list's detail view): spec section 4's Edit User rules. Choosing the user loads all customers,
 * their assigned customers and properties; changing the customers reloads the available properties
 * (none with no customer); save runs the customer update, then the property update. The properties
 * are picked by the one picker's rules (web/components/pickers): a customer newly ticked starts at
 * All; a customer assigned before reads back as its saved properties (All when it has every one).
 */
export function useAssignmentEditor(userEmail: string | null) {
  // null: untouched, so the user's assigned customers are shown.
  const [customerIds, setCustomerIds] = useState<string[] | null>(null);
  // The administrator's clicks, by customer, over the saved assignment.
  const [edits, setEdits] = useState<Selection>({});
  const allCustomers = useAllCustomers(!!userEmail);
  const assignedCustomers = useUserCustomers(userEmail);
  const assignedProperties = useUserProperties(userEmail);

  const savedCustomerIds = (assignedCustomers.data ?? []).map((c) => c.ID);
  const savedPropertyIds = (assignedProperties.data ?? []).map((p) => p.ID);
  const selectedCustomerIds = customerIds ?? savedCustomerIds;
  const available = useCustomerProperties(userEmail ? selectedCustomerIds : []);

  const customerNames = new Map<string, string>([
    ...(assignedCustomers.data ?? []).map((c): [string, string] => [c.ID, c.NAME]),
    ...(allCustomers.data ?? []).map((c): [string, string] => [c.ID, c.NAME]),
  ]);
  const chosenCustomers = selectedCustomerIds.map((ID) => ({ ID, NAME: customerNames.get(ID) ?? ID }));
  const options = selectedCustomerIds.length ? pickerOptions(available.data ?? [], chosenCustomers) : [];
  // The saved assignment, for the customers it covers; any other customer is at its default, All.
  const saved = fromIds(
    options.filter((o) => savedCustomerIds.includes(o.groupId)),
    savedPropertyIds,
  );
  const selection: Selection = { ...saved, ...edits };
  const loaded = !!userEmail && assignedCustomers.isSuccess && assignedProperties.isSuccess;
  // Until the chosen customers' properties are in, the saved ids stand (nothing is resolved over a stale list).
  const settled = loaded && (selectedCustomerIds.length === 0 || (available.isSuccess && !available.isPlaceholderData && !available.isFetching));
  const selectedPropertyIds = selectedCustomerIds.length === 0 ? [] : settled ? resolve(selection, options) : savedPropertyIds;

  const propertyNames = new Map<string, string>([
    ...(assignedProperties.data ?? []).map((p): [string, string] => [p.ID, p.NAME]),
    ...options.map((o): [string, string] => [o.id, o.name]),
  ]);
  const save = useSaveAssignments();
  const dirty = loaded && (!sameSet(selectedCustomerIds, savedCustomerIds) || !sameSet(selectedPropertyIds, savedPropertyIds));

  const errors: string[] = [
    allCustomers.isError && t.fetchCustomersFailed,
    available.isError && selectedCustomerIds.length > 0 && t.fetchPropertiesFailed,
    (assignedCustomers.isError || assignedProperties.isError) && t.fetchAssignedFailed,
  ].filter((e) => typeof e === 'string');

  function setCustomers(next: string[]) {
    // A customer taken out forgets the clicks made in it.
    const dropped = selectedCustomerIds.filter((id) => !next.includes(id));
    setEdits((e) => dropped.reduce(forgetGroup, e));
    setCustomerIds(next);
  }

  /** Back to the user's saved assignments (another user chosen, or a save done). */
  function reset() {
    setCustomerIds(null);
    setEdits({});
  }

  /** What a save sends: the customers, then the properties, with their names. */
  function payload(): { customers: Entry[]; properties: Entry[] } {
    return {
      customers: selectedCustomerIds.map((ID) => ({ ID, NAME: customerNames.get(ID) ?? ID })),
      properties: selectedPropertyIds.map((ID) => ({ ID, NAME: propertyNames.get(ID) ?? ID })),
    };
  }

  /** Saves the selection; the caller asks first when it leaves the user with no property. */
  function saveSelection(callbacks: { onSuccess(): void; onError(): void }) {
    if (!userEmail) return;
    save.mutate(
      { email: userEmail, ...payload() },
      {
        onSuccess: () => {
          reset();
          callbacks.onSuccess();
        },
        onError: callbacks.onError,
      },
    );
  }

  return {
    userEmail,
    allCustomers,
    available,
    options,
    selection,
    setSelection: setEdits,
    selectedCustomerIds,
    selectedPropertyIds,
    customerNames,
    propertyNames,
    errors,
    /** The selection differs from what is saved. */
    dirty,
    /** The chosen customers' properties are in, so a save sends what is shown. */
    settled,
    busy: save.isPending,
    toggleCustomer: (id: string) => setCustomers(selectedCustomerIds.includes(id) ? selectedCustomerIds.filter((x) => x !== id) : [...selectedCustomerIds, id]),
    removeCustomer: (id: string) => setCustomers(selectedCustomerIds.filter((x) => x !== id)),
    reset,
    payload,
    saveSelection,
  };
}

export type AssignmentEditor = ReturnType<typeof useAssignmentEditor>;
