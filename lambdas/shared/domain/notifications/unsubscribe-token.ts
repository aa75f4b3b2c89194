/**
 * The unsubscribe link's token: `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`, payload
 * `{ v: 1, p: 'unsubscribe', sub, t: <topic>, e: <email> }`. Single-purpose: its key is derived
 * from the report host's signing secret with its own label, so no other token of the portal (nor
 * an embed token) is one, and it can do one thing only: switch one topic off for one account (by
 * `sub`; the email is shown on the page, never trusted). It does not expire: a link in an old mail
 * still stops the mail.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../contract/answers/notifications.js';
import { oncePerContainer } from '../../platform/container.js';
import { readSecret } from '../../platform/secrets.js';

export interface UnsubscribeClaims {
  sub: string;
  topic: NotificationTopic;
  email: string;
}

const LABEL = 'customer-portal unsubscribe v1';
const key = oncePerContainer(() => readSecret('embed').then((secret) => createHmac('sha256', secret).update(LABEL).digest()));
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export async function unsubscribeToken(claims: UnsubscribeClaims): Promise<string> {
  const payload = b64(JSON.stringify({ v: 1, p: 'unsubscribe', sub: claims.sub, t: claims.topic, e: claims.email }));
  const mac = createHmac('sha256', await key()).update(payload).digest();
  return `${payload}.${b64(mac)}`;
}

/** The claims of a token this portal signed, or undefined for anything else. */
export async function readUnsubscribeToken(token: string): Promise<UnsubscribeClaims | undefined> {
  const m = /^([A-Za-z0-9_-]{1,1500})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
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
  const p = payload as { v?: unknown; p?: unknown; sub?: unknown; t?: unknown; e?: unknown };
  if (p.v !== 1 || p.p !== 'unsubscribe' || typeof p.sub !== 'string' || !p.sub || typeof p.e !== 'string') return undefined;
  if (!(NOTIFICATION_TOPICS as readonly unknown[]).includes(p.t)) return undefined;
  return { sub: p.sub, topic: p.t as NotificationTopic, email: p.e };
}
