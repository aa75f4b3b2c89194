/**
 * The local stack's check of browser uploads (infra/local/s3-post-policy.ts) refuses what S3
 * refuses, so the tests and the demo see S3's answers: size, type, key, bucket, expiry, signature,
 * fields the policy does not name.
 */
import { checkForm, policySignature } from '../../../infra/local/s3-post-policy.js';

const SECRET = 'local-secret';
const CREDENTIAL = 'LOCALKEY/20261124/us-east-1/s3/aws4_request';
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

function form(conditions: unknown[], fields: Record<string, string> = {}, file: Buffer | null = Buffer.from('hello'), opts: { expiration?: string; secret?: string } = {}) {
  const policy = Buffer.from(JSON.stringify({ expiration: opts.expiration ?? new Date(NOW + 60_000).toISOString(), conditions })).toString('base64');
  const all: Record<string, string> = {
    key: 'uploads/u/notes.txt',
    'content-type': 'text/plain',
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': CREDENTIAL,
    'x-amz-date': '20261124T120000Z',
    policy,
    'x-amz-signature': policySignature(opts.secret ?? SECRET, CREDENTIAL, policy),
    ...fields,
  };
  return { fields: new Map(Object.entries(all)), file };
}

const base = [
  { bucket: 'docs' },
  { key: 'uploads/u/notes.txt' },
  { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
  { 'x-amz-credential': CREDENTIAL },
  { 'x-amz-date': '20261124T120000Z' },
  ['eq', '$Content-Type', 'text/plain'],
  ['content-length-range', 1, 10],
];

const refusal = (f: ReturnType<typeof form>, bucket = 'docs') => {
  try {
    checkForm(f, bucket, SECRET, NOW);
    return null;
  } catch (e) {
    const r = e as { status: number; code: string };
    return [r.status, r.code];
  }
};

describe('the local check of a presigned POST', () => {
  it('lets through a form that meets its policy', () => {
    expect(refusal(form(base))).toBeNull();
  });

  it('refuses a file over or under the size range as S3 does (400 EntityTooLarge / EntityTooSmall)', () => {
    expect(refusal(form(base, {}, Buffer.alloc(11)))).toEqual([400, 'EntityTooLarge']);
    expect(refusal(form(base, {}, Buffer.alloc(0)))).toEqual([400, 'EntityTooSmall']);
    expect(refusal(form(base, {}, Buffer.alloc(10)))).toBeNull();
  });

  it('refuses another type, key or bucket, and a field the policy does not name (403 AccessDenied)', () => {
    expect(refusal(form(base, { 'content-type': 'text/html' }))).toEqual([403, 'AccessDenied']);
    expect(refusal(form(base, { key: 'documents/x/notes.txt' }))).toEqual([403, 'AccessDenied']);
    expect(refusal(form(base), 'other-bucket')).toEqual([403, 'AccessDenied']);
    expect(refusal(form(base, { 'x-amz-meta-owner': 'me' }))).toEqual([403, 'AccessDenied']);
    expect(refusal(form(base, { 'x-ignore-note': 'me' }))).toBeNull();
    expect(refusal(form([...base.slice(0, 5), ['starts-with', '$Content-Type', 'text/'], base[6]], { 'content-type': 'text/csv' }))).toBeNull();
  });

  it('refuses an expired policy, a forged signature, and a form with no file', () => {
    expect(refusal(form(base, {}, Buffer.from('x'), { expiration: new Date(NOW - 1).toISOString() }))).toEqual([403, 'AccessDenied']);
    expect(refusal(form(base, {}, Buffer.from('x'), { secret: 'guessed' }))).toEqual([403, 'SignatureDoesNotMatch']);
    const altered = form(base);
    altered.fields.set('policy', Buffer.from(JSON.stringify({ expiration: new Date(NOW + 60_000).toISOString(), conditions: base.slice(0, 6) })).toString('base64'));
    expect(refusal(altered)).toEqual([403, 'SignatureDoesNotMatch']);
    expect(refusal(form(base, {}, null))).toEqual([400, 'InvalidArgument']);
  });
});
