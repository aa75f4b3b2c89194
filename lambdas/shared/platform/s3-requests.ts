/**
 * S3's object calls without the S3 client (issue 42): a request signed here with Signature V4
 * (./s3-signing.ts) and sent with node:http, so that no function carries the client's REST-XML
 * protocol, endpoint rules and middleware (about 120 KB of a bundle; docs/figures.md "Bundles and
 * initialisation"). ../domain/documents/objects.ts builds the portal's calls on it (PutObject,
 * GetObject, HeadObject, CopyObject, DeleteObject), ./s3-tagging.ts GetObjectTagging.
 *
 * A call behaves as a call of the clients in ./clients.ts does:
 * - counted for the request (`s3`) and told to the tests' IAM listener as the SDK's command with
 *   its input (`PutObjectCommand`, `{ Bucket, Key, ... }`);
 * - within API_CALLS: connecting may take 1 s, an attempt that has sent nothing back for 3 s (the
 *   socket's idle time: an upload that keeps flowing is not cut off) is ended and not tried again;
 *   throttles, 5xx and dropped connections are tried again, 3 attempts at most, with apiRetry's
 *   backoff; a refusal (4xx) is not;
 * - meeting the local stack's FAULTS for `s3.<Operation>` on each attempt, as the SDK's clients
 *   meet them inside their retries (./faults.ts);
 * - failing with S3's error code as the error's name, its status in `$metadata.httpStatusCode`
 *   (a HEAD's 404 has no body: `NotFound`, as the SDK names it) and `$fault`, as the SDK throws
 *   them (middleware.ts answers a throttle, 5xx or timeout 503); a CopyObject that S3 answers 200
 *   with an error in the body fails as a 5xx, as the SDK makes it;
 * - credentials: the environment's (where Lambda puts the role's), else the SDK's default chain
 *   (an operator's command outside Lambda; in a bundle that chain is the environment's alone,
 *   ./lambda-credentials.ts); the region from AWS_REGION, which the operator's commands set. Not traced as an X-Ray subsegment (the Tracer captures SDK clients).
 */
import { createHash } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { API_CALLS, calls, dynamo, noteCall } from './clients.js';
import { blackholePort, faultFor, faultResponse } from './faults.js';
import { isThrottle } from './http.js';
import { envCredentials, envRegion, keyPath, rfc3986, s3Address, signHeaders, type Credentials } from './s3-signing.js';

export interface S3Call {
  /** The operation as S3 and IAM name it (`PutObject`): FAULTS and the IAM listener read it. */
  operation: string;
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  bucket: string;
  key: string;
  query?: Record<string, string>;
  /** lower-case names */
  headers?: Record<string, string>;
  body?: Buffer;
  /** The SDK command's input the call stands for, as the IAM listener hears it. */
  input: Record<string, unknown>;
}

export interface S3Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

export class S3CallError extends Error {
  constructor(
    name: string,
    message: string,
    readonly $metadata: { httpStatusCode?: number },
    readonly $fault: 'client' | 'server',
  ) {
    super(message);
    this.name = name;
  }
}

const timeout = (ms: number, what: string) => Object.assign(new Error(`No ${what} within ${ms} ms`), { name: 'TimeoutError' });

/**
 * One HTTP exchange: ended when connecting takes longer than `connectionTimeoutMs`, or when the
 * socket has been idle for `requestTimeoutMs` (sending or receiving resets it).
 */
function exchange(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<S3Answer> {
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(url, { method, headers, agent: https ? agents.https : agents.http, timeout: API_CALLS.requestTimeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => req.destroy(timeout(API_CALLS.connectionTimeoutMs, 'connection')), API_CALLS.connectionTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.on('timeout', () => req.destroy(timeout(API_CALLS.requestTimeoutMs, 'answer')));
    req.on('error', reject);
    req.end(body);
  });
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : XML_ENTITIES[e.toLowerCase()]!,
  );
/** The text of the first `<name>` element of an XML answer, unescaped. */
export const xmlElement = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!) : undefined;
};

