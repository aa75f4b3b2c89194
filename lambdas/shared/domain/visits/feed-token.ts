/**
 * The calendar feed's token, the last part of its address: `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`,
 * payload `{ v: 1, p: 'calendar', sub, n: <the feed's nonce> }`. As the unsubscribe link's
 * (../notifications/unsubscribe-token.ts), its key is derived from the report host's signing
 * secret under its own label, so no other token of the portal is one; the secret never leaves the
 * functions. A token is good while the account's row still holds its nonce (`calendarFeed.nonce`):
 * regenerating the link writes a new nonce, turning the feed off removes it, and the old address
 * then answers 404 like any forged one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { oncePerContainer } from '../../platform/container.js';
import { readSecret } from '../../platform/secrets.js';

export interface FeedClaims {
  sub: string;
  nonce: string;
}

const LABEL = 'customer-portal calendar feed v1';
const key = oncePerContainer(() => readSecret('embed').then((secret) => createHmac('sha256', secret).update(LABEL).digest()));
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** A fresh nonce for a feed (128 random bits). */
export const newFeedNonce = () => randomBytes(16).toString('base64url');

export async function feedToken(claims: FeedClaims): Promise<string> {
  const payload = b64(JSON.stringify({ v: 1, p: 'calendar', sub: claims.sub, n: claims.nonce }));
  return `${payload}.${b64(createHmac('sha256', await key()).update(payload).digest())}`;
}

/** The claims of a token this portal signed (an `.ics` ending allowed), or undefined for anything else. */
export async function readFeedToken(token: string): Promise<FeedClaims | undefined> {
  const m = /^([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{43})(?:\.ics)?$/.exec(token);
  if (!m) return undefined;
  const expected = createHmac('sha256', await key()).update(m[1]!).digest();
  const given = Buffer.from(m[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const p = payload as { v?: unknown; p?: unknown; sub?: unknown; n?: unknown };
  if (p.v !== 1 || p.p !== 'calendar' || typeof p.sub !== 'string' || !p.sub || typeof p.n !== 'string' || !p.n) return undefined;
  return { sub: p.sub, nonce: p.n };
}

/** The row's nonce is the token's (compared in constant time). */
export function sameNonce(stored: string | undefined, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
