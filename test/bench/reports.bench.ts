// The Dashboard report for a customer with 10 properties and 20,000 work orders (two years) on the
// local stack: server time to data (GET /api/embed/data with the embed token of
// POST /api/sigma/filtered, median of 30 after 3 warm-ups; goal 300 ms) and, in Chromium, the
// time from the report frame's navigation start to its first chart drawn (mark
// `embed:first-chart`; goal 1.5 s; the first load fills the browser's cache and is not counted).
// Run: npx tsx test/bench/reports.bench.ts
import { putReportRows, type ReportRow } from '../../lambdas/shared/data/report-rows.js';
import { generateReportRows } from '../../infra/admin/demo-report-data.js';
import { createTestUser, putCustomer, putProperty, request, signIn } from '../support/local-stack.js';
import { benchStack, buildWeb, gap, launchChromium, median, percentile, run } from './support.js';

const WORK_ORDERS = 20_000;
const PROPERTIES = 10;
const SAMPLES = 30;
const LOADS = 6;
const PASSWORD = 'Bench1234x';
const CUSTOMER = 'CUST-BENCH';

async function main() {
  const webBuilt = buildWeb();
  const t = await benchStack();
  try {
    await putCustomer({ id: CUSTOMER, name: 'BENCH HOLDINGS' });
    const properties = Array.from({ length: PROPERTIES }, (_, i) => ({ id: `PROP-BENCH-${String(i + 1).padStart(2, '0')}`, name: `Bench Building ${i + 1}` }));
    for (const p of properties) await putProperty({ id: p.id, customerId: CUSTOMER, name: p.name, propertyType: 'Office' });
    const rows = generateReportRows(
      properties.map((p) => ({ id: p.id, size: 11 })),
      { now: Date.now(), seed: 7, idPrefix: 'B' },
    );
    if (rows.workOrders.length < WORK_ORDERS) throw new Error(`generated only ${rows.workOrders.length} work orders`);
    // Exactly 20,000, spread over all properties and both years.
    const step = rows.workOrders.length / WORK_ORDERS;
    rows.workOrders = Array.from({ length: WORK_ORDERS }, (_, i) => rows.workOrders[Math.floor(i * step)]!);
    const kept = new Set(rows.workOrders.map((w) => w.id));
    rows.invoices = rows.invoices.filter((i) => !i.workOrderId || kept.has(i.workOrderId));
    const all: ReportRow[] = [...rows.assets, ...rows.workOrders, ...rows.quotes, ...rows.invoices];
    let t0 = performance.now();
    const chunks = 16;
    const size = Math.ceil(all.length / chunks);
    await Promise.all(Array.from({ length: chunks }, (_, i) => putReportRows(t.db, all.slice(i * size, (i + 1) * size))));
    console.log(
      `dataset: ${rows.workOrders.length} work orders, ${rows.invoices.length} invoices, ${rows.quotes.length} quotes, ${rows.assets.length} assets ` +
        `on ${PROPERTIES} properties (put with putReportRows in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    const email = 'bench@bench-holdings.test';
    const user = await createTestUser({ email, password: PASSWORD, customers: [CUSTOMER], properties: properties.map((p) => p.id) });
    const session = await signIn(email, PASSWORD);
    const sign = async () => {
      const r = await request('POST', '/api/sigma/filtered', {
        token: session,
        body: { userId: user.userId, email, _url: '/embed/dashboard', properties: properties.map((p) => p.id), customers: [CUSTOMER], selectedReport: 'Dashboard' },
      });
      if (r.status !== 200) throw new Error(`sign failed: ${r.status} ${r.text.slice(0, 300)}`);
      return (r.json as { url: string }).url;
    };

    const token = new URL(await sign(), t.baseUrl).searchParams.get('token')!;
    const total: number[] = [];
    const dbTime: number[] = [];
    const computeTime: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      t0 = performance.now();
      const res = await fetch(`${t.baseUrl}/api/embed/data`, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      const elapsed = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET /api/embed/data: ${res.status} ${text.slice(0, 300)}`);
      if (i === 0) {
        const body = JSON.parse(text) as { figures?: { label: string; value: number | null }[] };
        console.log(`dashboard figures: ${(body.figures ?? []).map((f) => `${f.label} ${f.value === null ? '-' : Math.round(f.value)}`).join('; ')}`);
      }
      if (i < 3) continue;
      total.push(elapsed);
      const timing = res.headers.get('server-timing') ?? '';
      dbTime.push(Number(/db;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
      computeTime.push(Number(/compute;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
    }
    const serverMedian = median(total);
    console.log(`\nserver time to data (GET /api/embed/data, ${SAMPLES} requests through the gateway):`);
    console.log(`  median ${serverMedian.toFixed(1)} ms, p95 ${percentile(total, 0.95).toFixed(1)} ms  ${gap(serverMedian, 300, 'ms', 1)}`);
    console.log(`  of which reading the rows (dynalite): median ${median(dbTime).toFixed(1)} ms; computing the page: median ${median(computeTime).toFixed(1)} ms`);

    if (!webBuilt) {
      console.log('\n(the web build failed or dist/web is missing: no Chromium figure)');
      return;
    }
    const browser = await launchChromium();
    const firstChart: number[] = [];
    try {
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
        const page = await context.newPage();
        // A page of the portal's origin framing the report, as the web app does.
        await page.goto(`${t.baseUrl}/healthz`);
        await page.setContent(`<iframe title="Sigma Report" src="${t.baseUrl}${await sign()}" style="width:1100px;height:800px;border:0"></iframe>`);
        const frame = await (await page.waitForSelector('iframe')).contentFrame();
        if (!frame) throw new Error('the report frame did not load');
        await frame.waitForFunction(() => performance.getEntriesByName('embed:first-chart').length > 0, undefined, { timeout: 20_000 });
        const at = await frame.evaluate(() => performance.getEntriesByName('embed:first-chart')[0]!.startTime);
        if (i > 0) firstChart.push(at); // the first load fills the browser's cache, like a returning user
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const chartMedian = median(firstChart);
    console.log(`\nfirst chart drawn after the frame's navigation start (Chromium, ${firstChart.length} loads after a cache-filling one):`);
    console.log(`  median ${chartMedian.toFixed(0)} ms, max ${Math.max(...firstChart).toFixed(0)} ms  ${gap(chartMedian / 1000, 1.5, 's', 2)}`);
  } finally {
    await t.stop();
  }
}

run(main);
