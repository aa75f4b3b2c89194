/**
 * The local stack's S3 address: a small front before s3rver that checks browser uploads (POST
 * Object with a form) the way S3 does, since s3rver stores them without reading their policy.
 * A POST to the bucket is read whole, its signature (Signature V4 over the base64 policy, with the
 * stack's secret key), expiration and every condition checked (the bucket, the key, the content
 * type, `content-length-range`, and no field the policy does not cover), and refused as S3 refuses:
 * 400 EntityTooLarge / EntityTooSmall, 403 AccessDenied or SignatureDoesNotMatch, in S3's XML.
 * Everything else (the SDK's calls, presigned GETs, CORS preflights) passes through untouched.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import Busboy from 'busboy';

export interface PostPolicyFront {
  url: string;
  close(): Promise<void>;
}

interface Form {
  fields: Map<string, string>;
  file: Buffer | null;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const denied = (message: string) => new Refusal(403, 'AccessDenied', message);
const conditionFailed = (condition: unknown) => denied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The form's fields before the file (names lower-cased, as S3 compares them) and the file's bytes. */
function parseForm(headers: IncomingMessage['headers'], body: Buffer): Promise<Form> {
  return new Promise((resolve, reject) => {
    const form: Form = { fields: new Map(), file: null };
    const bb = Busboy({ headers, limits: { fieldSize: 64 * 1024 } });
    bb.on('field', (name, value) => {
      if (!form.file) form.fields.set(name.toLowerCase(), value);
    });
    bb.on('file', (name, stream) => {
      if (name.toLowerCase() !== 'file' || form.file) return stream.resume();
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('end', () => {
        form.file = Buffer.concat(parts);
      });
    });
    bb.on('close', () => resolve(form));
    bb.on('error', reject);
    bb.end(body);
  });
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** Signature V4 of a POST policy: the base64 policy signed with the key derived for its date and region. */
export function policySignature(secretAccessKey: string, credential: string, policyBase64: string): string {
  const [, date, region, service] = credential.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  return hmac(key, policyBase64).toString('hex');
}

/** Checks a form against its policy; throws the Refusal S3 would answer. */
export function checkForm(form: Form, bucket: string, secretAccessKey: string, now = Date.now()): void {
  const f = form.fields;
  const policyBase64 = f.get('policy');
  if (!policyBase64) throw denied('Bucket POST must contain a field named policy.');
  if (f.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw denied('Only AWS4-HMAC-SHA256 signed forms are accepted.');
  const credential = f.get('x-amz-credential') ?? '';
  const sent = Buffer.from(f.get('x-amz-signature') ?? '');
  const expected = Buffer.from(policySignature(secretAccessKey, credential, policyBase64));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
    throw new Refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw denied('Invalid Policy: Invalid JSON.');
  }
  if (!policy.expiration || !(Date.parse(policy.expiration) > now)) throw denied('Invalid according to Policy: Policy expired.');
  if (!form.file) throw new Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');

  const values = new Map(f);
  values.set('bucket', bucket);
  const covered = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);
  for (const condition of policy.conditions ?? []) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as [string, unknown, unknown];
      if (op === 'content-length-range') {
        const size = form.file.length;
        if (size > Number(b)) throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (size < Number(a)) throw new Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const field = String(a).replace(/^\$/, '').toLowerCase();
      covered.add(field);
      const value = values.get(field) ?? '';
      if (op === 'eq' && value !== String(b)) throw conditionFailed(condition);
      if (op === 'starts-with' && !value.startsWith(String(b))) throw conditionFailed(condition);
      if (op !== 'eq' && op !== 'starts-with') throw denied(`Invalid Policy: Invalid condition: ${JSON.stringify(condition)}`);
    } else if (condition && typeof condition === 'object') {
      for (const [name, want] of Object.entries(condition)) {
        const field = name.toLowerCase();
        covered.add(field);
        if ((values.get(field) ?? '') !== String(want)) throw conditionFailed(condition);
      }
    }
  }
  const extra = [...f.keys()].filter((name) => !covered.has(name) && !name.startsWith('x-ignore-'));
  if (extra.length) throw denied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
}

function refuse(req: IncomingMessage, res: ServerResponse, r: Refusal) {
  const origin = req.headers.origin;
  res.writeHead(r.status, {
    'content-type': 'application/xml',
    // The browser must be able to read the refusal (the bucket's CORS rule would allow the origin).
    ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
  });
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${r.code}</Code><Message>${escape(r.message)}</Message></Error>`);
}

/** Passes a request to s3rver as it came, the body given (already read) or streamed. */
function forward(target: URL, req: IncomingMessage, res: ServerResponse, body?: Buffer) {
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

export async function startPostPolicyFront(opts: { target: string; secretAccessKey: string; port?: number }): Promise<PostPolicyFront> {
  const target = new URL(opts.target);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const bucket = /^\/([^/]+)\/?$/.exec(path)?.[1];
    const isForm = req.method === 'POST' && bucket !== undefined && !req.url?.includes('?') && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (!isForm) return forward(target, req, res);
    void (async () => {
      const body = await readBody(req);
      try {
        checkForm(await parseForm(req.headers, body), bucket, opts.secretAccessKey);
      } catch (err) {
        if (err instanceof Refusal) return refuse(req, res, err);
        return refuse(req, res, new Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      }
      forward(target, req, res, body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // Clients keep connections alive for a while; a longer server side than theirs means the server
  // never closes one under a request being sent (Node's default is 5 s).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
