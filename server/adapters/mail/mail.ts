import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: the outbox folder by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

function toEml(from: string, m: MailMessage): string {
  const headers = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@portal>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return headers.join('\r\n') + '\r\n\r\n' + m.text.replace(/\r?\n/g, '\r\n') + '\r\n';
}

/** Writes one .eml file per mail into the outbox folder (written whole, then renamed into place). */
export function outboxMailer(dir: string, from: string, log: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(m) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      await writeFile(tmp, toEml(from, m), { mode: 0o600 });
      await rename(tmp, path.join(dir, name));
      log.info({ to: m.to, subject: m.subject, file: path.join(dir, name) }, 'mail written to outbox');
    },
    async close() {},
  };
}

/** Sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export function smtpMailer(url: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      log.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}
