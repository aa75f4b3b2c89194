/**
 * An Amazon SES (API v2) stand-in: answers the SDK's SendEmail (POST /v2/email/outbound-emails,
 * REST JSON) for the portal's own mail (lambdas/shared/mail.ts) and writes each mail, simple
 * content only, to the outbox beside Cognito's, so handlers send exactly as they do on AWS.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeMail } from './outbox.js';
import { listenLocal } from './ports.js';

export interface LocalSes {
  url: string;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

export async function startSes(outboxDir: string, preferredPort?: number): Promise<LocalSes> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v2/email/outbound-emails')) {
        return reply(res, 400, { message: `The local stack answers only SendEmail, not ${req.method} ${req.url}` });
      }
      const body = (await readJson(req)) as SendEmailBody;
      const to = body.Destination?.ToAddresses ?? [];
      const simple = body.Content?.Simple;
      if (!body.FromEmailAddress || to.length === 0 || !simple?.Subject?.Data) return reply(res, 400, { message: 'FromEmailAddress, Destination.ToAddresses and Content.Simple are required.' });
      for (const address of to) await writeMail(outboxDir, body.FromEmailAddress, { to: address, subject: simple.Subject.Data, text: simple.Body?.Text?.Data ?? '' });
      reply(res, 200, { MessageId: randomUUID() });
    })().catch(() => reply(res, 500, { message: 'internal error' }));
  });
  await listenLocal(server, preferredPort);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
