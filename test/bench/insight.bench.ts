// The energy and runtime estimates at 1,000 devices x 90 days from the daily roll-up (issue 44,
// item 5): each device's 90 days rolled as the job rolls them (a day's samples as the telemetry
// client gives them, the last of every 5 minutes with the 15 minutes either side, turned into
// readings and tallied: domain/insight/rollup.ts), then what a request or the weekly summary does:
// the 90 days' figures of the unit (energy, cost, runtime, starts and on-times, ΔT, coverage) from
// its 90 rolled days joined and today's 10 hours from raw readings, and its drift baseline over its
// first 30 days, from those days' tallies too (they are within the roll-up's 92 days; stored once per
// unit by the alerts: domain/alerts/drift-baselines.ts). Timed apart: the 90 days' figures from the roll-up (the goal's figure), the
// baseline, and the job's tally of one day (what a run does per unit and day). Pure computation in
// this process: no stack, no network, nothing to stop. The devices cycle through four run profiles
// (steady, short cycling, low ΔT, and one with an hour's gap every night), generated one device at a
// time and not timed, so memory stays at one device's samples. For comparison, `--raw` times the
// 90 days' figures and the baseline from raw readings too (the computation before the roll-up; the
// baseline's 30 days at 15 minutes, as the baseline read gives them). Goal: 1,000 devices'
// 90 days computed within 20 s, a third of a 60 s function run, leaving the rest to the reads.
// `--devices N` computes N devices instead.
// Run: npx tsx test/bench/insight.bench.ts
import { baselineFromDays, dayOf, dayTally, insightFromDays, readingsOfSamples, unitInsight, type RolledDay } from '../../lambdas/shared/domain/insight/index.js';
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
const RAW = process.argv.includes('--raw');
const MARGIN = 15 * MIN;
/** Today: 10 hours not rolled yet, computed from raw readings. */
const NOW = END + 10 * 60 * MIN;

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
  console.log(`${DEVICES} devices x ${DAYS} days: ${(DAYS * 288).toLocaleString('en-US')} samples a device at 5 minutes, rolled a day at a time; today's 10 hours raw; the baseline from its 30 rolled days; one process, no I/O\n`);
  const perDevice: number[] = [];
  const parts = { rollUp: 0, figures: 0, baseline: 0, raw: 0, rawBaseline: 0 };
  let baselineGap = 0;
  let flagged = 0;
  let samples = 0;
  for (let i = 0; i < DEVICES; i++) {
    const profile = PROFILES[i % PROFILES.length]!;
    // The job's reads: each day's samples with the 15 minutes either side; a request's: today's since 15 minutes before midnight.
    const days = Array.from({ length: DAYS }, (_, k) => START + k * DAY);
    const daySamples = days.map((d) => samplesOf(profile, d - MARGIN, d + DAY + MARGIN, 5, i));
    const todaySamples = samplesOf(profile, END - MARGIN, NOW, 5, i);
    samples += daySamples.reduce((n, x) => n + x.length, 0) + todaySamples.length;
    const rolled = new Map<string, RolledDay>();
    const t0 = performance.now();
    days.forEach((d, k) => rolled.set(dayOf(d), { ...dayTally(readingsOfSamples(daySamples[k]!), dayOf(d)), at: '' }));
    const t1 = performance.now();
    const insight = insightFromDays(rolled, readingsOfSamples(todaySamples), { start: START, end: NOW }, { tariffPerKwh: 0.14 });
    const t2 = performance.now();
    const figure = baselineFromDays(START, rolled);
    const t3 = performance.now();
    if (RAW && figure) {
      const base = samplesOf(profile, START, START + 30 * DAY, 15, i);
      const t4 = performance.now();
      const rawBase = baselineFigure(readingsOfSamples(base));
      const t5 = performance.now();
      parts.rawBaseline += t5 - t4;
      // 15-minute readings against the days' 5-minute ones: close, not equal.
      baselineGap = Math.max(baselineGap, Math.abs(rawBase!.kwhPerRuntimeHour.value! / figure.kwhPerRuntimeHour.value! - 1));
      const raw = unitInsight(readingsOfSamples(samplesOf(profile, START - MARGIN, NOW, 5, i)), { start: START, end: NOW }, { tariffPerKwh: 0.14 });
      if (Math.abs(raw.energyKwh.value! - insight.energyKwh.value!) > 1e-6 * raw.energyKwh.value! || raw.starts.value !== insight.starts.value) throw new Error(`device ${i}: the roll-up's figures differ from the raw ones`);
      parts.raw += performance.now() - t5; // (generating the samples included: an upper bound)
    }
    if (insight.shortCycling.value) flagged++;
    if (!figure || insight.energyKwh.value === null) throw new Error(`device ${i}: no figure`);
    parts.rollUp += t1 - t0;
    parts.figures += t2 - t1;
    parts.baseline += t3 - t2;
    perDevice.push(t3 - t1);
  }
  const total = perDevice.reduce((a, b) => a + b, 0);
  const scaled = (total * 1000) / DEVICES;
  const at1000 = (x: number) => (DEVICES === 1000 ? '' : ` (${ms((x * 1000) / DEVICES)} at 1,000)`);
  console.log(`samples computed: ${samples.toLocaleString('en-US')}; units flagged short cycling: ${flagged}`);
  console.log(`per device (the 90 days' figures and the baseline, both from the roll-up): median ${median(perDevice).toFixed(1)} ms, p95 ${percentile(perDevice, 0.95).toFixed(1)} ms, max ${Math.max(...perDevice).toFixed(1)} ms`);
  console.log(`of the total: the 90 days' figures from the roll-up ${ms(parts.figures)}${at1000(parts.figures)}, the baseline from the rolled days ${ms(parts.baseline)}${at1000(parts.baseline)}`);
  console.log(`the job, one day of ${DEVICES} devices (samples to readings and the tally, a 90th of rolling their 90 days): ${ms(parts.rollUp / DAYS)}${at1000(parts.rollUp / DAYS)}`);
  if (RAW) {
    console.log(`for comparison, the 90 days' figures from raw readings: ${ms(parts.raw)}${at1000(parts.raw)}; the baseline from its 30 days of readings: ${ms(parts.rawBaseline)}${at1000(parts.rawBaseline)}`);
    console.log(`the baseline from the rolled days against the one from 15-minute readings: at most ${(baselineGap * 100).toFixed(2)} % apart`);
  }
  console.log(`total for ${DEVICES} devices: ${ms(total)}${DEVICES === 1000 ? '' : ` (${ms(scaled)} at 1,000)`}  ${gap(scaled, GOAL_MS, 'ms')}`);
  console.log(`heap used at the end: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);
}

run(main);
