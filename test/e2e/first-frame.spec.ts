/**
 * Issue 42: the first report frame after Log In waits on at most two API rounds (the profile and the
 * catalogue, then the filtered call that brings the frame's data), and nothing else is on that path:
 * the panels beside the report (Coming up, the alerts badge, the telemetry mapping) start after the
 * frame has drawn, and the frame asks no data call of its own. A count, not a timing: it holds on a
 * loaded machine as on a quiet one, and fails the day a change puts a call in front of the report.
 */
import { expect, test } from '@playwright/test';
import { apiCallsOf, apiRounds, drawnReportFrame } from '../support/api-rounds.js';
import { demo } from './support/env.js';

/** The most API rounds the first report frame may wait on after sign-in. */
const MAX_ROUNDS = 2;
/** Calls of the panels beside the report, which must not start before the frame is drawn. */
const PANELS = [/^\/api\/visits$/, /^\/api\/alerts$/, /^\/api\/analytics\/nclarity-customer\//, /^\/api\/quotes$/];

test('the first report frame after Log In waits on two API rounds, with the panels after it', async ({ page }) => {
  const user = demo.northwind;
  await page.goto('/');
  await page.getByPlaceholder('Email').fill(user.email);
  await page.getByPlaceholder('Password').fill(user.password);
  const filtered = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/sigma/filtered');
  await page.getByRole('button', { name: 'Log in' }).click();
  expect((await filtered).postDataJSON()).toMatchObject({ email: user.email, withData: true });
  const { frame, drawnAt } = await drawnReportFrame(page);
  // Coming up (Dashboard) fills in after the frame: its call is made, after the frame was drawn.
  await expect(page.getByTestId('coming-up')).toHaveAttribute('aria-busy', 'false');

  // The page's calls and the frame's (a frame's own data call would be a round of its own).
  const frameCalls = await apiCallsOf(frame);
  const calls = [...(await apiCallsOf(page)), ...frameCalls];
  const beforeFrame = calls.filter((c) => c.start < drawnAt);
  const { rounds, chain } = apiRounds(beforeFrame);
  const described = chain.map((c) => c.path).join(' -> ');
  expect(rounds, `rounds before the first frame: ${described}`).toBeLessThanOrEqual(MAX_ROUNDS);
  expect(chain.at(-1)?.path, described).toBe('/api/sigma/filtered');
  for (const c of beforeFrame) expect(PANELS.some((p) => p.test(c.path)), `${c.path} started before the first frame`).toBe(false);
  expect(calls.some((c) => c.path === '/api/visits' && c.start >= drawnAt)).toBe(true);
  // The frame drew from the data the filtered call brought: it made no data call of its own.
  expect(frameCalls.map((c) => c.path)).toEqual([]);
  await expect(frame.getByRole('table').locator('tbody tr').first()).toBeVisible();
});
