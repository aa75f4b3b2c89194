import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { logIn, screenshot } from './support/session.js';

// Issue 39: keyboard focus is visible, and a dialog puts the focus on its first field, not on itself.

/** The focused element: its tag, role, name and outline. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as { document: { activeElement: { tagName: string; getAttribute(n: string): string | null; textContent: string | null } | null }; getComputedStyle(e: unknown): { outlineStyle: string; outlineWidth: string; outlineColor: string } };
    const el = g.document.activeElement!;
    const style = g.getComputedStyle(el);
    return { tag: el.tagName, role: el.getAttribute('role'), text: (el.textContent ?? '').trim().slice(0, 40), outline: `${style.outlineStyle} ${style.outlineWidth}`, color: style.outlineColor };
  });

test('the sidebar shows a clear focus ring, unlike the selected item', async ({ page }) => {
  await logIn(page, demo.northwind);
  const nav = page.getByRole('navigation', { name: 'Reports' });
  await nav.getByRole('button', { name: 'Quotes', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const f = await focused(page);
  expect(f.outline).toBe('solid 2px');
  expect(f.color).toBe('rgb(11, 79, 138)');
  // The selected item (Dashboard), not focused, has no ring.
  const selected = await nav.getByRole('button', { name: 'Dashboard', exact: true }).evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { outlineStyle: string } }).getComputedStyle(el).outlineStyle);
  expect(selected).toBe('none');
  await screenshot(page, { path: '.tmp/shots/keyboard-sidebar-focus.png' });
});

const cases = {
  admin: [
    { open: 'Add User', dialog: 'Create New User' },
    { open: 'Edit User', dialog: 'Edit User Customers and Properties' },
    { open: 'Documents', dialog: 'Documents' },
  ],
  northwind: [
    { open: 'Documents', dialog: 'Documents' },
    { open: 'Request Service', dialog: 'Request Service' },
    { menu: 'Change Password', dialog: 'Change Password' },
  ],
};

for (const who of ['admin', 'northwind'] as const) test(`dialogs open with the focus on their first field (${who})`, async ({ page }) => {
  await logIn(page, demo[who]);
  const problems: string[] = [];
  for (const c of cases[who] as { open?: string; menu?: string; dialog: string }[]) {
    if (c.menu) {
      await page.getByRole('banner').getByRole('button', { name: /Dana/ }).click();
      await page.getByRole('menuitem', { name: c.menu }).click();
    } else await page.getByRole('button', { name: c.open, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: c.dialog });
    await expect(dialog).toBeVisible();
    // A dialog that loads first (Request Service) puts the focus on its first field once it is drawn.
    const onField = (f: Awaited<ReturnType<typeof focused>>) => !(f.role === 'dialog' || f.role === 'presentation' || f.tag === 'BODY') && (['INPUT', 'TEXTAREA'].includes(f.tag) || f.role === 'combobox');
    await expect.poll(async () => onField(await focused(page)), { timeout: 10_000 }).toBe(true).catch(() => undefined);
    const f = await focused(page);
    if (!onField(f)) problems.push(`${c.dialog}: focus on ${f.tag} ${f.role ?? ''} "${f.text}"`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  expect(problems).toEqual([]);
});

test('quote Review: Tab reaches each decision and then its form', async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name: 'Quotes', exact: true }).click();
  await page.locator('[data-quote="QT-DEMO-0003"]').getByRole('button', { name: /^Review QT-DEMO-0003/ }).click();
  const dialog = page.getByRole('dialog');
  const group = dialog.getByRole('group', { name: 'Your decision' });
  await group.getByRole('button').first().focus();
  const choices = await group.getByRole('button').allTextContents();
  expect(choices.slice(-2)).toEqual(['Decline', 'Request changes']);
  const reached: string[] = [];
  for (const _ of choices) {
    reached.push((await focused(page)).text);
    await page.keyboard.press('Tab');
  }
  expect(reached).toEqual(choices);
  // Choosing Request changes (the last choice) by keyboard: its form is the next Tab stop.
  await group.getByRole('button', { name: 'Request changes' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const next = await focused(page);
  expect(['INPUT', 'TEXTAREA']).toContain(next.tag);
});
