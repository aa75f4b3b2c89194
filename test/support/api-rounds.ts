/**
 * API rounds before the first report frame (issue 42): how many calls of the portal's API a screen
 * waited on one after another. A call that starts after another has ended is counted a round after
 * it (it may have needed its answer); calls that overlap are the same round. The count decides how
 * long a first visit takes whatever the machine, so a test can hold it where a timing would flake.
 *
 * Times come from the browser's own Resource Timing entries (the portal page's and each frame's),
 * made absolute with each document's `timeOrigin`, so the frame's "first chart drawn" mark and the
 * calls are on one clock.
 */
import type { Frame, Page } from '@playwright/test';

export interface TimedCall {
  /** The path of the call, e.g. /api/reports. */
  path: string;
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
}

/** The longest chain of calls each starting after the one before it ended: its length and its calls. */
export function apiRounds(calls: readonly TimedCall[]): { rounds: number; chain: TimedCall[] } {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const best: { depth: number; prev: number }[] = [];
  sorted.forEach((c, i) => {
    let depth = 1;
    let prev = -1;
    for (let j = 0; j < i; j++) {
      if (sorted[j]!.end <= c.start && best[j]!.depth + 1 > depth) {
        depth = best[j]!.depth + 1;
        prev = j;
      }
    }
    best.push({ depth, prev });
  });
  let last = -1;
  best.forEach((b, i) => {
    if (last < 0 || b.depth > best[last]!.depth) last = i;
  });
  const chain: TimedCall[] = [];
  for (let i = last; i >= 0; i = best[i]!.prev) chain.unshift(sorted[i]!);
  return { rounds: chain.length, chain };
}

/**
 * The rounds a frame drawn at `drawnAt` waited on: the chain among the calls answered before it drew.
 * A call still unanswered when the frame drew was not one it waited on, whenever it began: Coming up's
 * visits start once the home screen has rendered the profile, which on a loaded machine can be after
 * a quick filtered call has ended, beside the frame's drawing and not in front of it.
 */
export function roundsBefore(calls: readonly TimedCall[], drawnAt: number): { rounds: number; chain: TimedCall[] } {
  return apiRounds(calls.filter((c) => c.end <= drawnAt));
}

type PerfWindow = {
  performance: { timeOrigin: number; getEntriesByType(t: string): { name: string; startTime: number; responseEnd: number; initiatorType: string }[] };
  location: { origin: string };
};

/** The portal API calls a document (the page or a frame) made, as its Resource Timing entries say. */
export async function apiCallsOf(doc: Page | Frame): Promise<TimedCall[]> {
  return doc.evaluate(() => {
    const w = globalThis as unknown as PerfWindow;
    return w.performance
      .getEntriesByType('resource')
      .filter((e) => ['fetch', 'xmlhttprequest'].includes(e.initiatorType) && e.name.startsWith(`${w.location.origin}/api/`))
      .map((e) => ({ path: new URL(e.name).pathname, start: w.performance.timeOrigin + e.startTime, end: w.performance.timeOrigin + e.responseEnd }));
  });
}

/** When (ms since the epoch) the built-in page in `frame` drew its first chart, or null before it has. */
export async function firstChartAt(frame: Frame): Promise<number | null> {
  return frame.evaluate(() => {
    const w = globalThis as unknown as PerfWindow & { performance: { getEntriesByName(n: string): { startTime: number }[] } };
    const mark = w.performance.getEntriesByName('embed:first-chart')[0];
    return mark ? w.performance.timeOrigin + mark.startTime : null;
  });
}

/** The page's first report frame (the built-in page in the 'Sigma Report' iframe), once it has drawn its first chart. */
export async function drawnReportFrame(page: Page, timeout = 30_000): Promise<{ frame: Frame; drawnAt: number }> {
  const handle = await page.waitForSelector('iframe[title="Sigma Report"]', { timeout });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no report frame');
  await frame.waitForFunction(() => (globalThis as unknown as { performance: { getEntriesByName(n: string): unknown[] } }).performance.getEntriesByName('embed:first-chart').length > 0, undefined, { timeout });
  return { frame, drawnAt: (await firstChartAt(frame))! };
}
