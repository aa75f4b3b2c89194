import { useMemo } from 'react';
import { useStaffDomains } from '../api/get-public-config';
import { useUsers } from '../api/get-users';
import { isStaffEmail } from '../staff';

/** The non-staff users (spec section 5): the only ones whose assignments mean anything. */
export function useCustomerUsers(enabled = true) {
  const users = useUsers(enabled);
  const staffDomains = useStaffDomains();
  const list = useMemo(
    () => (users.data ?? []).filter((u) => !isStaffEmail(u.EMAIL, staffDomains.data ?? [])),
    [users.data, staffDomains.data],
  );
  return { ...users, list };
}
