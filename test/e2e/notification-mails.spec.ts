/**
 * Notifications' mails end to end (issue 20): the spec asks the stack for a pass of the documents
 * digest or of the equipment alerts (support/jobs.ts) where AWS's schedule would run one, so each
 * mail lands in the outbox soon after what causes it. Set-up calls go through the API; what people see and click goes through
 * the browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, e2eDataDir, readOutbox } from './support/env.js';
import { runJob } from './support/jobs.js';
import { adminToken, customerToken, expectNoSeriousA11yViolations, openAnalytics, shotter } from './support/session.js';

const shot = shotter('notification-mails');
const stamp = Date.now().toString(36);

const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.*)\\r?$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
/** The outbox's mails (after the first `from`), as to, subject and body. */
function mails(from = 0) {
  return readOutbox()
    .slice(from)
    .map((m) => {
      const split = m.text.indexOf('\r\n\r\n');
      return { to: headerOf(m.text, 'To'), subject: headerOf(m.text, 'Subject'), body: m.text.slice(split + 4).replace(/\r\n/g, '\n') };
    });
}

async function setNotifications(request: Parameters<typeof customerToken>[0], user: { email: string; password: string }, settings: Record<string, boolean>) {
  const token = await customerToken(request, user);
  const r = await request.patch('/api/notifications', { headers: { authorization: `Bearer ${token}` }, data: { settings } });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as { settings: Record<string, boolean> };
}

test.describe.configure({ mode: 'serial' });

test('documents uploaded together make one mail to the subscribed user only; its unsubscribe link works without signing in', async ({ request, browser }) => {
  test.setTimeout(120_000);
  // Both see Lakeside High School; only the principal asks for document mails.
  await setNotifications(request, demo.lakeside, { documents: true });
  await setNotifications(request, demo.twoCustomers, { documents: false });
  const from = readOutbox().length;

  const admin = await adminToken(request);
  for (const name of [`boiler-service-${stamp}.pdf`, `roof-survey-${stamp}.pdf`]) {
    const r = await request.post('/api/s3/uploaddocument', {
      headers: { authorization: `Bearer ${admin}` },
      multipart: { propertyId: 'PROP-1003-01', file: { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 demo') } },
    });
    expect(r.status(), await r.text()).toBe(201);
  }

  const documentMails = () => mails(from).filter((m) => /new documents? for/i.test(m.subject));
  // The digest mails once the uploads have settled (DOCUMENTS_SETTLE_SECONDS, 6 s here).
  await expect(async () => {
    await runJob(request, 'notifications/documents-digest');
    expect(documentMails().length).toBeGreaterThan(0);
  }).toPass({ timeout: 45_000, intervals: [2_000] });
  // Two more runs of the digest: still one mail.
  await runJob(request, 'notifications/documents-digest');
  await runJob(request, 'notifications/documents-digest');
  const sent = documentMails();
  expect(sent.map((m) => [m.to, m.subject])).toEqual([[demo.lakeside.email, '2 new documents for Lakeside High School']]);
  expect(sent[0]!.body).toContain(`boiler-service-${stamp}.pdf`);
  expect(sent[0]!.body).toContain(`roof-survey-${stamp}.pdf`);
  expect(sent[0]!.body).toContain('Hello Lee Principal,');

  // The mail links to what it is about: signed out, Log In, then the Documents dialog on that property.
  const about = /^Sign in to open them: (\S+)$/m.exec(sent[0]!.body)?.[1];
  expect(about).toMatch(/\/home\?property=PROP-1003-01&open=documents$/);
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(about!);
  await readerPage.getByPlaceholder('Email').fill(demo.lakeside.email);
  await readerPage.getByPlaceholder('Password').fill(demo.lakeside.password);
  await readerPage.getByRole('button', { name: 'Log in' }).click();
  const documents = readerPage.getByRole('dialog', { name: 'Documents' });
  await expect(documents.getByRole('listitem', { name: `boiler-service-${stamp}.pdf` })).toBeVisible();
  await expect(documents.getByRole('button', { name: /^lakeside high school$/i })).toBeVisible();
  await expect(readerPage).toHaveURL(/\/home\?property=PROP-1003-01$/);
  await shot(readerPage, 'mail-link-documents');
  await reader.close();

  // The unsubscribe link, opened in a browser that has never signed in.
  const link = /^To stop it: (\S+)$/m.exec(sent[0]!.body)?.[1];
  expect(link).toMatch(/\/unsubscribe\?token=/);
  const context = await browser.newContext();
  const stranger = await context.newPage();
  await stranger.goto(link!);
  await expect(stranger.getByText(demo.lakeside.email)).toBeVisible();
  await expectNoSeriousA11yViolations(stranger);
  await shot(stranger, 'unsubscribe-asked');
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stranger.getByText('You will no longer be mailed: New documents for my properties.', { exact: false })).toBeVisible();
  await shot(stranger, 'unsubscribe-done');
  await context.close();

  const token = await customerToken(request, demo.lakeside);
  const now = await request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect(((await now.json()) as { settings: { documents: boolean } }).settings.documents).toBe(false);
});

/** The simulator's address (the local stack's state file in the e2e data folder). */
function simulatorUrl(): string {
  const state = JSON.parse(readFileSync(path.join(e2eDataDir, 'local-stack.json'), 'utf8')) as { ports: { telemetry: number } };
  return `http://127.0.0.1:${state.ports.telemetry}`;
}


test('a simulated fault raises one alert mail and a badge; its clearing sends one clear', async ({ page, request }) => {
  test.setTimeout(150_000);
  const device = 'NCL-RTU1-A1';
  const sim = simulatorUrl();
  const from = readOutbox().length;
  const aboutDevice = () => mails(from).filter((m) => m.to === demo.northwind.email && m.body.includes(`(device ${device})`));
  const card = page.getByRole('region', { name: 'Telemetry Snapshot' }).getByRole('article', { name: device, exact: true });

  const put = await request.put(`${sim}/_control/faults/${device}`, { data: { kind: 'silent' } });
  expect(put.status()).toBe(200);
  // A pass of the alerts until the device is seen silent (the simulator's fault holds its readings back).
  const mailsAfterPasses = (n: number) =>
    expect(async () => {
      await runJob(request, 'alerts/evaluate');
      expect(aboutDevice()).toHaveLength(n);
    }).toPass({ timeout: 60_000, intervals: [2_000] });
  try {
    await mailsAfterPasses(1);
    const [raised] = aboutDevice();
    expect(raised!.subject).toMatch(/^Equipment alert: .+: Not reporting$/);
    expect(raised!.body).toContain('"Equipment alerts" is on in your Notifications settings');

    await openAnalytics(page);
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await expect(card.getByRole('img', { name: 'Alert: Not reporting' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await shot(page, 'alert-badge');
  } finally {
    await request.delete(`${sim}/_control/faults/${device}`);
  }
  await mailsAfterPasses(2);
  // Further passes send nothing more.
  await runJob(request, 'alerts/evaluate');
  await runJob(request, 'alerts/evaluate');
  const sent = aboutDevice();
  expect(sent).toHaveLength(2);
  expect(sent[1]!.subject).toMatch(/^Cleared: .+: Not reporting$/);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(card.getByRole('img', { name: /^Alert/ })).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});
