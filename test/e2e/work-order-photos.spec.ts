/**
 * Issue 43 in the browser: a customer opens a work order from the Work Orders table and sees its
 * before and after photos (thumbnails with alt text, each opening the full image in a new tab)
 * and its signed service report, which Download saves as the PDF it is. The demo gives one work
 * order of each demo customer with a sign-in photos and a report (infra/admin/demo-work-order-photos.ts).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { demoNow, demoReportRows } from '../../infra/admin/demo-report-data.js';
import { demoPhotoWorkOrders } from '../../infra/admin/demo-work-order-photos.js';
import type { PhotosRow } from '../../lambdas/shared/data/report-rows.js';
import { workOrderText as t } from '../../web/features/work-orders/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter } from './support/session.js';

const shot = shotter('work-order-photos', true);
const reportFrame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');
const section = (page: Page, name: string) => page.getByRole('region', { name });

const rows = demoReportRows(demoNow());
const [northwind, harborview] = demoPhotoWorkOrders(rows);
const photosOf = (id: string) => rows.find((r): r is PhotosRow => r.dataset === 'photo' && r.id === id)!.photos;

test('a work order shows its before and after photos, each opening full size, and Download saves its signed service report', async ({ page }) => {
  expect(northwind!.propertyId).toBe('PROP-1001-01');
  const photos = photosOf(northwind!.id);
  await logIn(page, demo.northwind);
  await page.goto(`/home/${northwind!.kind === 'service' ? 'work-orders' : northwind!.kind === 'maintenance' ? 'maintenance' : 'capital-projects'}`);
  const frame = reportFrame(page);
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill(northwind!.id);
  await frame.getByRole('button', { name: `Open work order ${northwind!.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${northwind!.id}$`));

  const gallery = section(page, t.photos);
  await expect(gallery.locator('[data-stage] h3')).toHaveText([t.stage.before, t.stage.after]);
  // Each thumbnail is the image itself (read from the bucket once in view), with the provider's caption as its alt text.
  for (const p of photos) {
    const image = gallery.locator(`[data-stage="${p.stage}"]`).getByRole('img', { name: t.photoAlt(p.stage, p.caption, p.fileName, northwind!.id) });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  }
  const report = section(page, t.report);
  const fileName = `Service_Report_${northwind!.id}.pdf`;
  await expect(report).toContainText(t.reportLine(fileName));
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'photos-and-report');

  // A thumbnail opens the full image in a new tab.
  const after = photos.find((p) => p.stage === 'after')!;
  const [tab] = await Promise.all([page.waitForEvent('popup'), gallery.getByRole('link', { name: t.openPhoto('after', after.fileName) }).click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toContain(`/${after.fileName}`);
  const shown = await page.request.get(tab.url());
  expect([shown.status(), shown.headers()['content-type']]).toEqual([200, 'image/png']);
  await tab.close();

  // Download saves the report under its name, as the PDF it is.
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: t.downloadReportLabel(fileName) }).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await readFile((await download.path())!);
  expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(report.getByRole('alert')).toHaveCount(0);
});

test("a work order without photos or report says so, and another customer's photo work order answers as a missing one", async ({ page }) => {
  await logIn(page, demo.northwind);
  // Another customer's work order with photos: the same answer as none, nothing of it shown.
  await page.goto(`/work-orders/${harborview!.id}`);
  await expect(page.getByRole('alert')).toHaveText(`No work order ${harborview!.id}.`);
  await expect(page.getByRole('img')).toHaveCount(0);
  // A Northwind work order the provider gave no photos or report.
  const plain = rows.find((r) => r.dataset === 'wo' && r.propertyId === 'PROP-1001-01' && r.id !== northwind!.id && r.status === 'Completed')!;
  await page.goto(`/work-orders/${plain.id}`);
  await expect(section(page, t.photos)).toContainText(t.noPhotos);
  await expect(section(page, t.report)).toContainText(t.noReport);
});
