import { useCallback, useState } from 'react';
import { recordViewAs } from '../api/record-view-as';

/** The customer user an administrator is viewing the portal as (null: their own view). Each choice is audited. */
export function useViewAs() {
  const [viewedEmail, setViewedEmail] = useState<string | null>(null);
  const chooseUser = useCallback((email: string | null) => {
    setViewedEmail(email);
    if (email) void recordViewAs(email);
  }, []);
  return { viewedEmail, chooseUser };
}
