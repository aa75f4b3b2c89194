// 1,000 telemetry devices through the portal's proxy on the local stack, against the telemetry
// simulator (infra/local/simulator, started here with a generated fleet on 250 equipment rows):
// GET /api/telemetry/{id}/devices then POST .../samples with every device, cold (a fresh process:
// no cached device list or samples) and cached; beside the same work done one request per device
// straight to the service (in sequence, and all at once). Then the Analytics dashboard in Chromium:
// the first cards drawn after the samples arrived, and a scroll through all cards. Goals (issue
// 10): proxy cold <= 1.5 s and >= 5x faster than one request per device (in sequence).
// Run: npx tsx test/bench/telemetry.bench.ts
import type { Page } from '@playwright/test';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { createTelemetryClient } from '../../lambdas/shared/domain/telemetry/client.js';
import { generatedFleet } from '../../infra/local/simulator/fleet.js';
import { startSimulator } from '../../infra/local/simulator/simulator.js';
import { createTestUser, putCustomer, putProperty, signIn } from '../support/local-stack.js';
import { benchStack, buildWeb, gap, gapAtLeast, launchChromium, ms, run } from './support.js';

const DEVICES = 1000;
const EQUIPMENT = 250;
const KEY = 'bench-telemetry-key';
const PASSWORD = 'Bench1234x';
const CUSTOMER = 'CUST-TEL';

