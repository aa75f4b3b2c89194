// A customer's first visit with every function cold, as on Lambda: the local stack in cold mode
// (`COLD=1`: each function from its own bundle in processes of its own, started at first call; see
// infra/local/cold.ts) as a child process with demo data, driven in Chromium with an empty cache.
// Steps, each timed from its click: 'Log in' -> header with the customer's names; -> the first
// report frame's first chart drawn; -> that frame's figures and table (drawn before its charts,
// whose code loads after them); 'Documents' -> the dialog with its lists loaded; 'Analytics' ->
// the first device card. Each step starts at the page's own click event, and the frame's two end at
// the frame's own marks (the page's clock, which is the machine's): timed from Playwright's call and
// to when its polling saw the mark, a step read 0.03-0.12 s more for the click, and 0.1 s more
// whenever the page was busy just after drawing. The local stack's scheduled jobs are off
// (support.ts NO_JOB_TIMERS). For each step: the API calls it made (route, function, start and
// duration) and the cold starts it met. Then the same visit again with the functions warm, for comparison.
// Goal (issue 42): header plus first report frame <= 1.0 s with every function cold, after at most
// two API rounds; it prints the rounds (the longest chain of calls each waiting on the one before,
// test/support/api-rounds.ts) and the cold starts on that path. The password is typed before the
// click as a person types it: the code the log-in screen fetches on the first keystroke (the home
// screen's and the report frame's) has arrived by the time 'Log in' is pressed.
// Run: npx tsx test/bench/first-visit.bench.ts (FIRST_VISIT_RUNS=n cold visits, default 3).
import type { Frame, Page } from '@playwright/test';
import { routes } from '../../lambdas/routes.js';
import { apiCallsOf, drawnReportFrame, roundsBefore } from '../support/api-rounds.js';
import { buildWeb, demoStackProcess, gap, launchChromium, median, run } from './support.js';

const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 3);
// Longer than a visit (so the warm visit finds every function still running), short enough to wait out.
const IDLE_SECONDS = 12;
const GOAL_MS = 1000;
/** The same path with every function warm (issue 42). */
const WARM_GOAL_MS = 500;
const GOAL_ROUNDS = 2;
const user = { email: 'facilities@northwind.test', password: 'Demo1234', customer: 'Northwind Properties' };

const routeOf = (method: string, pathname: string) =>
  routes.find((r) => r.method === method && new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(pathname));

interface Call { at: number; ms: number; what: string }
interface Step { name: string; ms: number; calls: Call[]; cold: { fn: string; processMs: number; initMs: number }[]; rounds?: string[] }

