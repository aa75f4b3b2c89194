// The energy and runtime estimates' per-unit computation (issue 44, item 5) at 1,000 devices x 90
// days: each device's 90 days of samples as the telemetry client gives them (the last of every 5
// minutes: 25,920 a device) turned into readings (readingsOfSamples), then every figure of the unit
// over the 90 days (unitInsight: energy, cost, runtime, starts and on-times, ΔT, coverage) and its
// drift baseline over its first 30 days (the last of every 15 minutes, as the baseline read gives
// them). Pure computation in this process: no stack, no network, nothing to stop. The devices
// cycle through four run profiles (steady, short cycling, low ΔT, and one with an hour's gap every
// night), generated one device at a time and not timed, so memory stays at one device's samples.
// Goal: 1,000 devices' 90 days computed within 20 s, a third of a 60 s function run (the alerts
// job's timeout), leaving the rest to the reads. `--devices N` computes N devices instead.
// Run: npx tsx test/bench/insight.bench.ts
import { readingsOfSamples, unitInsight } from '../../lambdas/shared/domain/insight/index.js';
import { baselineFigure } from '../../lambdas/shared/domain/alerts/signals.js';
import { gap, median, ms, percentile, run } from './support.js';

const MIN = 60_000;
const DAY = 1440 * MIN;
const DAYS = 90;
const GOAL_MS = 20_000;
const END = Date.parse('2026-11-30T00:00:00.000Z');
const START = END - DAYS * DAY;

const arg = process.argv.indexOf('--devices');
const DEVICES = arg > 0 ? Number(process.argv[arg + 1]) : 1000;

type Profile = 'steady' | 'short-cycling' | 'low-delta-t' | 'gappy';
const PROFILES: Profile[] = ['steady', 'short-cycling', 'low-delta-t', 'gappy'];

/** One device's samples every `everyMinutes` over [from, to), in the service's fields (°C, A). */
function samplesOf(profile: Profile, from: number, to: number, everyMinutes: number, seed: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const step = everyMinutes * MIN;
  for (let t = from; t < to; t += step) {
    const minuteOfDay = ((t - START) / MIN) % 1440;
    if (profile === 'gappy' && minuteOfDay >= 120 && minuteOfDay < 180) continue;
    // The others run from 6:00 to 20:00 in one go; the short-cycling one 5 minutes on, 5 off, all day.
    const on = profile === 'short-cycling' ? Math.floor(t / (5 * MIN)) % 2 === 0 : minuteOfDay >= 360 && minuteOfDay < 1200;
    const amps = on ? 18 + ((seed + Math.floor(t / step)) % 5) * 0.5 : 0.3;
    const supply = on ? (profile === 'low-delta-t' ? 17 : 12.5) : 22;
    out.push({ _time: new Date(t).toISOString(), 'amps-1': amps, 'amps-2': amps, 'amps-3': amps, callForCool: on, callForHeat: false, 'sadb-1': supply, 'radb-1': 23.5 });
  }
  return out;
}

async function main() {
  console.log(`${DEVICES} devices x ${DAYS} days: ${(DAYS * 288).toLocaleString('en-US')} samples a device at 5 minutes, the baseline's 30 days at 15; one process, no I/O\n`);
  const perDevice: number[] = [];
  const parts = { readings: 0, figures: 0, baseline: 0 };
  let flagged = 0;
  let samples = 0;
  for (let i = 0; i < DEVICES; i++) {
    const profile = PROFILES[i % PROFILES.length]!;
    const period = samplesOf(profile, START, END, 5, i);
    const base = samplesOf(profile, START, START + 30 * DAY, 15, i);
    samples += period.length + base.length;
    const t0 = performance.now();
    const readings = readingsOfSamples(period);
    const baseReadings = readingsOfSamples(base);
    const t1 = performance.now();
    const insight = unitInsight(readings, { start: START, end: END }, { tariffPerKwh: 0.14 });
    const t2 = performance.now();
    const figure = baselineFigure(baseReadings);
    const t3 = performance.now();
    if (insight.shortCycling.value) flagged++;
    if (!figure || insight.energyKwh.value === null) throw new Error(`device ${i}: no figure`);
    parts.readings += t1 - t0;
    parts.figures += t2 - t1;
    parts.baseline += t3 - t2;
    perDevice.push(t3 - t0);
  }
  const total = perDevice.reduce((a, b) => a + b, 0);
  const scaled = (total * 1000) / DEVICES;
  console.log(`samples computed: ${samples.toLocaleString('en-US')}; units flagged short cycling: ${flagged}`);
  console.log(`per device: median ${median(perDevice).toFixed(1)} ms, p95 ${percentile(perDevice, 0.95).toFixed(1)} ms, max ${Math.max(...perDevice).toFixed(1)} ms`);
  console.log(`of the total: samples to readings ${ms(parts.readings)}, the 90 days' figures ${ms(parts.figures)}, the baseline ${ms(parts.baseline)}`);
  console.log(`total for ${DEVICES} devices: ${ms(total)}${DEVICES === 1000 ? '' : ` (${ms(scaled)} at 1,000)`}  ${gap(scaled, GOAL_MS, 'ms')}`);
  console.log(`heap used at the end: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);
}

run(main);
