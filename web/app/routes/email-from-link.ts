import { useState } from 'react';

/**
 * The email a mail's link carries in its fragment (`#email=...`, beyond the spec), read once; the
 * fragment is then taken out of the address bar. A fragment never reaches a server or its logs.
 */
export function useEmailFromLink(): string {
  const [email] = useState(() => {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const found = params.get('email') ?? '';
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return /^[^@\s]+@[^@\s]+$/.test(found) ? found : '';
  });
  return email;
}
