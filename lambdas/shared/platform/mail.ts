/**
 * Mail the portal sends itself (Cognito's mail is for sign-in only): through Amazon SES (API v2),
 * from the stage's `mail.from`. The client takes its endpoint from the SDK's standard variables as
 * every client does: locally AWS_ENDPOINT_URL_SESV2 points at the stack's SES stand-in, which
 * writes each mail to the outbox. A stage without an SES identity has no MAIL_FROM: mails are not
 * sent, and a warning is logged for each.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { apiBudget, watched } from './clients.js';
import { log } from './log.js';
import { traced } from './observability.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

let ses: SESv2Client | undefined;
const client = () => (ses ??= traced(watched(new SESv2Client({ ...apiBudget(), ...(process.env.SES_REGION ? { region: process.env.SES_REGION } : {}) }))));

export const mailSettings = {
  /** `Name <address>` or an address of the stage's SES identity; unset: no mail. */
  from: () => process.env.MAIL_FROM || '',
  replyTo: () => process.env.MAIL_REPLY_TO || '',
  /** The stage's SES configuration set (bounce and complaint events suppress addresses); unset: none. */
  configurationSet: () => process.env.MAIL_CONFIGURATION_SET || '',
  /** The provider's dispatch mailbox for service requests; unset: none is mailed. */
  dispatchEmail: () => process.env.DISPATCH_EMAIL || '',
  /** The provider's phone for emergencies, shown in the request dialog; unset: none is shown. */
  dispatchPhone: () => process.env.DISPATCH_PHONE || '',
};

/** Sends one plain-text mail; false when the stage sends no mail. A failure of SES is thrown. */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  const from = mailSettings.from();
  if (!from || !mail.to) {
    log.warn('mail not sent: the stage has no mail sender or no recipient', { subject: mail.subject });
    return false;
  }
  const replyTo = mailSettings.replyTo();
  const configurationSet = mailSettings.configurationSet();
  const headers = Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value }));
  await client().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      ...(replyTo ? { ReplyToAddresses: [replyTo] } : {}),
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
          ...(headers.length ? { Headers: headers } : {}),
        },
      },
    }),
  );
  return true;
}
