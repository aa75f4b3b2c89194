import { expect, test } from '@playwright/test';

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
