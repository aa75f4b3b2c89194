/**
 * S3's GetObjectTagging without the S3 client (issue 42): the one call the functions that otherwise
 * only sign links make (where the stage scans for malware, ../domain/documents/scan.ts), so that
 * they carry none of the client's 130 KB (./s3-signing.ts says why).
 *
 * It behaves as a call of the clients in ./clients.ts does: counted for the request (`s3`), told to
 * the tests' IAM listener, within API_CALLS (an attempt that has sent nothing back for 3 s is cut
 * off and not tried again; throttles, 5xx and dropped connections are tried again, 3 attempts at
 * most, with apiRetry's backoff), meeting the local stack's FAULTS for `s3.GetObjectTagging`, and
 * failing with the error's name and status as the SDK would throw it (middleware.ts answers a
 * throttle, 5xx or timeout 503). Not traced as an X-Ray subsegment (the client's capture is the
 * Tracer's, for SDK clients).
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { API_CALLS, calls, noteCall } from './clients.js';
import { blackholePort, faultFor, faultResponse } from './faults.js';
import { isThrottle } from './http.js';
import { envCredentials, envRegion, keyPath, s3Address, signHeaders } from './s3-signing.js';

interface Answer {
  status: number;
  body: string;
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

class S3CallError extends Error {
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

const timeout = (ms: number) => Object.assign(new Error(`No answer within ${ms} ms`), { name: 'TimeoutError' });

/** One HTTP exchange, cut off when nothing has come for `requestTimeoutMs` (connecting included). */
function exchange(url: URL, headers: Record<string, string>): Promise<Answer> {
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(url, { method: 'GET', headers, agent: https ? agents.https : agents.http, timeout: API_CALLS.requestTimeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(timeout(API_CALLS.requestTimeoutMs)));
    req.on('error', reject);
    req.end();
  });
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : XML_ENTITIES[e.toLowerCase()]!,
  );
const element = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!) : undefined;
};

/** The tags of a GetObjectTagging answer (`<Tagging><TagSet><Tag><Key/><Value/></Tag>...`). */
export function parseTagging(xml: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, tag] of xml.matchAll(/<Tag>([\s\S]*?)<\/Tag>/g)) tags[element(tag!, 'Key') ?? ''] = element(tag!, 'Value') ?? '';
  return tags;
}

/** As apiRetry (./clients.ts): throttles, 5xx and dropped connections, not an attempt cut off by its timeout. */
const retryable = (e: unknown) => {
  const err = e as { name?: string; code?: string; $fault?: string };
  if (err.name === 'TimeoutError') return false;
  return err.$fault === 'server' || isThrottle(err.name) || ['ECONNRESET', 'EPIPE', 'ECONNREFUSED'].includes(err.code ?? '');
};

async function attempt(bucket: string, key: string): Promise<Record<string, string>> {
  const fault = process.env.FAULTS ? faultFor('s3', 'GetObjectTagging') : undefined;
  let answer: Answer;
  if (fault && fault.kind !== 'hang') {
    const r = faultResponse('s3', fault.kind);
    answer = { status: r.statusCode, body: r.body };
  } else {
    const at = s3Address(bucket);
    const path = `${at.bucketPath}/${keyPath(key)}`;
    const headers = signHeaders({ method: 'GET', host: at.host, path, query: { tagging: '' }, payloadHash: EMPTY_SHA256 }, { credentials: envCredentials(), region: envRegion(), service: 's3', date: new Date() });
    // A `hang` fault sends the call where nothing ever answers: the timeout is what ends it.
    const url = fault ? new URL(`http://127.0.0.1:${await blackholePort()}${path}?tagging`) : new URL(`${at.protocol}//${at.host}${path}?tagging`);
    answer = await exchange(url, headers);
  }
  if (answer.status === 200) return parseTagging(answer.body);
  const code = element(answer.body, 'Code') ?? (answer.status === 404 ? 'NotFound' : `Http${answer.status}`);
  throw new S3CallError(code, element(answer.body, 'Message') ?? code, { httpStatusCode: answer.status }, answer.status >= 500 ? 'server' : 'client');
}

/** GetObjectTagging of `key` in `bucket`: its tags by key. */
export async function getObjectTagging(bucket: string, key: string): Promise<Record<string, string>> {
  const counts = calls();
  if (counts) counts.s3 += 1;
  noteCall({ client: 'S3', command: 'GetObjectTaggingCommand', input: { Bucket: bucket, Key: key } });
  for (let n = 0; ; n++) {
    try {
      return await attempt(bucket, key);
    } catch (e) {
      if (n + 1 >= API_CALLS.maxAttempts || !retryable(e)) throw e;
      const base = isThrottle((e as { name?: string }).name) ? 500 : API_CALLS.backoffMs;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20_000, base * 2 ** n)));
    }
  }
}
