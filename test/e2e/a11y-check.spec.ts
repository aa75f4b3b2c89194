import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/session.js';

// The accessibility check every screen's spec calls reads only axe's violations: a page with a
// serious and a critical one, in the page and in a frame, must fail it with each node named.
test('the accessibility check names each serious or critical violation, in the page and in a frame', async ({ page }) => {
  await page.setContent(`<main><h1>Check</h1>
    <p style="color:#bbb;background:#fff">faint text one</p><p style="color:#bbb;background:#fff">faint text two</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <iframe title="inner" srcdoc="<main><h1>Inner</h1><img src='data:image/gif;base64,R0lGODlhAQABAAAAACw='></main>"></iframe></main>`);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Inner' })).toBeVisible();
  const failure = await expectNoSeriousA11yViolations(page).then(() => null, (e: Error) => e.message);
  expect(failure).toMatch(/color-contrast: p:nth-child\(2\), p:nth-child\(3\)/);
  expect(failure).toContain('image-alt: img, iframe img');
  const outside = await expectNoSeriousA11yViolations(page, { excludeFrames: true }).then(() => null, (e: Error) => e.message);
  expect(outside).toContain('image-alt: img');
  expect(outside).not.toContain('iframe img');
});
