/**
 * An Amazon SES (API v2) stand-in: answers the SDK's SendEmail (POST /v2/email/outbound-emails,
 * REST JSON) for the portal's own mail (lambdas/shared/mail.ts) and writes each mail, simple
 * content only, to the outbox beside Cognito's, so handlers send exactly as they do on AWS.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeMail } from './outbox.js';
import { readJson, replyJson } from './json-service.js';
import { listenLocal } from './ports.js';

export interface LocalSes {
  url: string;
  close(): Promise<void>;
}

const reply = (res: ServerResponse, status: number, body: unknown) => replyJson(res, status, body);

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