/** As apiRetry (./clients.ts): throttles, 5xx and dropped connections, not an attempt cut off by its timeout. */
const retryable = (e: unknown) => {
  const err = e as { name?: string; code?: string; $fault?: string };
  if (err.name === 'TimeoutError') return false;
  return err.$fault === 'server' || isThrottle(err.name) || ['ECONNRESET', 'EPIPE', 'ECONNREFUSED'].includes(err.code ?? '');
};

/**
 * The environment's credentials where set (Lambda, the local stack, the tests), else the SDK's
 * default chain as the DynamoDB client, which every caller has, resolved it (an operator's profile).
 */
async function credentials(): Promise<Credentials> {
  if (process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY) return envCredentials();
  return dynamo().config.credentials();
}

const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const EMPTY = Buffer.alloc(0);

async function attempt(c: S3Call): Promise<S3Answer> {
  // PORTAL_FAULT_INJECTION: 'off' in the deployed bundles (infra/function-bundling.ts), which carry no fault code.
  const fault = process.env.PORTAL_FAULT_INJECTION !== 'off' && process.env.FAULTS ? faultFor('s3', c.operation) : undefined;
  let answer: S3Answer;
  if (fault && fault.kind !== 'hang') {
    const r = faultResponse('s3', fault.kind);
    answer = { status: r.statusCode, headers: r.headers, body: Buffer.from(r.body) };
  } else {
    const at = s3Address(c.bucket);
    const path = `${at.bucketPath}/${keyPath(c.key)}`;
    const query = c.query ?? {};
    const body = c.body ?? EMPTY;
    const headers = signHeaders(
      { method: c.method, host: at.host, path, query, headers: { ...c.headers, ...(c.method === 'PUT' ? { 'content-length': String(body.length) } : {}) }, payloadHash: sha256Hex(body) },
      { credentials: await credentials(), region: envRegion(), service: 's3', date: new Date() },
    );
    const search = Object.entries(query)
      .map(([k, v]) => (v === '' ? rfc3986(k) : `${rfc3986(k)}=${rfc3986(v)}`))
      .join('&');
    const tail = `${path}${search ? `?${search}` : ''}`;
    // A `hang` fault sends the call where nothing ever answers: the timeout is what ends it.
    const url = fault ? new URL(`http://127.0.0.1:${await blackholePort()}${tail}`) : new URL(`${at.protocol}//${at.host}${tail}`);
    answer = await exchange(url, c.method, headers, c.method === 'PUT' ? body : undefined);
  }
  // CopyObject may answer 200 and put its failure in the body (S3 API reference): the SDK fails it as a 5xx.
  const failedCopy = c.operation === 'CopyObject' && answer.status === 200 && /<Error>/.test(answer.body.toString('utf8'));
  if (answer.status >= 200 && answer.status < 300 && !failedCopy) return answer;
  const status = failedCopy ? 500 : answer.status;
  const xml = answer.body.toString('utf8');
  const code = xmlElement(xml, 'Code') ?? (status === 404 ? 'NotFound' : `Http${status}`);
  throw new S3CallError(code, xmlElement(xml, 'Message') ?? code, { httpStatusCode: status }, status >= 500 ? 'server' : 'client');
}

/** Sends one S3 call, counted, heard, retried and failed as the SDK's clients do (above). */
export async function s3Send(c: S3Call): Promise<S3Answer> {
  const counts = calls();
  if (counts) counts.s3 += 1;
  noteCall({ client: 'S3', command: `${c.operation}Command`, input: c.input });
  for (let n = 0; ; n++) {
    try {
      return await attempt(c);
    } catch (e) {
      if (n + 1 >= API_CALLS.maxAttempts || !retryable(e)) throw e;
      const base = isThrottle((e as { name?: string }).name) ? 500 : API_CALLS.backoffMs;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20_000, base * 2 ** n)));
    }
  }
}
