/**
 * Issue 20 in the browser: the user menu's Notifications panel (customer accounts only), the mails'
 * public unsubscribe page, and the telemetry dashboard's Alert Thresholds (customers read them,
 * administrators change them). A valid unsubscribe token needs the server's key: its spec lives
 * with the server's.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { alertMessages } from '../../lambdas/shared/contract/alerts.js';
import { notificationMessages, topicTitles } from '../../lambdas/shared/contract/notifications.js';
import { notificationsText as n } from '../../web/features/notifications/strings.js';
import { shellStrings } from '../../web/features/shell/strings.js';
import { kindTitles, ruleTitles, telemetryText as t } from '../../web/features/telemetry/strings.js';
import { limitFromDisplay, limitToDisplay } from '../../web/features/telemetry/threshold-units.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, shotsAtBothSizes, logIn, shotter, viewAs } from './support/session.js';

const shot = shotter('notifications');

const header = (page: Page) => page.getByRole('banner');
const userMenu = (page: Page) => header(page).getByRole('button', { name: /^(Dana Facilities|Portal Admin)$/i });

async function openNotifications(page: Page): Promise<Locator> {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: shellStrings.notifications }).click();
  const dialog = page.getByRole('dialog', { name: n.title });
  await expect(dialog.getByRole('switch', { name: topicTitles.documents })).toBeVisible();
  return dialog;
}

async function openThresholds(page: Page): Promise<Locator> {
  await page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click();
  await page.getByRole('button', { name: t.thresholds }).click();
  const dialog = page.getByRole('dialog', { name: t.thresholds });
  await expect(dialog.getByRole('table', { name: t.thresholds })).toBeVisible();
  return dialog;
}

const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });

test.describe.configure({ mode: 'serial' });

test('a customer switches a mail on in Notifications; it is kept', async ({ page }) => {
  await logIn(page, demo.northwind);
  await userMenu(page).click();
  await expect(page.getByRole('menuitem')).toHaveText([shellStrings.contactUs, shellStrings.notifications, shellStrings.calendarFeed, shellStrings.changePassword, shellStrings.logOut]);
  await page.getByRole('menuitem', { name: shellStrings.notifications }).click();
  let dialog = page.getByRole('dialog', { name: n.title });
  const documents = dialog.getByRole('switch', { name: topicTitles.documents });
  await expect(documents).not.toBeChecked();
  // Northwind has equipment telemetry: all six topics.
  await expect(dialog.getByRole('switch')).toHaveCount(6);
  await expect(dialog.getByRole('switch', { name: topicTitles.alerts })).toBeVisible();
  await expect(dialog.getByText(n.mailsGoTo(demo.northwind.email))).toBeVisible();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'panel');

  await documents.check();
  const saving = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/notifications' && r.method() === 'PATCH');
  await dialog.getByRole('button', { name: n.save }).click();
  // PATCH /api/notifications with the topics, no `action` (the previous release's POST is answered for one release only).
  expect((await saving).postDataJSON()).toEqual({ settings: expect.objectContaining({ documents: true, requests: true }) });
  await expect(dialog).toBeHidden();
  await expect(toast(page, notificationMessages.saved)).toBeVisible();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'saved');

  await page.reload();
  const reading = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/notifications' && r.method() === 'GET');
  dialog = await openNotifications(page);
  await reading;
  await expect(dialog.getByRole('switch', { name: topicTitles.documents })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: topicTitles.requests })).toBeChecked();
  // Back as it was.
  await dialog.getByRole('switch', { name: topicTitles.documents }).uncheck();
  await dialog.getByRole('button', { name: n.save }).click();
  await expect(toast(page, notificationMessages.saved)).toBeVisible();
});

test('staff have no Notifications, also while viewing the portal as a customer', async ({ page }) => {
  await logIn(page, demo.admin);
  await userMenu(page).click();
  await expect(page.getByRole('menuitem')).toHaveText([shellStrings.contactUs, shellStrings.changePassword, shellStrings.logOut]);
  await page.keyboard.press('Escape');
  await viewAs(page, demo.northwind.email);
  await userMenu(page).click();
  await expect(page.getByRole('menuitem')).toHaveText([shellStrings.contactUs, shellStrings.changePassword, shellStrings.logOut]);
});

test('the unsubscribe page asks first; a malformed link is refused after the click', async ({ page }) => {
  // Not a token at all: the page says so and offers nothing to click.
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: n.unsubscribeHeading })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(n.invalidLink);
  await expect(page.getByRole('button', { name: n.unsubscribe })).toHaveCount(0);

  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/notifications/unsubscribe')) calls.push(r.method());
  });
  await page.goto('/unsubscribe?token=not-a-token');
  await expect(page.getByText(n.stopMailsUnknown)).toBeVisible();
  await expect(page.getByRole('link', { name: n.toLogIn })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'unsubscribe-ask');
  // Opening the link unsubscribes nothing (mail scanners open links).
  expect(calls).toEqual([]);

  await page.getByRole('button', { name: n.unsubscribe }).click();
  await expect(page.getByRole('alert')).toHaveText(notificationMessages.badToken);
  expect(calls).toEqual(['POST']);
  // Refused: nothing left to click but the way to Log In.
  await expect(page.getByRole('button', { name: n.unsubscribe })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'unsubscribe-invalid');

  // A token that reads well but was not signed by the portal: the page words the question from it, the server refuses it.
  const payload = Buffer.from(JSON.stringify({ v: 1, p: 'unsubscribe', sub: 'forged', t: 'weekly', e: demo.northwind.email })).toString('base64url');
  await page.goto(`/unsubscribe?token=${payload}.${Buffer.alloc(32).toString('base64url')}`);
  await expect(page.getByText(n.stopMails(topicTitles.weekly, demo.northwind.email))).toBeVisible();
  await page.getByRole('button', { name: n.unsubscribe }).click();
  await expect(page.getByRole('alert')).toHaveText(notificationMessages.badToken);

  await page.getByRole('link', { name: n.toLogIn }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

test('a customer with telemetry reads the alert thresholds; nothing to change', async ({ page }) => {
  await logIn(page, demo.northwind);
  const dialog = await openThresholds(page);
  await expect(dialog.getByRole('combobox', { name: t.thresholdsProperty })).toBeVisible();
  await expect(dialog.getByText(t.thresholdsReadOnly)).toBeVisible();
  await expect(dialog.getByRole('rowheader').first()).toBeVisible();
  await expect(dialog.getByRole('spinbutton')).toHaveCount(0);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: t.thresholdsSave })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: t.thresholdsReset })).toHaveCount(0);
  await expect(dialog.getByText(/^Default: /).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'thresholds-customer');
});

test('an administrator viewing as the customer changes a threshold, sees it kept, and resets to the defaults', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, demo.admin);
  await viewAs(page, demo.northwind.email);
  let dialog = await openThresholds(page);
  // Chilled water's limit, raised (a higher limit raises no alert while the other specs' jobs run).
  const label = t.limitLabel(kindTitles.chiller, ruleTitles['chilled-water-warm']);
  const limit = dialog.getByRole('spinbutton', { name: label, exact: true });
  const before = await limit.inputValue();
  const minutes = await dialog.getByRole('spinbutton', { name: t.minutesLabel(kindTitles.chiller, ruleTitles['chilled-water-warm']), exact: true }).inputValue();
  const celsius = limitFromDisplay('c', Number(before) + 3.6);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'thresholds-admin');

  await limit.fill(String(Number(before) + 3.6));
  const sent = page.waitForRequest((r) => /\/api\/alerts\/thresholds\/[^/?]+$/.test(r.url()) && r.method() === 'PUT');
  await dialog.getByRole('button', { name: t.thresholdsSave }).click();
  // The property's thresholds, PUT with only the changed row, its limit back in °C.
  expect((await sent).postDataJSON()).toEqual({
    customerId: expect.any(String),
    rules: [{ kind: 'chiller', rule: 'chilled-water-warm', forMinutes: Number(minutes), limit: celsius }],
  });
  await expect(dialog).toBeHidden();
  await expect(toast(page, alertMessages.saved)).toBeVisible();

  await page.getByRole('button', { name: t.thresholds }).click();
  dialog = page.getByRole('dialog', { name: t.thresholds });
  await expect(dialog.getByRole('spinbutton', { name: label, exact: true })).toHaveValue(String(limitToDisplay('c', celsius)));
  await expect(dialog.getByText(new RegExp(`Last changed .* by ${demo.admin.email}`))).toBeVisible();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'thresholds-changed');
  // Not reporting says its one rule in minutes, following what is typed (never sooner than 15, when a device is late).
  await expect(dialog.getByText('Raised after 15 minutes without a report (never sooner than 15). Default: 0').first()).toBeVisible();
  const staleMinutes = dialog.getByRole('spinbutton', { name: t.minutesLabel(kindTitles.air, ruleTitles.stale), exact: true });
  await staleMinutes.fill('30');
  await expect(dialog.getByText('Raised after 30 minutes without a report (never sooner than 15). Default: 0')).toBeVisible();
  await staleMinutes.fill('0');

  // What was typed comes back as typed: a 12 °F difference is 6.667 °C, shown again as 12 (not 12.1).
  const warmLabel = t.limitLabel(kindTitles.air, ruleTitles['supply-warm']);
  await dialog.getByRole('spinbutton', { name: warmLabel, exact: true }).fill('12');
  await dialog.getByRole('button', { name: t.thresholdsSave }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: t.thresholds }).click();
  dialog = page.getByRole('dialog', { name: t.thresholds });
  await expect(dialog.getByRole('spinbutton', { name: warmLabel, exact: true })).toHaveValue('12');
  await expect(dialog.getByRole('spinbutton', { name: label, exact: true })).toHaveValue(String(limitToDisplay('c', celsius)));

  await dialog.getByRole('button', { name: t.thresholdsReset }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, alertMessages.reset)).toBeVisible();
  await page.getByRole('button', { name: t.thresholds }).click();
  dialog = page.getByRole('dialog', { name: t.thresholds });
  await expect(dialog.getByRole('spinbutton', { name: label, exact: true })).toHaveValue(before);
  await expect(dialog.getByText(t.thresholdsDefaults, { exact: false })).toBeVisible();
});
