import { useEffect, useState } from 'react';

/** The email in a `#email=...` fragment, or '' when there is none or it is not an address. */
export function emailInFragment(hash: string): string {
  const found = new URLSearchParams(hash.replace(/^#/, '')).get('email') ?? '';
  return /^[^@\s]+@[^@\s]+$/.test(found) ? found : '';
}

/**
 * The email a mail's link carries in its fragment (`#email=...`, beyond the spec), read once; the
 * fragment is then taken out of the address bar. A fragment never reaches a server or its logs.
 *
 * The address bar is changed after the first commit, not while rendering: a first render that a lazy
 * child suspends is thrown away with its state, and the render that follows must still find the
 * fragment (it once came back empty when the chunk was slow).
 */
export function useEmailFromLink(): string {
  const [email] = useState(() => emailInFragment(window.location.hash));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  return email;
}
