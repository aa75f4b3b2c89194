/** Reading the session token on the client. The server verifies it; here it only decides what to show. */

export interface TokenClaims {
  email: string;
  name: string;
  /** Seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch (absent in tokens that lack it). */
  iat: number | null;
  /** The account's tokensValidAfter when the token was issued (a password change moves it on). */
  tva: string | null;
  BUILDOPS_CUSTOMER_ID: string[];
  /** The account's id: a uuid string in Cognito's ID token (older tokens carried a number). */
  userId: string | null;
  /** The user pool groups (`cognito:groups`): administrators are in `staff`. */
  groups: string[];
  emailVerified: boolean;
  /**
   * '1' when the account's authenticator app is set up, '0' when the account must set one up before
   * anything else (administrators), null when the account needs none.
   */
  mfa: string | null;
}

/** The user pool group of the provider's staff (lambdas/shared/resources/definitions.ts userPool.staffGroup). */
export const STAFF_GROUP = 'staff';

/**
 * An administrator, as the API decides it: in the staff group, with a verified email in a staff
 * domain. (The client only hides; every administrator route checks the same on the server.)
 */
export function isAdministrator(claims: Pick<TokenClaims, 'email' | 'groups' | 'emailVerified'>, staffDomains: readonly string[]): boolean {
  return claims.groups.includes(STAFF_GROUP) && claims.emailVerified && emailInDomains(claims.email, staffDomains);
}

/** base64url (no padding) to text, as UTF-8; throws when it is not base64. */
export function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes a JWT's payload without verifying it; logs 'Failed to decode JWT:' and yields null when it cannot. */
export function decodeJwt(token: string): TokenClaims | null {
  try {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts[1]) throw new Error('not a JWT');
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object') throw new Error('payload is not an object');
    const p = payload as Record<string, unknown>;
    if (typeof p.exp !== 'number' || typeof p.email !== 'string') throw new Error('payload lacks exp or email');
    const ids = p.BUILDOPS_CUSTOMER_ID;
    return {
      email: p.email,
      name: typeof p.name === 'string' ? p.name : p.email,
      exp: p.exp,
      iat: typeof p.iat === 'number' ? p.iat : null,
      tva: typeof p.tva === 'string' ? p.tva : null,
      // The spec allows one id or a list; the first item is used.
      BUILDOPS_CUSTOMER_ID: Array.isArray(ids) ? ids.map(String) : ids == null || ids === '' ? [] : [String(ids)],
      userId: typeof p.userId === 'string' && p.userId !== '' ? p.userId : typeof p.userId === 'number' ? String(p.userId) : null,
      groups: Array.isArray(p['cognito:groups']) ? p['cognito:groups'].map(String) : [],
      emailVerified: p.email_verified === true || p.email_verified === 'true',
      mfa: typeof p.mfa === 'string' ? p.mfa : null,
    };
  } catch (error) {
    console.error('Failed to decode JWT:', error);
    return null;
  }
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}

/** True when the email's domain is one of the given domains (case-insensitive). */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).trim().toLowerCase();
  return domains.some((d) => d.trim().toLowerCase() === domain);
}

/** At most this long before expiry the ID token is refreshed. */
const REFRESH_LEAD_MAX_MS = 120_000;

/**
 * When to refresh a token silently: two minutes before it expires, or a quarter of its lifetime
 * before when it lives less than eight minutes (short-lived tokens of tests); now if that is past.
 */
export function refreshDelayMs(claims: Pick<TokenClaims, 'exp' | 'iat'>, nowMs = Date.now()): number {
  const expMs = claims.exp * 1000;
  const lifetimeMs = claims.iat === null ? Infinity : expMs - claims.iat * 1000;
  const lead = Math.min(REFRESH_LEAD_MAX_MS, lifetimeMs / 4);
  return Math.max(0, expMs - lead - nowMs);
}
