import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { readMails } from '../../../infra/local/outbox.js';
import { startSes, type LocalSes } from '../../../infra/local/ses.js';

let dir: string;
let ses: LocalSes;
let client: SESv2Client;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ses-'));
  ses = await startSes(dir);
  client = new SESv2Client({ endpoint: ses.url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
});
afterAll(async () => {
  client.destroy();
  await ses.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local SES stand-in', () => {
  it("writes the SDK's SendEmail to the outbox as the portal's other mail", async () => {
    const r = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'Portal <no-reply@localhost>',
        Destination: { ToAddresses: ['dispatch@provider.test'] },
        Content: { Simple: { Subject: { Data: 'Service request SR-1' }, Body: { Text: { Data: 'line one\nline two' } } } },
      }),
    );
    expect(r.MessageId).toBeTruthy();
    expect(await readMails(dir)).toEqual([{ to: 'dispatch@provider.test', subject: 'Service request SR-1', text: 'line one\nline two' }]);
  });

  it('refuses a mail without a recipient, as SES does', async () => {
    await expect(client.send(new SendEmailCommand({ FromEmailAddress: 'a@b.c', Destination: { ToAddresses: [] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } } }))).rejects.toThrow();
  });
});
