/**
 * The calendar feed's token, the last part of its address: `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`,
 * payload `{ v: 1, p: 'calendar', sub, n: <the feed's nonce> }`. As the unsubscribe link's
 * (../notifications/unsubscribe-token.ts), its key is derived from the report host's signing
 * secret under its own label, so no other token of the portal is one; the secret never leaves the
 * functions. A token is good while the account's row still holds its nonce (`calendarFeed.nonce`):
 * regenerating the link writes a new nonce, turning the feed off removes it, and the old address
 * then answers 404 like any forged one.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { signedTokens } from '../../platform/signed-token.js';

export interface FeedClaims {
  sub: string;
  nonce: string;
}

const tokens = signedTokens('customer-portal calendar feed v1');

/** A fresh nonce for a feed (128 random bits). */
export const newFeedNonce = () => randomBytes(16).toString('base64url');

export async function feedToken(claims: FeedClaims): Promise<string> {
  return tokens.sign({ v: 1, p: 'calendar', sub: claims.sub, n: claims.nonce });
}

/** The claims of a token this portal signed (an `.ics` ending allowed), or undefined for anything else. */
export async function readFeedToken(token: string): Promise<FeedClaims | undefined> {
  const p = await tokens.read(token, { maxChars: 500, ending: '.ics' });
  if (!p || p.v !== 1 || p.p !== 'calendar' || typeof p.sub !== 'string' || !p.sub || typeof p.n !== 'string' || !p.n) return undefined;
  return { sub: p.sub, nonce: p.n };
}

/** The row's nonce is the token's (compared in constant time). */
export function sameNonce(stored: string | undefined, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
