import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { abortSessionCalls, getToken, setUnauthorizedHandler, TOKEN_KEY } from './api-client';
import { refreshIdToken, revokeSession } from './cognito';
import { endOfSession } from './session-end';
import { publicConfig } from './public-config';
import { clearStoredSession, LOGGED_IN_KEY, noteSignOutReason, storedIsAdmin, storeSession, type SignOutReason } from './session-storage';
import { decodeJwt, isAdministrator, isExpired, refreshDelayMs, type TokenClaims } from './token';

export interface Session {
  token: string;
  claims: TokenClaims;
  isAdmin: boolean;
}

interface SessionContextValue {
  session: Session | null;
  /**
   * Stores the token and the computed isAdmin; null (and nothing stored) when the token cannot be
   * read, or belongs to an account that must set up its authenticator app first (mfa '0').
   */
  signIn(token: string, staffDomains: readonly string[]): Session | null;
  /** Ends the session; a reason (idle, expired) is shown once on the log-in page. */
  signOut(reason?: SignOutReason): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** On load: a stored token that is expired or malformed signs out; no token means not signed in. */
function readStoredSession(): Session | null {
  const token = getToken();
  if (!token) return null;
  const claims = decodeJwt(token);
  if (!claims || isExpired(claims)) {
    clearStoredSession();
    return null;
  }
  sessionStorage.setItem(LOGGED_IN_KEY, 'true');
  return { token, claims, isAdmin: storedIsAdmin() };
}

const MAX_TIMER_MS = 2_147_483_647;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(readStoredSession);

  const signOut = useCallback((reason?: SignOutReason, opts: { accountRemoved?: boolean } = {}) => {
    const hadToken = getToken() !== null;
    clearStoredSession();
    abortSessionCalls();
    if (reason && hadToken) noteSignOutReason(reason);
    setSession(null);
    endOfSession();
    // The refresh token must not outlive the session. Another tab that signed out first has revoked it
    // already; a removed account's tokens went with it in the pool, which would refuse the call (400).
    if (hadToken)
      void revokeSession({ remote: !opts.accountRemoved }).catch((error: unknown) =>
        console.warn('Could not revoke the refresh token:', error instanceof Error ? error.message : String(error)),
      );
  }, []);

  const signIn = useCallback((token: string, staffDomains: readonly string[]) => {
    const claims = decodeJwt(token);
    if (!claims || claims.mfa === '0') return null;
    const next = { token, claims, isAdmin: isAdministrator(claims, staffDomains) };
    storeSession(token, next.isAdmin);
    setSession(next);
    return next;
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(({ accountRemoved }) => signOut('expired', { accountRemoved }));
    return () => setUnauthorizedHandler(() => {});
  }, [signOut]);

  // Signing out (or in) in one tab does the same in every other tab of this browser.
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (!getToken()) {
        if (session) signOut();
      } else if (!session || session.token !== getToken()) {
        setSession(readStoredSession());
      }
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [session, signOut]);

  // Before the ID token expires it is replaced silently through the refresh token. Only a signed-in
  // user has a timer, and the idle sign-out ends the session of one who is not active.
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void refreshIdToken()
        .catch(() => null)
        .then((token) => {
          // Signed out, or another tab refreshed first, meanwhile: nothing to do.
          if (cancelled || !token || getToken() !== session.token) return;
          // The password changed since this session began (a reset elsewhere), or the account's
          // authenticator app was turned off: it ends here.
          const fresh = decodeJwt(token);
          if (fresh?.tva !== session.claims.tva || fresh.mfa === '0') return signOut('expired');
          signIn(token, publicConfig().staffDomains);
        });
    }, Math.min(MAX_TIMER_MS, refreshDelayMs(session.claims)));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [session, signIn, signOut]);

  // A token that expires while the page is open (the refresh failed) signs out at that moment.
  useEffect(() => {
    if (!session) return;
    const timer = setTimeout(() => signOut('expired'), Math.min(MAX_TIMER_MS, Math.max(0, session.claims.exp * 1000 - Date.now())));
    return () => clearTimeout(timer);
  }, [session, signOut]);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
