import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer, smtpMailer } from './mail.js';

const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

describe('outbox mailer', () => {
  it('writes one .eml file per mail with headers and the text', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
    const lines: unknown[] = [];
    const mailer = outboxMailer(dir, 'Portal <no-reply@portal.test>', { ...log, info: (o: unknown) => lines.push(o) } as never);
    await mailer.send({ to: 'a@customer.test', subject: 'Code', text: 'Your code is:\n\n12345678\n' });
    await mailer.send({ to: 'b@customer.test', subject: 'Other', text: 'x' });
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const first = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).find((t) => t.includes('To: a@customer.test'))!;
    expect(first).toMatch(/^From: Portal <no-reply@portal.test>\r\n/);
    expect(first).toContain('Subject: Code\r\n');
    expect(first.split('\r\n')).toContain('12345678');
    expect(lines).toHaveLength(2);
  });
});

describe('SMTP mailer against a real SMTP server', () => {
  let server: SMTPServer;
  let port = 0;
  const received: { from: string; to: string[]; data: string; user?: string }[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, cb) {
        if (auth.username === 'portal' && auth.password === 'mail-secret') cb(null, { user: 'portal' });
        else cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            user: session.user as string | undefined,
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the mail with authentication', async () => {
    const mailer = smtpMailer(`smtp://portal:mail-secret@127.0.0.1:${port}`, 'Portal <no-reply@portal.test>', log as never);
    await mailer.send({ to: 'c@customer.test', subject: 'Your reset code', text: 'Your reset code is:\n\n87654321\n' });
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.user).toBe('portal');
    expect(received[0]!.from).toBe('no-reply@portal.test');
    expect(received[0]!.to).toEqual(['c@customer.test']);
    expect(received[0]!.data).toContain('Subject: Your reset code');
    expect(received[0]!.data).toMatch(/\r\n87654321\r\n/);
  });

  it('fails loudly with wrong credentials', async () => {
    const mailer = smtpMailer(`smtp://portal:wrong@127.0.0.1:${port}`, 'p@portal.test', log as never);
    await expect(mailer.send({ to: 'c@customer.test', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});
