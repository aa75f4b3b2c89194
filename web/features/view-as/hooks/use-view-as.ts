import { useCallback, useState } from 'react';
import { VIEW_AS_KEY } from '../../../lib/session-storage';
import { recordViewAs } from '../api/record-view-as';

/**
 * The customer user an administrator is viewing the portal as (null: their own view). Each choice is
 * audited; it is kept for this tab, so a reload stays on the same view (signing out forgets it).
 */
export function useViewAs() {
  const [viewedEmail, setViewedEmail] = useState<string | null>(() => sessionStorage.getItem(VIEW_AS_KEY));
  const chooseUser = useCallback((email: string | null) => {
    setViewedEmail(email);
    if (email) sessionStorage.setItem(VIEW_AS_KEY, email);
    else sessionStorage.removeItem(VIEW_AS_KEY);
    if (email) void recordViewAs(email);
  }, []);
  return { viewedEmail, chooseUser };
}
