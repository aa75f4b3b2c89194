/** What the local AWS stand-ins (secrets.ts, ses.ts) share: a JSON answer and a JSON request body. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers `body` as JSON with the service's content type (Secrets Manager's x-amz-json-1.1, SES v2's plain JSON). */
export function replyJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The request's JSON object body; {} when it is empty, not JSON or not an object. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
