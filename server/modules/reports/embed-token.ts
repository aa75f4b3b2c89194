import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.js';

/** What a built-in host page may show: whose view, which page, and the scope at signing time. */
export interface EmbedClaims {
  /** The viewed user's id and email. */
  uid: number;
  sub: string;
  /** The built-in page (/embed/<page>). */
  page: string;
  /** true only for an administrator's own view: every customer (narrowed by p/c when given). */
  all: boolean;
  /** Customer and property ids the page may show (for `all`, an optional narrowing; empty = none). */
  c: string[];
  p: string[];
  exp: number;
}

const ISSUER = 'customer-portal';
const AUDIENCE = 'portal-embed';

/** The host's own key, derived from JWT_SECRET, so an embed token can never pass as a session token. */
const embedKey = (config: Pick<Config, 'jwtSecret'>) => createHmac('sha256', config.jwtSecret).update('portal-embed-token-v1').digest();

/** Signs a built-in host frame token (default lifetime EMBED_TOKEN_TTL, one hour). */
export async function signEmbedToken(
  config: Pick<Config, 'jwtSecret' | 'reports'>,
  claims: Omit<EmbedClaims, 'exp'>,
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const exp = Math.floor(now / 1000) + config.reports.embedTokenTtlSeconds;
  const { sub, ...rest } = claims;
  const token = await new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .sign(embedKey(config));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Verifies an embed token (signature, issuer, audience, expiry, shape); null when anything is wrong. */
export async function verifyEmbedToken(config: Pick<Config, 'jwtSecret'>, token: string): Promise<EmbedClaims | null> {
  try {
    const { payload: p } = await jwtVerify(token, embedKey(config), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
    if (typeof p.uid !== 'number' || typeof p.sub !== 'string' || typeof p.page !== 'string' || typeof p.all !== 'boolean') return null;
    if (!strings(p.c) || !strings(p.p) || typeof p.exp !== 'number') return null;
    return { uid: p.uid, sub: p.sub, page: p.page, all: p.all, c: p.c as string[], p: p.p as string[], exp: p.exp };
  } catch {
    return null;
  }
}