async function main() {
  const webBuilt = buildWeb();
  const equipmentIds = Array.from({ length: EQUIPMENT }, (_, i) => `BENCH-EQ-${String(i + 1).padStart(4, '0')}`);
  const fleet = generatedFleet(DEVICES, equipmentIds, 'BENCH');
  for (const d of fleet) d.lagMinutes = 0;
  const sim = await startSimulator({ apiKey: KEY, fleet, host: '127.0.0.1', port: 0 });
  const t = await benchStack({ TELEMETRY_BASE_URL: sim.url, TELEMETRY_API_KEY: KEY });
  try {
    await putCustomer({ id: CUSTOMER, name: 'BENCH FACILITIES', telemetryCustomerId: 'ncl-bench', telemetryCustomerName: 'Bench Facilities' });
    const properties = Array.from({ length: 10 }, (_, i) => ({ id: `PROP-TEL-${String(i + 1).padStart(2, '0')}`, name: `Bench Building ${i + 1}` }));
    for (const p of properties) await putProperty({ id: p.id, customerId: CUSTOMER, name: p.name, propertyType: 'Office' });
    await putEquipment(
      t.db,
      equipmentIds.map((id, i) => {
        const p = properties[i % properties.length]!;
        return { customerId: CUSTOMER, id, propertyId: p.id, buildingName: p.name, name: `Unit ${i + 1}`, equipmentType: 'Rooftop Unit', telemetryData: '{}' };
      }),
    );
    const user = await createTestUser({ email: 'facilities@telemetry-bench.test', password: PASSWORD, customers: [CUSTOMER], properties: properties.map((p) => p.id) });
    const headers = { authorization: `Bearer ${await signIn(user.email, PASSWORD)}`, 'content-type': 'application/json' };
    console.log(`${DEVICES} devices on ${EQUIPMENT} equipment rows; gateway, handlers and simulator on loopback\n`);

    const proxy = async () => {
      const t0 = performance.now();
      const dres = await fetch(`${t.baseUrl}/api/telemetry/${CUSTOMER}/devices`, { headers });
      if (dres.status !== 200) throw new Error(`devices: ${dres.status} ${await dres.text()}`);
      const dev = (await dres.json()) as { data: { deviceId: string }[] };
      const tDevices = performance.now() - t0;
      const t1 = performance.now();
      const sres = await fetch(`${t.baseUrl}/api/telemetry/${CUSTOMER}/samples`, { method: 'POST', headers, body: JSON.stringify({ deviceIds: dev.data.map((d) => d.deviceId) }) });
      if (sres.status !== 200) throw new Error(`samples: ${sres.status} ${await sres.text()}`);
      const samples = (await sres.json()) as { data: Record<string, { _time: string | null }> };
      return { devices: dev.data.length, withData: Object.values(samples.data).filter((s) => s._time).length, tDevices, tSamples: performance.now() - t1 };
    };
    let n0 = sim.requests.length;
    const cold = await proxy();
    const coldTotal = cold.tDevices + cold.tSamples;
    console.log(
      `proxy, batched (cold):    devices ${ms(cold.tDevices)} + samples ${ms(cold.tSamples)} = ${ms(coldTotal)}  ` +
        `(${cold.devices} devices, ${cold.withData} with data, ${sim.requests.length - n0} requests to the service)  ${gap(coldTotal / 1000, 1.5, 's', 2)}`,
    );
    n0 = sim.requests.length;
    const cached = await proxy();
    console.log(`proxy, batched (cached):  ${ms(cached.tDevices + cached.tSamples)}  (${sim.requests.length - n0} requests to the service)`);

    const naive: Record<string, number> = {};
    for (const [label, concurrency] of [
      ['in sequence', 1],
      ['all at once', DEVICES],
    ] as const) {
      const client = createTelemetryClient({ baseUrl: sim.url, apiKey: KEY, maxPages: 100, timeoutMs: 10_000, batchSize: 1, concurrency });
      n0 = sim.requests.length;
      const t0 = performance.now();
      const devices = await client.listDevices();
      const got = await client.latestSamples(devices.map((d) => d.deviceId));
      naive[label] = performance.now() - t0;
      console.log(`one request per device, ${label}: ${ms(naive[label])}  (${Object.keys(got).length} devices, ${sim.requests.length - n0} requests to the service)`);
    }
    const speedup = naive['in sequence']! / coldTotal;
    console.log(`proxy cold vs one request per device in sequence: ${speedup.toFixed(1)}x faster  ${gapAtLeast(speedup, 5, 'x')}`);
    console.log(`proxy cold vs one request per device all at once: ${(naive['all at once']! / coldTotal).toFixed(1)}x faster`);

    if (!webBuilt) {
      console.log('\n(the web build failed or dist/web is missing: no Chromium figure)');
      return;
    }
    const browser = await launchChromium();
    try {
      const page: Page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${t.baseUrl}/`);
      await page.getByPlaceholder('Email').fill(user.email);
      await page.getByPlaceholder('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/home$/);
      const clicked = performance.now();
      await page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click();
      await page.getByRole('article').first().waitFor({ timeout: 30_000 });
      const shown = performance.now() - clicked;
      await page.waitForFunction(() => performance.getEntriesByName('telemetry:cards-drawn').length > 0);
      const marks = await page.evaluate<{ received: number; drawn: number; rendered: number }>(`({
        received: performance.getEntriesByName('telemetry:samples-received')[0].startTime,
        drawn: performance.getEntriesByName('telemetry:cards-drawn')[0].startTime,
        rendered: document.querySelectorAll('article').length,
      })`);
      const drawnAfter = marks.drawn - marks.received;
      console.log(`\nChromium: first cards drawn ${ms(drawnAfter)} after the samples arrived  ${gap(drawnAfter, 1000, 'ms')}`);
      console.log(`Chromium: ${marks.rendered} of ${DEVICES} cards in the DOM (windowed); Analytics click to first card ${ms(shown)}`);
      const scroll = await page.evaluate<{ frames: number; p95: number; max: number; articles: number }>(`(async () => {
        const list = document.querySelector('[role="list"][aria-label="Devices"]');
        const frames = [];
        let last = performance.now();
        for (let y = 0; list && y < list.scrollHeight; y += 400) {
          list.scrollTop = y;
          await new Promise((r) => requestAnimationFrame(r));
          const now = performance.now();
          frames.push(now - last);
          last = now;
        }
        frames.sort((a, b) => a - b);
        return { frames: frames.length, p95: frames[Math.floor(frames.length * 0.95)] ?? NaN, max: frames.at(-1) ?? NaN, articles: document.querySelectorAll('article').length };
      })()`);
      console.log(`Chromium: scrolled the ${DEVICES} cards in ${scroll.frames} steps, frame p95 ${scroll.p95.toFixed(1)} ms, max ${scroll.max.toFixed(1)} ms, ${scroll.articles} cards in the DOM at the end`);
    } finally {
      await browser.close();
    }
  } finally {
    await t.stop();
    await sim.close();
  }
}

run(main);
