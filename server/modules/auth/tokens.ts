import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.js';

export interface SessionClaims {
  email: string;
  name: string;
  exp: number;
  BUILDOPS_CUSTOMER_ID: string[];
  userId: number;
  /** The user's token version when signed: a password reset or removal moves it on. */
  tv: number;
}

const key = (config: Pick<Config, 'jwtSecret'>) => new TextEncoder().encode(config.jwtSecret);
const ISSUER = 'customer-portal';
const AUDIENCE = 'portal-api';

/** Signs the session token of spec section 3 (email, name, exp, BUILDOPS_CUSTOMER_ID, userId). */
export async function signSessionToken(
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>,
  claims: Omit<SessionClaims, 'exp'>,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(Date.now() / 1000) + config.tokenTtlSeconds)
    .sign(key(config));
}

// Tokens whose signature was already checked, per secret. A token's bytes never change, so the
// check need not be repeated on every request; expiry is still checked each time, and the user's
// row (existence, token version) is still read by the authentication hook on every request.
const verified = new Map<string, SessionClaims>();
const VERIFIED_MAX = 10_000;

/** Verifies signature, issuer, audience and expiry; null when anything is wrong. */
export async function verifySessionToken(config: Pick<Config, 'jwtSecret'>, token: string): Promise<SessionClaims | null> {
  const cacheKey = `${config.jwtSecret}\u0000${token}`;
  const known = verified.get(cacheKey);
  if (known) return known.exp * 1000 > Date.now() ? known : null;
  try {
    const { payload } = await jwtVerify(token, key(config), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.userId !== 'number' || typeof payload.email !== 'string' || typeof payload.tv !== 'number') return null;
    const claims = payload as unknown as SessionClaims;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, claims);
    return claims;
  } catch {
    return null;
  }
}
