/**
 * Authenticator-app codes (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-second steps, as Cognito uses)
 * for the local stack and the tests, and the local pool's enrolment of an app with a known secret
 * (LocalSetUserSoftwareToken, a target only cognito-worker.cjs has), so that the demo's
 * administrators sign in with a code from a secret the README prints.
 */
import { createHmac, randomBytes } from 'node:crypto';

/**
 * The demo administrators' authenticator secret (base32), also printed by `npm run demo`: add it to
 * an authenticator app by hand ("enter a setup key"), or read a code with `npm run admin -- totp-code`.
 * Public like the demo passwords: the demo pool holds nothing real.
 */
export const DEMO_TOTP_SECRET = 'KBHVEVCBJRCEKTKPMFSG22LOGIZDAMRW';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error(`Not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A new random secret (20 bytes, base32), as Cognito's AssociateSoftwareToken gives. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The 6-digit code of `secret` at `time` (ms; default now). */
export function totpCode(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

/** A 6-digit code Cognito does not accept now for `secret` (none of the current step's or its neighbours'): for tests. */
export function wrongTotpCode(secret: string, now = Date.now()): string {
  const accepted = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, now + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

/** Enrols an authenticator app with `secret` for a user of the local pool (its own target, no AWS API). */
export async function enrolLocalAuthenticator(endpoint: string, userPoolId: string, username: string, secret: string): Promise<void> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.LocalSetUserSoftwareToken' },
    body: JSON.stringify({ UserPoolId: userPoolId, Username: username, SecretCode: secret }),
  });
  if (!res.ok) throw new Error(`The local pool did not enrol ${username}'s authenticator: ${res.status} ${await res.text()}`);
}
