/**
 * S3's addresses and Signature V4 without the S3 client (issue 42): presigned GET links, the
 * presigned POST form of an upload, and the signed headers of a plain request. The S3 client with
 * its REST-XML protocol, endpoint rules and checksums is about 130 KB of a bundle; a function that
 * only signs needs none of it (docs/figures.md "Bundles and initialisation").
 *
 * Built as the S3 client configured in ./clients.ts builds them, which the unit tests check against
 * the SDK's own presigners for the same inputs:
 * - the address: `AWS_ENDPOINT_URL_S3` where set (the local stack), else S3's regional endpoint;
 *   path style (`<endpoint>/<bucket>/<key>`) where `S3_FORCE_PATH_STYLE` is `true`, the endpoint is
 *   an IP address or the bucket's name cannot be a host name, else a virtual host
 *   (`<bucket>.s3.<region>.amazonaws.com/<key>`);
 * - credentials from the environment, where Lambda puts the role's (./lambda-credentials.ts), the
 *   region from `AWS_REGION` (or `AWS_DEFAULT_REGION`);
 * - keys encoded per segment as S3 wants them (RFC 3986, `/` kept), signed once, not twice.
 */
import { createHash, createHmac } from 'node:crypto';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';

/** The role's credentials as Lambda hands them (and the local stack, and the tests). */
export function envCredentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('Unable to find environment variable credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).');
  return { accessKeyId, secretAccessKey, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) };
}

export function envRegion(env: NodeJS.ProcessEnv = process.env): string {
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('Region is missing (AWS_REGION).');
  return region;
}

/** RFC 3986 encoding, as Signature V4 wants every name and value (encodeURIComponent leaves !'()* as they are). */
export const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An object key as S3's path: each segment encoded, the slashes kept. */
export const keyPath = (key: string) => key.split('/').map(rfc3986).join('/');

export interface S3Address {
  /** `https:` or `http:` */
  protocol: string;
  /** host[:port], as the Host header is signed */
  host: string;
  /** the bucket's path: `/<bucket>` in path style, empty for a virtual host */
  bucketPath: string;
}

const IP_HOST = /^(\d{1,3}\.){3}\d{1,3}$|^\[[0-9a-f:]+\]$/i;
/** A name that can be a host label as S3 allows it (no dots: a dotted name breaks the TLS certificate's wildcard). */
const HOSTABLE_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** Where a bucket is reached, as the S3 client of ./clients.ts reaches it. */
export function s3Address(bucket: string, env: NodeJS.ProcessEnv = process.env): S3Address {
  const custom = env.AWS_ENDPOINT_URL_S3;
  const base = custom ? new URL(custom) : new URL(`https://s3.${envRegion(env)}.amazonaws.com${envRegion(env).startsWith('cn-') ? '.cn' : ''}`);
  const pathStyle = env.S3_FORCE_PATH_STYLE === 'true' || IP_HOST.test(base.hostname) || !HOSTABLE_BUCKET.test(bucket);
  const prefix = base.pathname.replace(/\/$/, '');
  if (pathStyle) return { protocol: base.protocol, host: base.host, bucketPath: `${prefix}/${bucket}` };
  return { protocol: base.protocol, host: `${bucket}.${base.host}`, bucketPath: prefix };
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20130524T000000Z` */
export const amzDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** The key Signature V4 signs with, for a day, region and service. */
export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

const canonicalQuery = (query: Record<string, string>) =>
  Object.keys(query)
    .map((k) => [rfc3986(k), rfc3986(query[k]!)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

export interface Signable {
  method: string;
  /** host[:port] */
  host: string;
  /** already encoded (keyPath); signed as it is */
  path: string;
  query: Record<string, string>;
  /** lower-case names; `host` is added */
  headers?: Record<string, string>;
  payloadHash: string;
}

interface Signing {
  credentials: Credentials;
  region: string;
  service: string;
  date: Date;
}

function signature(r: Signable, s: Signing, scope: string, time: string, signed: Record<string, string>): string {
  const names = Object.keys(signed).sort();
  const canonical = [r.method, r.path, canonicalQuery(r.query), names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, ' ')}\n`).join(''), names.join(';'), r.payloadHash].join('\n');
  const toSign = [ALGORITHM, time, scope, sha256Hex(canonical)].join('\n');
  return createHmac('sha256', signingKey(s.credentials.secretAccessKey, time.slice(0, 8), s.region, s.service)).update(toSign, 'utf8').digest('hex');
}

/**
 * Signature V4 in the query string (a presigned URL): the request's query with X-Amz-Algorithm,
 * -Credential, -Date, -Expires, -SignedHeaders (host), -Security-Token where there is one, and
 * -Signature. Returns the whole query, to be written after `?` (queryString).
 */