async function main() {
  if (!buildWeb()) throw new Error('the web build failed (bin/build.js)');
  // Cold starts as the stack logs them, with the time this process read them.
  const coldStarts: { t: number; fn: string; processMs: number; initMs: number }[] = [];
  const { base, stop } = await demoStackProcess('first-visit', { LOG_LEVEL: 'info', COLD: '1', COLD_IDLE_SECONDS: String(IDLE_SECONDS) }, (line) => {
    if (!line.includes('"cold start"')) return;
    try {
      const j = JSON.parse(line) as { function: string; processMs: number; initMs: number };
      coldStarts.push({ t: performance.now(), fn: j.function, processMs: j.processMs, initMs: j.initMs });
    } catch {
      /* not a JSON line */
    }
  });
  try {
    const browser = await launchChromium();
    try {
      const visit = async (): Promise<Step[]> => {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        const calls: Call[] = [];
        const started = new Map<object, number>();
        page.on('request', (r) => started.set(r, performance.now()));
        const finished = (r: import('@playwright/test').Request) => {
          const url = new URL(r.url());
          const t = started.get(r);
          if (t === undefined) return;
          if (url.origin === base && url.pathname.startsWith('/api/')) {
            const route = routeOf(r.method(), url.pathname);
            calls.push({ at: t, ms: performance.now() - t, what: `${r.method()} ${url.pathname} (${route?.handler ?? 'no route'})` });
          } else if (r.method() === 'POST' && r.headers()['x-amz-target']) {
            calls.push({ at: t, ms: performance.now() - t, what: `Cognito ${r.headers()['x-amz-target']!.split('.').pop()}` });
          }
        };
        page.on('requestfinished', finished);
        page.on('requestfailed', finished);
        const steps: Step[] = [];
        let frameRounds: string[] = [];
        const report: { frame?: Frame } = {};
        // A step starts at the page's own click event (Playwright's click takes 30-120 ms here before
        // the page sees it), and ends when `done` resolves, or at the time it returns (ms since the
        // epoch, from the page's clock: when the frame drew, not when Playwright's polling next saw it).
        type ClickClock = { __benchClick?: number; addEventListener: EventTarget['addEventListener']; performance: { timeOrigin: number } };
        const step = async (name: string, act: () => Promise<void>, done: () => Promise<number | void>, from?: number) => {
          const firstCall = calls.length;
          const firstCold = coldStarts.length;
          let t0 = from;
          if (t0 === undefined) {
            await page.evaluate(() => {
              const w = globalThis as unknown as ClickClock;
              w.addEventListener('click', (e) => (w.__benchClick = w.performance.timeOrigin + e.timeStamp), { capture: true, once: true });
            });
            const before = performance.now();
            await act();
            const clicked = await page.evaluate(() => (globalThis as unknown as ClickClock).__benchClick);
            t0 = clicked === undefined ? before : clicked - performance.timeOrigin;
          }
          const endedAt = await done();
          const ms = (typeof endedAt === 'number' ? endedAt - performance.timeOrigin : performance.now()) - t0;
          steps.push({
            name,
            ms,
            calls: calls.slice(firstCall).map((c) => ({ ...c, at: c.at - t0 })),
            cold: coldStarts.slice(firstCold).map((c) => ({ fn: c.fn, processMs: c.processMs, initMs: c.initMs })),
          });
          return t0;
        };

        await page.goto(`${base}/`, { waitUntil: 'networkidle' });
        await page.getByPlaceholder('Email').fill(user.email);
        await page.getByPlaceholder('Password').fill(user.password);
        // The time a person takes to type the password: what the first keystroke started has arrived.
        await page.waitForLoadState('networkidle');
        const t0 = await step(
          "'Log in' -> header",
          () => page.getByRole('button', { name: 'Log in' }).click(),
          () => page.getByTestId('header-customers').getByText(user.customer).waitFor({ timeout: 30_000 }),
        );
        await step(
          "'Log in' -> first report frame drawn",
          async () => {},
          async () => {
            const { frame, drawnAt } = await drawnReportFrame(page);
            report.frame = frame;
            frameRounds = roundsBefore([...(await apiCallsOf(page)), ...(await apiCallsOf(frame))], drawnAt).chain.map((c) => c.path);
            return drawnAt;
          },
          t0,
        );
        steps.at(-1)!.rounds = frameRounds;
        // The frame's figures and table draw before its charts (their code loads after, issue 42):
        // the same step, ended at the frame's own mark, which its clock puts this long before the chart's.
        const chartStep = steps.at(-1)!;
        const figuresBefore = await report.frame!.evaluate(() => {
          const p = (globalThis as unknown as { performance: { getEntriesByName(n: string): { startTime: number }[] } }).performance;
          const figures = p.getEntriesByName('embed:first-figures')[0];
          const chart = p.getEntriesByName('embed:first-chart')[0];
          return figures && chart ? chart.startTime - figures.startTime : null;
        });
        if (figuresBefore === null) throw new Error('the report frame has no embed:first-figures mark');
        steps.push({ name: "'Log in' -> frame's figures and table", ms: chartStep.ms - figuresBefore, calls: [], cold: [] });
        await step(
          "'Documents' -> lists loaded",
          () => page.getByRole('button', { name: 'Documents' }).click(),
          () => documentsLoaded(page),
        );
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await step(
          "'Analytics' -> first device card",
          () => page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click(),
          () => page.getByRole('article').first().waitFor({ timeout: 30_000 }),
        );
        await context.close();
        return steps;
      };

      const print = (label: string, steps: Step[]) => {
        console.log(`\n${label}`);
        for (const s of steps) {
          console.log(`  ${s.name.padEnd(40)} ${s.ms.toFixed(0).padStart(6)} ms`);
          for (const c of s.calls.sort((a, b) => a.at - b.at)) console.log(`      +${c.at.toFixed(0).padStart(5)} ms  ${c.ms.toFixed(0).padStart(5)} ms  ${c.what}`);
          for (const c of s.cold) console.log(`      cold start: ${c.fn} (process ready ${c.processMs} ms, of which module init ${c.initMs} ms)`);
          if (s.rounds) console.log(`      API rounds before the frame: ${s.rounds.length} (${s.rounds.join(' -> ')})`);
        }
      };

      const cold: Step[][] = [];
      for (let i = 0; i < RUNS; i++) {
        // Long enough for every function process to be stopped: the visit meets them all cold.
        if (i > 0) await new Promise((r) => setTimeout(r, (IDLE_SECONDS + 2) * 1000));
        cold.push(await visit());
      }
      print(`First visit, every function cold (run 1 of ${RUNS}; Chromium with an empty cache):`, cold[0]!);
      const warm = await visit();
      print('The same visit at once after, the functions warm (the browser cache still empty):', warm);

      console.log(`\nMedians of ${RUNS} cold visits against the warm one:`);
      for (let s = 0; s < cold[0]!.length; s++) {
        const m = median(cold.map((v) => v[s]!.ms));
        console.log(`  ${cold[0]![s]!.name.padEnd(40)} cold ${m.toFixed(0).padStart(6)} ms   warm ${warm[s]!.ms.toFixed(0).padStart(6)} ms   (runs: ${cold.map((v) => v[s]!.ms.toFixed(0)).join(', ')})`);
      }
      const frame = median(cold.map((v) => v[1]!.ms));
      const rounds = Math.max(...cold.map((v) => v[1]!.rounds?.length ?? 0));
      // Cold starts met from the click to the frame: the header's step and the frame's (one visit's).
      const coldOnPath = cold.map((v) => v[0]!.cold.length + v[1]!.cold.length);
      console.log(`\nheader plus first report frame, all cold: ${frame.toFixed(0)} ms  ${gap(frame, GOAL_MS, 'ms')}`);
      const figures = median(cold.map((v) => v[2]!.ms));
      console.log(`header plus the frame's figures and table (its charts after), all cold: ${figures.toFixed(0)} ms  ${gap(figures, GOAL_MS, 'ms')}`);
      console.log(`API rounds before the first frame: ${rounds}  ${gap(rounds, GOAL_ROUNDS, '')}; cold starts from the click to the frame: ${coldOnPath.join(', ')} (per visit; panels start after the frame)`);
      // Why a goal is missed, from this run's own figures: what the cold starts add (the cold
      // median against the warm visit), and what the same path takes warm.
      const warmFigures = warm[2]!.ms;
      if (figures > GOAL_MS || warmFigures > WARM_GOAL_MS) {
        console.log(
          `why: the cold starts add ${(figures - warmFigures).toFixed(0)} ms to the figures and table (cold ${figures.toFixed(0)} ms, warm ${warmFigures.toFixed(0)} ms); ` +
            `the warm path itself (sign-in, ${rounds} rounds of calls, the frame's page drawn) against its own ${gap(warmFigures, WARM_GOAL_MS, 'ms')}. ` +
            'On Lambda, prod keeps the functions of this path initialised (stage setting warmFunctions, its cost in `npm run cost`): there a first visit meets the warm figure.',
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}

/** The documents dialog is open and says nothing is loading any more. */
async function documentsLoaded(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 30_000 });
  // A function, not a string: the portal's CSP refuses eval.
  type Doc = { querySelector(s: string): { textContent: string | null } | null };
  await page.waitForFunction(
    () => {
      const d = (globalThis as unknown as { document: Doc }).document.querySelector('[role="dialog"]');
      return !!d && !/Loading (customers|properties|documents)/.test(d.textContent ?? '');
    },
    undefined,
    { timeout: 30_000 },
  );
}

run(main);
