import { useEffect, useRef, useState } from 'react';
import { useAllCustomers } from '../api/get-all-customers';
import { useCustomerProperties } from '../api/get-customer-properties';
import { useUserCustomers, type Entry } from '../api/get-user-customers';
import { useUserProperties } from '../api/get-user-properties';
import { usersText as t } from '../strings';
import { useSaveAssignments } from './use-save-assignments';

/**
 * One user's customer and property assignments as an administrator edits them (Edit User and the
 * user list's detail view): spec section 4's Edit User rules. Choosing the user loads all customers,
 * their assigned customers and properties; changing the customers reloads the available properties
 * (none with no customer); save runs the customer update, then the property update.
 */
export function useAssignmentEditor(userEmail: string | null) {
  // null: untouched, so the user's assigned items are shown.
  const [customerIds, setCustomerIds] = useState<string[] | null>(null);
  const [propertyIds, setPropertyIds] = useState<string[] | null>(null);
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
    allCustomers.isError && t.fetchCustomersFailed,
    available.isError && selectedCustomerIds.length > 0 && t.fetchPropertiesFailed,
    (assignedCustomers.isError || assignedProperties.isError) && t.fetchAssignedFailed,
  ].filter((e) => typeof e === 'string');

  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  /** Back to the user's saved assignments (another user chosen, or a save done). */
  function reset() {
    listed.current = null;
    setCustomerIds(null);
    setPropertyIds(null);
  }

  /** Saves the selection; the caller asks first when it leaves the user with no property. */
  function saveSelection(callbacks: { onSuccess(): void; onError(): void }) {
    if (!userEmail) return;
    const customers: Entry[] = selectedCustomerIds.map((ID) => ({ ID, NAME: customerNames.get(ID) ?? ID }));
    const properties: Entry[] = selectedPropertyIds.map((ID) => ({ ID, NAME: propertyNames.get(ID) ?? ID }));
    save.mutate(
      { email: userEmail, customers, properties },
      {
        onSuccess: () => {
          setCustomerIds(null);
          setPropertyIds(null);
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
    availableProperties,
    selectedCustomerIds,
    selectedPropertyIds,
    customerNames,
    propertyNames,
    errors,
    busy: save.isPending,
    toggleCustomer: (id: string) => setCustomerIds(toggle(selectedCustomerIds, id)),
    toggleProperty: (id: string) => setPropertyIds(toggle(selectedPropertyIds, id)),
    removeCustomer: (id: string) => setCustomerIds(selectedCustomerIds.filter((x) => x !== id)),
    removeProperty: (id: string) => setPropertyIds(selectedPropertyIds.filter((x) => x !== id)),
    reset,
    saveSelection,
  };
}

export type AssignmentEditor = ReturnType<typeof useAssignmentEditor>;
