import { TOKEN_KEY } from './api-client';

/** Browser storage of spec section 3: token and isAdmin in local storage, the logged-in flag per browser session. */
export const IS_ADMIN_KEY = 'isAdmin';
export const LOGGED_IN_KEY = 'isLoggedIn';
/** Beyond the spec: the customer user an administrator views the portal as, in this tab (kept across a reload). */
export const VIEW_AS_KEY = 'portal:view-as';

export function storeSession(token: string, isAdmin: boolean) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(IS_ADMIN_KEY, String(isAdmin));
  sessionStorage.setItem(LOGGED_IN_KEY, 'true');
}

export function clearStoredSession() {
  sessionStorage.removeItem(LOGGED_IN_KEY);
  sessionStorage.removeItem(VIEW_AS_KEY);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(IS_ADMIN_KEY);
}

export const storedIsAdmin = () => localStorage.getItem(IS_ADMIN_KEY) === 'true';

/** Beyond the spec: why the last session of this tab ended, shown once on the log-in page. */
/** `loggedOut`: the user chose Log out (Log In then starts at /home, not where they were). */
export type SignOutReason = 'idle' | 'expired' | 'passwordChanged' | 'loggedOut';
const REASONS: readonly string[] = ['idle', 'expired', 'passwordChanged', 'loggedOut'];
const SIGNED_OUT_KEY = 'portal:signed-out';

export function noteSignOutReason(reason: SignOutReason) {
  sessionStorage.setItem(SIGNED_OUT_KEY, reason);
}

/** The reason noted at the last sign-out of this tab, forgotten once read. */
export function takeSignOutReason(): SignOutReason | null {
  const reason = sessionStorage.getItem(SIGNED_OUT_KEY);
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  return reason !== null && REASONS.includes(reason) ? (reason as SignOutReason) : null;
}

/** The reason noted at the last sign-out of this tab, left for the log-in page to take. */
export function peekSignOutReason(): SignOutReason | null {
  const reason = sessionStorage.getItem(SIGNED_OUT_KEY);
  return reason !== null && REASONS.includes(reason) ? (reason as SignOutReason) : null;
}

/** Beyond the spec: the users of this browser who have opened Analytics (its NEW badge retires for them). */
const ANALYTICS_SEEN_KEY = 'portal:analytics-seen';

/** The emails of this browser's users who have opened Analytics (an unreadable entry: none). */
function analyticsSeenList(): string[] {
  try {
    const seen = JSON.parse(localStorage.getItem(ANALYTICS_SEEN_KEY) ?? '[]') as unknown;
    return Array.isArray(seen) ? seen.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

export const analyticsSeenBy = (email: string): boolean => analyticsSeenList().includes(email.toLowerCase());

export function noteAnalyticsSeen(email: string) {
  const seen = analyticsSeenList();
  if (!seen.includes(email.toLowerCase())) localStorage.setItem(ANALYTICS_SEEN_KEY, JSON.stringify([...seen, email.toLowerCase()].slice(-50)));
}
