/**
 * Single-purpose signed tokens, as the unsubscribe link and the calendar feed carry them:
 * `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`. Each kind's key is derived from the report
 * host's signing secret under the kind's own label, so no token of one kind (nor an embed token) is
 * one of another, and the secret never leaves the functions. The caller checks the payload's fields.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { oncePerContainer } from './container.js';
import { readSecret } from './secrets.js';

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export interface SignedTokens {
  sign(payload: object): Promise<string>;
  /**
   * The payload of a token signed under this label, or undefined for anything else: a payload part
   * of at most `maxChars` characters, a whole 32-byte MAC, and nothing after it but `ending` (if given).
   */
  read(token: string, limits: { maxChars: number; ending?: string }): Promise<Record<string, unknown> | undefined>;
}

export function signedTokens(label: string): SignedTokens {
  const key = oncePerContainer(() => readSecret('embed').then((secret) => createHmac('sha256', secret).update(label).digest()));
  return {
    async sign(payload) {
      const text = b64(JSON.stringify(payload));
      return `${text}.${b64(createHmac('sha256', await key()).update(text).digest())}`;
    },
    async read(token, { maxChars, ending }) {
      const tail = ending ? `(?:${ending.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})?` : '';
      const m = new RegExp(`^([A-Za-z0-9_-]{1,${maxChars}})\\.([A-Za-z0-9_-]{43})${tail}$`).exec(token);
      if (!m) return undefined;
      const expected = createHmac('sha256', await key()).update(m[1]!).digest();
      const given = Buffer.from(m[2]!, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const payload: unknown = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8'));
        return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
