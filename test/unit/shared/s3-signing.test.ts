/**
 * S3's Signature V4 without the S3 client (lambdas/shared/platform/s3-signing.ts, s3-tagging.ts):
 * against the known answers of AWS's S3 documentation (a presigned URL and a signed GET, both with
 * AKIAIOSFODNN7EXAMPLE on examplebucket/test.txt at 20130524T000000Z), against the SDK's own
 * presigners (getSignedUrl, createPresignedPost) for the same inputs on every address shape the
 * portal meets, and GetObjectTagging against a server standing in for S3: signed, counted, told to
 * the IAM listener, retried and failed as the SDK's clients are.
 */
import { jest } from '@jest/globals';
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CopyObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AWS_CALL_LISTENER, calls, countCalls, type AwsCall } from '../../../lambdas/shared/platform/clients.js';
import { isDependencyFailure } from '../../../lambdas/shared/platform/http.js';
import { presignGetObject, presignPost, presignQuery, s3Address, signHeaders, signingKey, UNSIGNED_PAYLOAD } from '../../../lambdas/shared/platform/s3-signing.js';
import { getObjectTagging, parseTagging } from '../../../lambdas/shared/platform/s3-tagging.js';

const EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const EXAMPLE_DATE = new Date('2013-05-24T00:00:00Z');
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

