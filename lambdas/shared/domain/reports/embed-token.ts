/**
 * The built-in report host's frame tokens: JWTs (HS256) signed with the host's own key from
 * Secrets Manager (`readSecret('embed')`), so a Cognito token can never pass as one and the other
 * way round. Audience `portal-embed`, lifetime `EMBED_TOKEN_TTL` (seconds, or 15m / 1h / 1d;
 * default one hour).
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { readSecret } from '../../platform/secrets.js';

/** What a built-in page may show: whose view, which page, and the scope at signing time. */
export interface EmbedClaims {
  /** The viewed user's id and email. */
  uid: string;
  sub: string;
  /**
   * The viewed user's key in the users table (Cognito's sub), so the row is read by key in the same
   * request as the report's index; absent in tokens signed before it was added (read by email).
   */
  acct?: string;
  /** The built-in page (/embed/<page>). */
  page: string;
  /** true only for an administrator's own view: every customer (narrowed by p/c when given). */
  all: boolean;
  /** Customer and property ids the page may show (for `all`, an optional narrowing; empty = none). */
  c: string[];
  p: string[];
  /** The chosen period's first and last day (YYYY-MM-DD, UTC, both included); absent: no period. */
  df?: string;
  dt?: string;
  exp: number;
}

export const EMBED_ISSUER = 'customer-portal';
export const EMBED_AUDIENCE = 'portal-embed';

/** EMBED_TOKEN_TTL in seconds: a number of seconds or 15m, 12h, 7d; default 3600. */
export function embedTokenSeconds(value = process.env.EMBED_TOKEN_TTL): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec((value ?? '').trim());
  if (!m) return 3600;
  const n = Number(m[1]) * ({ '': 1, s: 1, m: 60, h: 3600, d: 86400 } as Record<string, number>)[m[2] ?? '']!;
  return n > 0 ? n : 3600;
}

const key = async () => new TextEncoder().encode(await readSecret('embed'));

/** Signs a built-in frame token. */
export async function signEmbedToken(claims: Omit<EmbedClaims, 'exp'>, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + embedTokenSeconds();
  const { sub, ...rest } = claims;
  const token = await new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(EMBED_ISSUER)
    .setAudience(EMBED_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await key());
  return { token, expiresAt: new Date(exp * 1000) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string => typeof v === 'string' && DATE.test(v);
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Verifies an embed token (signature, issuer, audience, expiry, shape); null when anything is wrong. */
export async function verifyEmbedToken(token: string): Promise<EmbedClaims | null> {
  // A key that cannot be read is the portal's fault, not the link's: that stays an error (500).
  const k = await key();
  let p;
  try {
    ({ payload: p } = await jwtVerify(token, k, { issuer: EMBED_ISSUER, audience: EMBED_AUDIENCE, algorithms: ['HS256'] }));
  } catch {
    return null;
  }
  if (typeof p.uid !== 'string' || typeof p.sub !== 'string' || typeof p.page !== 'string' || typeof p.all !== 'boolean') return null;
  if (!strings(p.c) || !strings(p.p) || typeof p.exp !== 'number') return null;
  if (p.acct !== undefined && (typeof p.acct !== 'string' || !p.acct)) return null;
  if ((p.df !== undefined || p.dt !== undefined) && !(isDate(p.df) && isDate(p.dt) && p.df <= p.dt)) return null;
  const period = isDate(p.df) && isDate(p.dt) ? { df: p.df, dt: p.dt } : {};
  return { uid: p.uid, sub: p.sub, ...(p.acct ? { acct: p.acct } : {}), page: p.page, all: p.all, c: p.c, p: p.p, ...period, exp: p.exp };
}
