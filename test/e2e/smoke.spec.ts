import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { SmokeAccounts } from '../../infra/smoke/smoke.js';
import { documentsText as t } from '../../web/features/documents/strings.js';
import { startOwnStack } from './support/own-stack.js';
import { readTickedOptions } from './support/session.js';

test('the served page opens in Chromium', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

test('a client route falls back to the web app', async ({ page }) => {
  const response = await page.goto('/forgot-password');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('a system asking for less motion gets none: no ripple spreads from a pressed button (web/app/theme.ts)', async ({ page }) => {
  for (const [reducedMotion, ripples] of [['no-preference', 1], ['reduce', 0]] as const) {
    await page.emulateMedia({ reducedMotion });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Log in' });
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect(button.locator('.MuiTouchRipple-child')).toHaveCount(ripples);
    await page.mouse.up();
  }
});

test("prod's smoke customer (the customer profile) sees the smoke property only, downloads its reference document, and has no administrator's tools", async ({ page }) => {
  // A stack of its own, so the smoke customer and property stay out of the other specs' demo data.
  const stack = await startOwnStack({});
  try {
    // docs/operating.md "Smoke test": npm run admin -- create-smoke-accounts --local --profile customer, on that stack.
    execFileSync('npm', ['run', 'admin', '--', 'create-smoke-accounts', '--local', '--profile', 'customer', '--data-dir', stack.dataDir], {
      cwd: path.resolve('.'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: 'pipe',
    });
    const stored = JSON.parse(readFileSync(path.join(stack.dataDir, 'operator-secrets.json'), 'utf8')) as Record<string, string>;
    const accounts = JSON.parse(stored['portal-local/smoke']!) as SmokeAccounts;
    expect(accounts.staff).toBeUndefined();

    await page.goto(`${stack.base}/`);
    await page.getByPlaceholder('Email').fill(accounts.customer.email);
    await page.getByPlaceholder('Password').fill(accounts.customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('combobox', { name: 'Select User View' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Documents' }).click();
    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: t.customerLabel })).toHaveCount(0);
    expect(await readTickedOptions(page, dialog.getByRole('combobox', { name: t.propertyLabel }))).toEqual([`${t.all} [x]`, 'Smoke test building']);
    await expect(dialog.getByRole('tab', { name: t.uploadTab })).toHaveCount(0);

    const row = dialog.getByRole('listitem', { name: 'smoke-test-reference.txt' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: t.delete })).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: t.download }).click();
    const download = await downloading;
    expect(readFileSync(await download.path(), 'utf8')).toBe(accounts.document!.text);
  } finally {
    await stack.stop();
  }
});
