/**
 * S3 over HTTP for the unit tests: the functions send their S3 calls signed by hand, not through
 * the S3 client (lambdas/shared/platform/s3-requests.ts), so the shared fake (./fake-aws.ts) answers
 * them here, on a loopback port that `setTableEnv` names as the S3 endpoint (path style, as the
 * local stack's). Each request is checked as S3 checks it (its Signature V4 over the method, path,
 * query and signed headers as they arrived, and the body's SHA-256 against x-amz-content-sha256),
 * then turned into the S3 client's command and sent to it: `aws-sdk-client-mock`'s mock answers it
 * from the fake's objects and records it (`aws.s3.commandCalls(PutObjectCommand)`), and a failure
 * it throws comes back as S3's XML error with its status (a failure injected with `failOnce`,
 * which names none, as a refusal: 403 AccessDenied, not retried).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { signHeaders } from '../../../lambdas/shared/platform/s3-signing.js';

// Sent to where nothing listens when no mock is installed: an unmocked call fails, never reaches AWS.
const client = new S3Client({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' }, maxAttempts: 1 });

/** The key pair the fake S3 knows (`setTableEnv` gives the functions it): a request signed with another secret is refused. */
export const FAKE_S3_CREDENTIALS = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-for-tests' };

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** Why S3 would refuse the request's signature, or undefined when it holds. */
function signatureProblem(req: IncomingMessage, url: URL, body: Buffer): string | undefined {
  const auth = AUTH.exec(req.headers.authorization ?? '');
  if (!auth) return `no Signature V4 Authorization header: ${req.headers.authorization}`;
  const [, accessKeyId, , region, signedNames] = auth;
  if (accessKeyId !== FAKE_S3_CREDENTIALS.accessKeyId) return `signed by ${accessKeyId}, not ${FAKE_S3_CREDENTIALS.accessKeyId}`;
  if (req.headers['x-amz-content-sha256'] !== createHash('sha256').update(body).digest('hex')) return 'x-amz-content-sha256 is not the SHA-256 of the body';
  const headers = Object.fromEntries(signedNames!.split(';').filter((n) => n !== 'host' && n !== 'x-amz-date' && n !== 'x-amz-content-sha256' && n !== 'x-amz-security-token').map((n) => [n, String(req.headers[n] ?? '')]));
  const t = req.headers['x-amz-date'] as string;
  const date = new Date(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}Z`);
  const query = Object.fromEntries(url.searchParams);
  const expected = signHeaders(
    { method: req.method!, host: req.headers.host!, path: url.pathname, query, headers, payloadHash: req.headers['x-amz-content-sha256'] },
    { credentials: { ...FAKE_S3_CREDENTIALS, ...(req.headers['x-amz-security-token'] ? { sessionToken: String(req.headers['x-amz-security-token']) } : {}) }, region: region!, service: 's3', date },
  );
  return expected.authorization === req.headers.authorization ? undefined : 'the signature does not match';
}

/** The S3 client's command a request stands for. */
function commandOf(req: IncomingMessage, bucket: string, key: string, body: Buffer) {
  const h = (n: string) => req.headers[n] as string | undefined;
  switch (req.method) {
    case 'PUT': {
      const source = h('x-amz-copy-source');
      if (source)
        return new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: source, MetadataDirective: h('x-amz-metadata-directive') as 'REPLACE', ContentType: h('content-type'), TaggingDirective: h('x-amz-tagging-directive') as 'REPLACE' });
      return new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: h('content-type'), ContentLength: body.length });
    }
    case 'GET':
      return new GetObjectCommand({ Bucket: bucket, Key: key, Range: h('range') });
    case 'HEAD':
      return new HeadObjectCommand({ Bucket: bucket, Key: key });
    case 'DELETE':
      return new DeleteObjectCommand({ Bucket: bucket, Key: key });
    default:
      return undefined;
  }
}

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</Message></Error>`;

async function answer(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  const url = new URL(req.url!, 'http://fake-s3');
  const problem = signatureProblem(req, url, body);
  if (problem) return void res.writeHead(403, { 'content-type': 'application/xml' }).end(xmlError('SignatureDoesNotMatch', problem));
  const [bucket, ...key] = url.pathname.slice(1).split('/').map(decodeURIComponent);
  const command = url.searchParams.has('tagging') ? undefined : commandOf(req, bucket!, key.join('/'), body);
  if (!command) return void res.writeHead(501, { 'content-type': 'application/xml' }).end(xmlError('NotImplemented', `fake S3: ${req.method} ${req.url}`));
  try {
    const out = (await client.send(command as PutObjectCommand)) as unknown as Record<string, unknown>;
    if (command instanceof GetObjectCommand) {
      let bytes = Buffer.from(await (out.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray());
      const range = /^bytes=(\d+)-(\d*)$/.exec(command.input.Range ?? '');
      const whole = bytes.length;
      if (range) bytes = bytes.subarray(Number(range[1]), range[2] ? Number(range[2]) + 1 : undefined);
      const headers = { 'content-type': String(out.ContentType ?? ''), 'content-length': String(bytes.length), ...(range ? { 'content-range': `bytes ${range[1]}-${Number(range[1]) + bytes.length - 1}/${whole}` } : {}) };
      return void res.writeHead(range ? 206 : 200, headers).end(bytes);
    }
    if (command instanceof HeadObjectCommand) return void res.writeHead(200, { 'content-type': String(out.ContentType ?? ''), 'content-length': String(out.ContentLength ?? 0) }).end();
    if (command instanceof DeleteObjectCommand) return void res.writeHead(204).end();
    if (command instanceof CopyObjectCommand) return void res.writeHead(200, { 'content-type': 'application/xml' }).end('<CopyObjectResult><ETag>"fake"</ETag></CopyObjectResult>');
    res.writeHead(200).end();
  } catch (e) {
    const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = err.$metadata?.httpStatusCode;
    res.writeHead(status ?? 403, { 'content-type': 'application/xml' });
    // A HEAD's answer has no body (S3's 404 is then named NotFound by the caller).
    res.end(req.method === 'HEAD' ? undefined : xmlError(status ? (err.name ?? 'Error') : 'AccessDenied', err.message ?? ''));
  }
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => void answer(req, res, Buffer.concat(chunks)).catch((e: unknown) => res.writeHead(500).end(String(e))));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
server.unref();
server.on('connection', (socket) => socket.unref());

/** The fake S3's endpoint, as AWS_ENDPOINT_URL_S3 names it. */
export const FAKE_S3_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
