/**
 * An Amazon SES (API v2) stand-in: answers the SDK's SendEmail (POST /v2/email/outbound-emails,
 * REST JSON) for the portal's own mail (lambdas/shared/platform/mail.ts) and writes each mail, simple
 * content only, to the outbox beside Cognito's, so handlers send exactly as they do on AWS.
 * Like SES's mailbox simulator, a mail to bounce@simulator.amazonses.com or
 * complaint@simulator.amazonses.com comes back as the bounce or complaint event SES would publish
 * to the configuration set's SNS topic, handed to `onFeedback` (the stack runs
 * notifications/mail-feedback with it).
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

/** An SNS delivery of one SES event, as the feedback function receives it. */
export interface SnsDelivery {
  Records: { Sns: { Message: string } }[];
}

/** The SES event the mailbox simulator's address would cause, or undefined for any other address. */
export function simulatorEvent(to: string, messageId: string): SnsDelivery | undefined {
  const mail = { messageId, destination: [to], timestamp: new Date().toISOString() };
  let event: Record<string, unknown> | undefined;
  if (to.toLowerCase() === 'bounce@simulator.amazonses.com') {
    event = { eventType: 'Bounce', mail, bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: to, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] } };
  } else if (to.toLowerCase() === 'complaint@simulator.amazonses.com') {
    event = { eventType: 'Complaint', mail, complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: to }] } };
  }
  return event && { Records: [{ Sns: { Message: JSON.stringify(event) } }] };
}

interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

export async function startSes(outboxDir: string, options: { preferredPort?: number; onFeedback?: (event: SnsDelivery) => Promise<unknown> } = {}): Promise<LocalSes> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v2/email/outbound-emails')) {
        return reply(res, 400, { message: `The local stack answers only SendEmail, not ${req.method} ${req.url}` });
      }
      const body = (await readJson(req)) as SendEmailBody;
      const to = body.Destination?.ToAddresses ?? [];
      const simple = body.Content?.Simple;
      if (!body.FromEmailAddress || to.length === 0 || !simple?.Subject?.Data) return reply(res, 400, { message: 'FromEmailAddress, Destination.ToAddresses and Content.Simple are required.' });
      const messageId = randomUUID();
      for (const address of to) await writeMail(outboxDir, body.FromEmailAddress, { to: address, subject: simple.Subject.Data, text: simple.Body?.Text?.Data ?? '' });
      reply(res, 200, { MessageId: messageId });
      // After the answer, as SES publishes its events some time after accepting the mail.
      for (const address of to) {
        const event = simulatorEvent(address, messageId);
        if (event && options.onFeedback) await options.onFeedback(event).catch(() => undefined);
      }
    })().catch(() => reply(res, 500, { message: 'internal error' }));
  });
  await listenLocal(server, options.preferredPort);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
