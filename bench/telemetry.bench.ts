// 1,000 devices through the portal's telemetry proxy against the simulator, beside the same work
// done one request per device; then the dashboard in Chromium: first cards drawn after the data.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { createTelemetryClient } from '../server/adapters/telemetry/telemetry-client.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { generatedFleet } from '../server/simulator/fleet.js';
import { startSimulator } from '../server/simulator/simulator.js';
import { createCustomer, createTestDb, createUser, STAFF, STAFF2 } from '../server/test/helpers.js';

const DEVICES = 1000;
const EQUIPMENT = 250;
const KEY = 'bench-telemetry-key';
const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;

const handle = await createTestDb();
const equipmentIds = Array.from({ length: EQUIPMENT }, (_, i) => `BENCH-EQ-${String(i + 1).padStart(4, '0')}`);
const fleet = generatedFleet(DEVICES, equipmentIds, 'BENCH');
for (const d of fleet) d.lagMinutes = 0;
const sim = await startSimulator({ apiKey: KEY, fleet });
const clientOptions = { baseUrl: sim.url, apiKey: KEY, maxPages: 100, timeoutMs: 10_000 };
const config = loadConfig({ STAFF_DOMAINS: `${STAFF},${STAFF2}`, LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench-data' }, { inMemory: true });
const app = await buildApp(config, { db: handle, serveWeb: true, logger: false, services: { telemetry: createTelemetryClient(clientOptions) } });

const customer = await createCustomer(handle.db, { name: 'Bench Facilities', properties: 10 });
await handle.db
  .insertInto('equipment')
  .values(equipmentIds.map((id, i) => ({ id, customer_id: customer.id, property_id: customer.properties[i % 10]!.id, building_name: customer.properties[i % 10]!.name, name: `Unit ${i + 1}`, equipment_type: 'Rooftop Unit' })))
  .execute();
await handle.db.insertInto('telemetry_mappings').values({ customer_id: customer.id, telemetry_customer_id: 'ncl-bench', telemetry_customer_name: 'Bench Facilities' }).execute();
const user = await createUser({ db: handle.db, config }, { customers: [customer.id], properties: customer.properties.map((p) => p.id) });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };

try {
  console.log(`${DEVICES} devices on ${EQUIPMENT} equipment rows; portal proxy and simulator on loopback.\n`);
  // Through the proxy, cold caches: device list (one page of 1000), then all samples (batched Flux queries).
  const before = sim.requests.length;
  let t0 = performance.now();
  const dev = (await (await fetch(`${base}/api/telemetry/${customer.id}/devices`, { headers })).json()) as { data: { deviceId: string }[] };
  const tDevices = performance.now() - t0;
  const t1 = performance.now();
  const samples = (await (await fetch(`${base}/api/telemetry/${customer.id}/samples`, { method: 'POST', headers, body: JSON.stringify({ deviceIds: dev.data.map((d) => d.deviceId) }) })).json()) as { data: Record<string, { _time: string | null }> };
  const tSamples = performance.now() - t1;
  const withData = Object.values(samples.data).filter((s) => s._time).length;
  console.log(`proxy, batched (cold):     devices ${tDevices.toFixed(0)} ms + samples ${tSamples.toFixed(0)} ms = ${(tDevices + tSamples).toFixed(0)} ms  (${dev.data.length} devices, ${withData} with data, ${sim.requests.length - before} requests to the service)  budget 1500 ms`);
  t0 = performance.now();
  await fetch(`${base}/api/telemetry/${customer.id}/devices`, { headers });
  await fetch(`${base}/api/telemetry/${customer.id}/samples`, { method: 'POST', headers, body: JSON.stringify({ deviceIds: dev.data.map((d) => d.deviceId) }) });
  console.log(`proxy, batched (cached):   ${ms(t0)}`);

  // The same work one request per device, straight to the service: in sequence and all at once.
  for (const [label, concurrency] of [
    ['one request per device, in sequence:', 1],
    ['one request per device, all at once: ', DEVICES],
  ] as const) {
    const naive = createTelemetryClient({ ...clientOptions, batchSize: 1, concurrency });
    const n0 = sim.requests.length;
    t0 = performance.now();
    const devices = await naive.listDevices();
    const got = await naive.latestSamples(devices.map((d) => d.deviceId));
    console.log(`${label} ${ms(t0)}  (${Object.keys(got).length} devices, ${sim.requests.length - n0} requests to the service)`);
  }

  if (!existsSync('dist/web/index.html')) {
    console.log('\n(dist/web is not built: run `npm run build` for the Chromium figure)');
  } else {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${base}/`);
      await page.getByPlaceholder('Email').fill(user.email);
      await page.getByPlaceholder('Password').fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/home$/);
      const clicked = performance.now();
      await page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click();
      await page.getByRole('article').first().waitFor();
      const shown = performance.now() - clicked;
      await page.waitForFunction(() => performance.getEntriesByName('telemetry:cards-drawn').length > 0);
      const { received, drawn, rendered } = await page.evaluate(() => ({
        received: performance.getEntriesByName('telemetry:samples-received')[0]!.startTime,
        drawn: performance.getEntriesByName('telemetry:cards-drawn')[0]!.startTime,
        rendered: document.querySelectorAll('article').length,
      }));
      console.log(`\nChromium: first cards drawn ${(drawn - received).toFixed(0)} ms after the samples arrived (budget 1000 ms); ${rendered} of ${DEVICES} cards in the DOM (virtualised); Analytics click to first card ${shown.toFixed(0)} ms`);
      // Scrolling the whole list: frames over the scroll.
      const scroll = await page.evaluate(async () => {
        const list = document.querySelector('[role="list"][aria-label="Devices"]') as HTMLElement;
        const frames: number[] = [];
        let last = performance.now();
        for (let y = 0; y < list.scrollHeight; y += 400) {
          list.scrollTop = y;
          await new Promise((r) => requestAnimationFrame(r));
          const t = performance.now();
          frames.push(t - last);
          last = t;
        }
        frames.sort((a, b) => a - b);
        return { frames: frames.length, p95: frames[Math.floor(frames.length * 0.95)]!, max: frames.at(-1)!, articles: document.querySelectorAll('article').length };
      });
      console.log(`Chromium: scrolled the ${DEVICES} cards in ${scroll.frames} steps, frame p95 ${scroll.p95.toFixed(1)} ms, max ${scroll.max.toFixed(1)} ms, ${scroll.articles} cards in the DOM at the end`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await app.close();
  await sim.close();
  await handle.close();
}