export function presignQuery(r: Signable, s: Signing & { expiresIn: number }): Record<string, string> {
  const time = amzDate(s.date);
  const scope = `${time.slice(0, 8)}/${s.region}/${s.service}/aws4_request`;
  const query: Record<string, string> = {
    ...r.query,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${s.credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': time,
    'X-Amz-Expires': String(s.expiresIn),
    ...(s.credentials.sessionToken ? { 'X-Amz-Security-Token': s.credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': 'host',
  };
  return { ...query, 'X-Amz-Signature': signature({ ...r, query }, s, scope, time, { host: r.host }) };
}

/**
 * Signature V4 in the Authorization header: the headers to send (host, x-amz-date, the session
 * token where there is one, x-amz-content-sha256 and authorization, beside the request's own).
 */
export function signHeaders(r: Signable, s: Signing): Record<string, string> {
  const time = amzDate(s.date);
  const scope = `${time.slice(0, 8)}/${s.region}/${s.service}/aws4_request`;
  const headers: Record<string, string> = {
    ...r.headers,
    host: r.host,
    'x-amz-content-sha256': r.payloadHash,
    'x-amz-date': time,
    ...(s.credentials.sessionToken ? { 'x-amz-security-token': s.credentials.sessionToken } : {}),
  };
  const sig = signature(r, s, scope, time, headers);
  const names = Object.keys(headers).sort().join(';');
  return { ...headers, authorization: `${ALGORITHM} Credential=${s.credentials.accessKeyId}/${scope}, SignedHeaders=${names}, Signature=${sig}` };
}

export const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');

const s3Signing = (date: Date, env: NodeJS.ProcessEnv) => ({ credentials: envCredentials(env), region: envRegion(env), service: 's3', date });

/**
 * A presigned GET of an object (as the SDK's getSignedUrl of a GetObjectCommand): `response` sets
 * the answer's headers (`response-content-disposition`, `response-content-type`).
 */
export function presignGetObject(bucket: string, key: string, opts: { response?: Record<string, string>; expiresIn: number; date?: Date; env?: NodeJS.ProcessEnv }): string {
  const env = opts.env ?? process.env;
  const at = s3Address(bucket, env);
  const path = `${at.bucketPath}/${keyPath(key)}`;
  const query = presignQuery(
    { method: 'GET', host: at.host, path, query: { ...opts.response, 'x-id': 'GetObject', 'X-Amz-Content-Sha256': UNSIGNED_PAYLOAD }, payloadHash: UNSIGNED_PAYLOAD },
    { ...s3Signing(opts.date ?? new Date(), env), expiresIn: opts.expiresIn },
  );
  return `${at.protocol}//${at.host}${path}?${queryString(query)}`;
}

export type PostCondition = [string, string | number, string | number] | Record<string, string>;

/**
 * A presigned POST (a browser's form upload), as the SDK's createPresignedPost makes it: the
 * policy (expiry and conditions: the given ones, then every field, then the key) in base64, signed
 * with the day's key; the form's fields to send with the file.
 */
export function presignPost(
  bucket: string,
  key: string,
  opts: { conditions: PostCondition[]; fields: Record<string, string>; expiresIn: number; date?: Date; env?: NodeJS.ProcessEnv },
): { url: string; fields: Record<string, string> } {
  const env = opts.env ?? process.env;
  const s = s3Signing(opts.date ?? new Date(), env);
  const time = amzDate(s.date);
  const scope = `${time.slice(0, 8)}/${s.region}/s3/aws4_request`;
  const fields: Record<string, string> = {
    ...opts.fields,
    bucket,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${s.credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': time,
    ...(s.credentials.sessionToken ? { 'X-Amz-Security-Token': s.credentials.sessionToken } : {}),
  };
  const conditions = new Set(opts.conditions.map((c) => JSON.stringify(c)));
  for (const [k, v] of Object.entries(fields)) conditions.add(JSON.stringify({ [k]: v }));
  conditions.add(JSON.stringify({ key }));
  const expiration = new Date(s.date.getTime() + opts.expiresIn * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const policy = Buffer.from(JSON.stringify({ expiration, conditions: [...conditions].map((c) => JSON.parse(c) as unknown) }), 'utf8').toString('base64');
  const signatureHex = hmac(signingKey(s.credentials.secretAccessKey, time.slice(0, 8), s.region, 's3'), policy).toString('hex');
  const at = s3Address(bucket, env);
  return { url: `${at.protocol}//${at.host}${at.bucketPath || '/'}`, fields: { ...fields, key, Policy: policy, 'X-Amz-Signature': signatureHex } };
}
