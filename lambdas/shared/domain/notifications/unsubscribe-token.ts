/**
 * The unsubscribe link's token: `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`, payload
 * `{ v: 1, p: 'unsubscribe', sub, t: <topic>, e: <email> }`. Single-purpose: its key is derived
 * from the report host's signing secret with its own label, so no other token of the portal (nor
 * an embed token) is one, and it can do one thing only: switch one topic off for one account (by
 * `sub`; the email is shown on the page, never trusted). It does not expire: a link in an old mail
 * still stops the mail.
 */
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../contract/answers/notifications.js';
import { signedTokens } from '../../platform/signed-token.js';

export interface UnsubscribeClaims {
  sub: string;
  topic: NotificationTopic;
  email: string;
}

const tokens = signedTokens('customer-portal unsubscribe v1');

export async function unsubscribeToken(claims: UnsubscribeClaims): Promise<string> {
  return tokens.sign({ v: 1, p: 'unsubscribe', sub: claims.sub, t: claims.topic, e: claims.email });
}

/** The claims of a token this portal signed, or undefined for anything else. */
export async function readUnsubscribeToken(token: string): Promise<UnsubscribeClaims | undefined> {
  const p = await tokens.read(token.trim(), { maxChars: 1500 });
  if (!p || p.v !== 1 || p.p !== 'unsubscribe' || typeof p.sub !== 'string' || !p.sub || typeof p.e !== 'string') return undefined;
  if (!(NOTIFICATION_TOPICS as readonly unknown[]).includes(p.t)) return undefined;
  return { sub: p.sub, topic: p.t as NotificationTopic, email: p.e };
}
