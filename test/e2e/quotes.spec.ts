/**
 * Issue 30 in the browser: "Quotes awaiting approval" above the Quotes report. An approver opens a
 * Sent quote's document and approves it with a typed signature (the dispatch mail, the receipt and
 * the event land; the frame's "Awaiting approval" drops by its amount; the row says who approved
 * it, and an import of the same quote as Sent keeps the decision); a user without the permission
 * sees whom to ask; a decline needs a reason; an expired quote cannot be decided; an
 * administrator viewing as the customer sees the quotes read-only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { quotesText as t } from '../../web/features/quotes/strings.js';
import { demo, e2eDataDir, readOutbox } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter } from './support/session.js';

const shot = shotter('quotes');
const panel = (page: Page) => page.getByRole('region', { name: t.title });
const row = (page: Page, id: string) => panel(page).locator(`tr[data-quote="${id}"]`);
const frame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');

/** The outbox's newest mail to `to` whose text contains `subject`, as raw text. */
const mailTo = (to: string, subject: string) =>
  readOutbox()
    .reverse()
    .find((m) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}\\r?$`, 'mi').test(m.text) && m.text.includes(subject))?.text;

/** The local bus stand-in's events (DATA_DIR/events/*.json) about that quote. */
function eventsFor(quoteId: string): { 'detail-type': string; detail: { quoteId: string; decision: string; status: string; decidedBy: { name: string }; record: { hash: string } } }[] {
  const dir = path.join(e2eDataDir, 'events');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8'))).filter((e) => e.detail?.quoteId === quoteId);
}

async function openQuotes(page: Page) {
  await page.getByRole('navigation').getByRole('button', { name: /^Quotes/ }).click();
  await expect(frame(page).getByRole('heading', { level: 1 })).toHaveText('Quotes');
  await expect(panel(page).getByRole('heading', { name: t.title })).toBeVisible();
}

/** The frame's "Awaiting approval" figure, in dollars. */
async function awaitingApproval(page: Page): Promise<number> {
  const figure = frame(page).locator('.figure').filter({ has: frame(page).locator('.figure-label', { hasText: /^Awaiting approval$/ }) });
  const text = (await figure.locator('.figure-value').textContent())!;
  return Number(text.replace(/[$,]/g, ''));
}

test.describe.configure({ mode: 'serial' });

test('a user without the permission sees the quote and whom to ask, and no Approve', async ({ page }) => {
  await logIn(page, demo.twoCustomers);
  await openQuotes(page);
  await expect(row(page, 'QT-DEMO-0004')).toBeVisible();
  await row(page, 'QT-DEMO-0004').getByRole('button', { name: /^Review QT-DEMO-0004/ }).click();
  const dialog = page.getByRole('dialog', { name: t.dialogTitle('QT-DEMO-0004') });
  await expect(dialog.getByText(/^Ask .+ to approve$/)).toBeVisible();
  await expect(dialog.getByText(t.facts.document)).toHaveCount(0); // no document names this quote
  await expect(dialog.getByRole('button', { name: t.approve, exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: t.decline, exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: t.requestChanges, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'ask-to-approve');
});

test('an expired quote shows Expired and cannot be decided; a decline needs a reason', async ({ page }) => {
  await logIn(page, demo.northwind);
  await openQuotes(page);
  const expired = row(page, 'QT-DEMO-0002');
  await expect(expired.locator('td').nth(3)).toHaveText(t.expired);
  await expired.getByRole('button', { name: /^Review QT-DEMO-0002/ }).click();
  let dialog = page.getByRole('dialog', { name: t.dialogTitle('QT-DEMO-0002') });
  await expect(dialog.getByText(/^This quote expired on \d{1,2} [A-Z][a-z]{2} \d{4} and can no longer be decided\.$/)).toBeVisible();
  for (const name of [t.approve, t.decline, t.requestChanges]) await expect(dialog.getByRole('button', { name, exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: t.close }).click();

  await row(page, 'QT-DEMO-0003').getByRole('button', { name: /^Review QT-DEMO-0003/ }).click();
  dialog = page.getByRole('dialog', { name: t.dialogTitle('QT-DEMO-0003') });
  await dialog.getByRole('button', { name: t.decline, exact: true }).click();
  const send = dialog.getByRole('button', { name: t.sendDecline });
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: t.reason }).fill('Over this year’s budget');
  await expect(send).toBeEnabled();
  await dialog.getByRole('textbox', { name: t.reason }).fill('   ');
  await expect(send).toBeDisabled();
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'QT-DEMO-0003').locator('td').nth(4)).toHaveText(t.awaiting);
});

test('Dana approves QT-DEMO-0001 with a typed signature: the row, the mails, the event and the figure follow', async ({ page }) => {
  await logIn(page, demo.northwind);
  await openQuotes(page);
  const before = await awaitingApproval(page);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await page.evaluate('window.scrollTo(0, 0)');
  await shotsAtBothSizes(shot, page, 'panel');

  const quote = row(page, 'QT-DEMO-0001');
  await expect(quote.locator('td').nth(2)).toHaveText('$4,850');
  await quote.getByRole('button', { name: /^Review QT-DEMO-0001/ }).click();
  const dialog = page.getByRole('dialog', { name: t.dialogTitle('QT-DEMO-0001') });
  await expect(dialog.getByText('$4,850', { exact: true })).toBeVisible();
  // The provider's quote document (a document of the property named after the quote) opens in a new tab.
  await expect(dialog.getByText(t.facts.document)).toBeVisible();
  const popupPromise = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: t.openDocument('Quote_QT-DEMO-0001.pdf') }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toContain('Quote_QT-DEMO-0001.pdf');
  const served = await page.request.get(popup.url());
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await popup.close();
  await dialog.getByRole('button', { name: t.approve, exact: true }).click();
  const send = dialog.getByRole('button', { name: t.sendApprove });
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: t.signature }).fill('Dana Facilities');
  await expect(send).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /^I approve this quote of \$4,850 for / }).check();
  await dialog.getByRole('textbox', { name: t.poNumber }).fill('PO-7781');
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'approve-dialog');
  await send.click();
  await expect(dialog.getByText('Quote approved. The provider has been told.')).toBeVisible();
  await dialog.getByRole('button', { name: t.close }).click();

  await expect(quote.locator('td').nth(4)).toHaveText(/^Approved by Dana Facilities on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(quote.getByRole('button', { name: /^Review/ })).toBeVisible();
  // The frame is asked for again and shows the figure without the approved quote.
  await expect.poll(() => awaitingApproval(page)).toBeCloseTo(before - 4850, 0);
  await page.evaluate('window.scrollTo(0, 0)');
  await shotsAtBothSizes(shot, page, 'approved');

  // The provider's next import still says Sent: the portal's decision stays (docs/features/quotes.md "Imports do not undo it").
  const q = await page.evaluate(async () => {
    const r = await fetch('/api/quotes', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await r.json()) as { quotes: { id: string; propertyId: string; amount: number; createdAt: string; title: string; expiresAt: string }[] }).quotes.find((x) => x.id === 'QT-DEMO-0001')!;
  });
  const csv = path.join(mkdtempSync(path.join(tmpdir(), 'quotes-import-')), 'quotes.csv');
  writeFileSync(csv, `id,property_id,status,amount,created_at,title,expires_at\n${q.id},${q.propertyId},Sent,${q.amount},${q.createdAt},${q.title},${q.expiresAt}\n`);
  execFileSync('npm', ['run', 'admin', '--', 'import', '--local', '--data-dir', e2eDataDir, '--quotes', csv], { cwd: path.resolve('.'), env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: 'pipe' });
  await page.reload();
  await expect(panel(page).getByRole('heading', { name: t.title })).toBeVisible();
  await expect(quote.locator('td').nth(4)).toHaveText(/^Approved by Dana Facilities on \d{1,2} [A-Z][a-z]{2} \d{4}$/);

  await expect.poll(() => mailTo('dispatch@example-hvac.com', 'QT-DEMO-0001')).toBeTruthy();
  expect(mailTo('dispatch@example-hvac.com', 'QT-DEMO-0001')).toContain('Dana Facilities');
  await expect.poll(() => mailTo(demo.northwind.email, 'Receipt: you approved quote QT-DEMO-0001')).toBeTruthy();
  await expect.poll(() => eventsFor('QT-DEMO-0001').length).toBeGreaterThan(0);
  const [event] = eventsFor('QT-DEMO-0001');
  expect(event!['detail-type']).toBe('portal.quote.decided');
  expect(event!.detail).toMatchObject({ decision: 'approve', status: 'Approved', decidedBy: { name: 'Dana Facilities' } });
  expect(event!.detail.record.hash).toMatch(/^[0-9a-f]{64}$/);
});

test('an administrator viewing as the customer sees the quotes read-only, and why', async ({ page }) => {
  await logIn(page, demo.admin);
  await page.getByRole('combobox', { name: 'Select User View' }).fill(demo.northwind.email);
  await page.getByRole('option', { name: new RegExp(demo.northwind.email) }).click();
  await expect(page.getByText(demo.northwind.email).first()).toBeVisible();
  await openQuotes(page);
  await expect(panel(page).getByText(t.staffReadOnly)).toBeVisible();
  await row(page, 'QT-DEMO-0003').getByRole('button', { name: /^Review QT-DEMO-0003/ }).click();
  const dialog = page.getByRole('dialog', { name: t.dialogTitle('QT-DEMO-0003') });
  await expect(dialog.getByText(t.staffNote)).toBeVisible();
  for (const name of [t.approve, t.decline, t.requestChanges]) await expect(dialog.getByRole('button', { name, exact: true })).toHaveCount(0);
});
