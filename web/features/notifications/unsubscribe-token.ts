/**
 * What an unsubscribe link's token says, read only to word the question on the page: the server
 * checks the signature and decides everything itself (the payload here is not trusted for anything).
 * Token: `<base64url(JSON payload)>.<base64url(signature)>`, payload `{ v: 1, p: 'unsubscribe', sub, t, e }`.
 */
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../../lambdas/shared/contract/answers/notifications';
import { base64UrlDecode } from '../../lib/token';

export interface UnsubscribeTokenView {
  topic: NotificationTopic;
  email: string;
}

const isTopic = (t: unknown): t is NotificationTopic => typeof t === 'string' && (NOTIFICATION_TOPICS as readonly string[]).includes(t);

/** The topic and address the token names, or null when it is not one the page can word a question from. */
export function readUnsubscribeToken(token: string | null): UnsubscribeTokenView | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[0]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (p.v !== 1 || p.p !== 'unsubscribe' || !isTopic(p.t) || typeof p.e !== 'string' || !p.e) return null;
  return { topic: p.t, email: p.e };
}