describe("AWS's documented examples (S3 API reference, Signature Version 4)", () => {
  it('a presigned GET of examplebucket/test.txt for 86400 s', () => {
    const q = presignQuery(
      { method: 'GET', host: 'examplebucket.s3.amazonaws.com', path: '/test.txt', query: {}, payloadHash: UNSIGNED_PAYLOAD },
      { credentials: EXAMPLE, region: 'us-east-1', service: 's3', date: EXAMPLE_DATE, expiresIn: 86400 },
    );
    expect(q).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    });
  });

  it('a GET of its first ten bytes signed in the Authorization header', () => {
    const h = signHeaders(
      { method: 'GET', host: 'examplebucket.s3.amazonaws.com', path: '/test.txt', query: {}, headers: { range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256 },
      { credentials: EXAMPLE, region: 'us-east-1', service: 's3', date: EXAMPLE_DATE },
    );
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe("the SDK's presigners, same inputs", () => {
  const date = new Date('2026-11-29T21:00:00Z');
  const base = { AWS_ACCESS_KEY_ID: 'AKIDTEST', AWS_SECRET_ACCESS_KEY: 'secret/for+tests' };
  const envs: Record<string, NodeJS.ProcessEnv> = {
    'AWS, us-east-1, with a session token': { ...base, AWS_REGION: 'us-east-1', AWS_SESSION_TOKEN: 'token/with+signs=' },
    'AWS, eu-west-1': { ...base, AWS_REGION: 'eu-west-1' },
    'the local stack (endpoint, path style)': { ...base, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569', S3_FORCE_PATH_STYLE: 'true' },
    'an S3-compatible endpoint, virtual host': { ...base, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'https://s3.example.com' },
    'an endpoint with a base path': { ...base, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'https://minio.example.com/base' },
    'an IP endpoint, path style not forced': { ...base, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569' },
    'localhost, path style not forced': { ...base, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'http://localhost:4569' },
  };
  const clientOf = (env: NodeJS.ProcessEnv) =>
    new S3Client({
      region: env.AWS_REGION,
      ...(env.AWS_ENDPOINT_URL_S3 ? { endpoint: env.AWS_ENDPOINT_URL_S3 } : {}),
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY!, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  // A name with spaces, brackets and the characters encodeURIComponent leaves alone; buckets with dots or capitals (no virtual host).
  const key = "documents/A P1/2026 report (final)!'*~é.pdf";
  const cases = Object.entries(envs).flatMap(([name, env]) => ['portal-documents-1a2b', 'my.dotted.bucket', 'Not_A_Host'].map((bucket) => [name, bucket, env] as const));
  const sorted = (url: string) => {
    const u = new URL(url);
    return { at: `${u.origin}${u.pathname}`, query: [...u.searchParams].sort() };
  };

  it.each(cases)('GET link: %s, bucket %s', async (_, bucket, env) => {
    const response = { disposition: 'attachment; filename="a b.pdf"; filename*=UTF-8\'\'a%20b.pdf', type: 'application/pdf' };
    const sdk = await getSignedUrl(clientOf(env), new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: response.disposition, ResponseContentType: response.type }), { expiresIn: 300, signingDate: date });
    const ours = presignGetObject(bucket, key, { response: { 'response-content-disposition': response.disposition, 'response-content-type': response.type }, expiresIn: 300, date, env });
    expect(sorted(ours)).toEqual(sorted(sdk));
  });

  it.each(cases)('POST form: %s, bucket %s', async (_, bucket, env) => {
    const conditions: [string, string | number, string | number][] = [['content-length-range', 1, 10_485_760], ['eq', '$Content-Type', 'image/png']];
    const now = jest.spyOn(Date, 'now').mockReturnValue(date.getTime());
    const sdk = await createPresignedPost(clientOf(env), { Bucket: bucket, Key: key, Conditions: conditions as NonNullable<Parameters<typeof createPresignedPost>[1]['Conditions']>, Fields: { 'Content-Type': 'image/png' }, Expires: 600 }).finally(() => now.mockRestore());
    const ours = presignPost(bucket, key, { conditions, fields: { 'Content-Type': 'image/png' }, expiresIn: 600, date, env });
    expect(ours).toEqual(sdk);
    // And the form's signature is the one the local stack's S3 front checks (infra/local/s3-post-policy.ts).
    const [, day, region] = ours.fields['X-Amz-Credential']!.split('/');
    expect(createHmac('sha256', signingKey(env.AWS_SECRET_ACCESS_KEY!, day!, region!, 's3')).update(ours.fields.Policy!).digest('hex')).toBe(ours.fields['X-Amz-Signature']);
  });

  it('fails clearly without credentials or a region', () => {
    expect(() => presignGetObject('b', 'k', { expiresIn: 60, env: { AWS_REGION: 'eu-west-1' } })).toThrow(/environment variable credentials/);
    expect(() => s3Address('b', {})).toThrow(/AWS_REGION/);
  });
});

describe('GetObjectTagging without the client', () => {
  let server: Server;
  const seen: IncomingMessage[] = [];
  let answers: { status: number; body: string }[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      req.resume();
      const a = answers.shift() ?? { status: 200, body: '' };
      res.writeHead(a.status, { 'content-type': 'application/xml' });
      res.end(a.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDTEST',
      AWS_SECRET_ACCESS_KEY: 'secret-for-tests',
    });
  });
  afterAll(async () => {
    process.env = saved;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
    answers = [];
    delete process.env.FAULTS;
  });

  const tagging = (tags: Record<string, string>) =>
    `<?xml version="1.0" encoding="UTF-8"?><Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>${Object.entries(tags)
      .map(([k, v]) => `<Tag><Key>${k}</Key><Value>${v}</Value></Tag>`)
      .join('')}</TagSet></Tagging>`;

  it('reads the tags from a signed GET ?tagging, counted as an S3 call and told to the IAM listener', async () => {
    answers = [{ status: 200, body: tagging({ GuardDutyMalwareScanStatus: 'NO_THREATS_FOUND', note: 'a &amp; b &#233;' }) }];
    const heard: AwsCall[] = [];
    (globalThis as Record<symbol, unknown>)[AWS_CALL_LISTENER] = (c: AwsCall) => heard.push(c);
    try {
      const [tags, counted] = await countCalls(async () => [await getObjectTagging('portal-local-documents', 'documents/P 1/a(1).pdf'), calls()!.s3] as const);
      expect(tags).toEqual({ GuardDutyMalwareScanStatus: 'NO_THREATS_FOUND', note: 'a & b é' });
      expect(counted).toBe(1);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[AWS_CALL_LISTENER];
    }
    expect(heard).toEqual([{ client: 'S3', command: 'GetObjectTaggingCommand', input: { Bucket: 'portal-local-documents', Key: 'documents/P 1/a(1).pdf' } }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('/portal-local-documents/documents/P%201/a%281%29.pdf?tagging');
    expect(seen[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
  });

  it('a refusal is not tried again and keeps S3\'s error name and status', async () => {
    answers = [{ status: 404, body: '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>' }];
    await expect(getObjectTagging('b', 'k')).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    expect(seen).toHaveLength(1);
  });

  it('a 5xx is tried three times, then fails as a dependency failure (503 from the middleware)', async () => {
    answers = [0, 1, 2].map(() => ({ status: 500, body: '<Error><Code>InternalError</Code><Message>x</Message></Error>' }));
    const err = await getObjectTagging('b', 'k').catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'InternalError', $fault: 'server' });
    expect(isDependencyFailure(err)).toBe(true);
    expect(seen).toHaveLength(3);
    answers = [{ status: 503, body: '<Error><Code>SlowDown</Code></Error>' }, { status: 200, body: tagging({ a: '1' }) }];
    seen.length = 0;
    await expect(getObjectTagging('b', 'k')).resolves.toEqual({ a: '1' });
    expect(seen).toHaveLength(2);
  });

  it("meets the local stack's FAULTS for s3.GetObjectTagging without reaching S3", async () => {
    process.env.FAULTS = 's3.GetObjectTagging:503';
    const err = await getObjectTagging('b', 'k').catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
    expect(isDependencyFailure(err)).toBe(true);
    process.env.FAULTS = 's3.GetObject:503';
    answers = [{ status: 200, body: tagging({}) }];
    await expect(getObjectTagging('b', 'k')).resolves.toEqual({});
    expect(seen).toHaveLength(1);
  });

  it('a call that hangs is cut off by its timeout and not tried again', async () => {
    process.env.FAULTS = 's3:hang';
    const t = Date.now();
    const err = await getObjectTagging('b', 'k').catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'TimeoutError' });
    expect(isDependencyFailure(err)).toBe(true);
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(seen).toHaveLength(0);
  }, 10_000);

  it('parses an empty tag set', () => {
    expect(parseTagging('<Tagging><TagSet/></Tagging>')).toEqual({});
  });
});

describe("the S3 client's own signed request, same inputs", () => {
  /** The request the S3 client sends for `command`, as signed (caught before it leaves). */
  async function signedBySdk(command: PutObjectCommand | CopyObjectCommand) {
    const client = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/for+tests', sessionToken: 'token/with+signs=' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
    let caught: { method: string; hostname: string; path: string; query: Record<string, string>; headers: Record<string, string> } | undefined;
    client.middlewareStack.add(
      () => async (args) => {
        caught = (args as { request: typeof caught }).request;
        throw new Error('caught');
      },
      { step: 'deserialize', priority: 'low', name: 'catchSigned' },
    );
    await expect(client.send(command as PutObjectCommand)).rejects.toThrow('caught');
    return caught!;
  }

  it.each([
    ['a PutObject with its body', () => new PutObjectCommand({ Bucket: 'portal-documents', Key: 'documents/P 1/a(1) é.pdf', Body: Buffer.from('%PDF-1.7 x'), ContentType: 'application/pdf', ContentLength: 10 })],
    ['a CopyObject replacing type and tags', () => new CopyObjectCommand({ Bucket: 'portal-documents', Key: 'requests/SR-1/1-leak.jpg', CopySource: 'portal-documents/uploads/u%201/leak.jpg', MetadataDirective: 'REPLACE', ContentType: 'image/jpeg', TaggingDirective: 'REPLACE' })],
  ])('%s: the same signature over the same request', async (_, make) => {
    const r = await signedBySdk(make());
    const { authorization, ...headers } = r.headers;
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const signedNames = /SignedHeaders=([^,]+)/.exec(authorization!)![1]!.split(';');
    const t = lower['x-amz-date']!;
    const date = new Date(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}Z`);
    const own = Object.fromEntries(signedNames.filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256', 'x-amz-security-token'].includes(n)).map((n) => [n, lower[n]!]));
    const ours = signHeaders(
      { method: r.method, host: r.hostname, path: r.path, query: Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, v ?? ''])), headers: own, payloadHash: lower['x-amz-content-sha256']! },
      { credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/for+tests', sessionToken: 'token/with+signs=' }, region: 'eu-west-1', service: 's3', date },
    );
    expect(ours.authorization).toBe(authorization);
  });
});
