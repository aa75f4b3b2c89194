/**
 * The simulator's run profiles through the estimates (readingsOfSamples + unitInsight), over the
 * samples the portal's period read would get (the last of each 5-minute window): most units run
 * long cycles with ΔT in the band, one short-cycles, one has a low ΔT, one drifts.
 */
import { readingsOfSamples, unitDrift, unitInsight } from '../../lambdas/shared/domain/insight/index.js';
import { demoFleet, type SimDevice } from '../../infra/local/simulator/fleet.js';
import { DRIFT, DRIFT_START_MS, firstReportAt, readingsAt, reportAtOrBefore } from '../../infra/local/simulator/readings.js';

const DAY = 86_400_000;
const device = (id: string) => demoFleet.find((d) => d.deviceId === id)!;

/** The device's samples of [start, end): its last report in every 5-minute window. */
function samples(d: SimDevice, start: number, end: number) {
  const out: Record<string, unknown>[] = [];
  for (let w = Math.max(start, firstReportAt(d)); w < end; w += 300_000) {
    const t = reportAtOrBefore(d, w + 299_999);
    if (t >= w) out.push({ _time: new Date(t).toISOString(), ...readingsAt(d, t) });
  }
  return out;
}
const insightOver = (d: SimDevice, start: number, days: number) => unitInsight(readingsOfSamples(samples(d, start, start + days * DAY)), { start, end: start + days * DAY });
const DAY_START = Date.parse('2026-11-21T00:00:00Z');

describe('run profiles', () => {
  it('normal units: long cycles (at most 6 starts a day, on-times of hours), ΔT inside 16–22 °F', () => {
    const normal = demoFleet.filter((d) => !d.profile && d.kind === 'air');
    expect(normal.length).toBeGreaterThanOrEqual(4);
    for (const d of normal) {
      const u = insightOver(d, DAY_START, 1);
      expect(u.coverage).toBeGreaterThan(99);
      expect(u.shortCycling.value).toBe(false);
      expect(u.startsPerDay.value!).toBeLessThanOrEqual(6);
      expect(u.deltaT.hoursOutside.value).toBe(0);
      expect(u.deltaT.meanF.value!).toBeGreaterThan(16);
      expect(u.deltaT.meanF.value!).toBeLessThan(22);
      expect(u.energyKwh.value!).toBeGreaterThan(0);
    }
  });
  it('the short-cycling unit: a 10-minute cycle, flagged', () => {
    const u = insightOver(device('NCL-CRAC1-A1'), DAY_START, 1);
    expect(u.shortCycling.value).toBe(true);
    expect(u.startsPerDay.value!).toBeGreaterThan(100);
    expect(u.medianOnMinutes.value!).toBeLessThan(8);
    expect(u.dutyCyclePct.value!).toBeCloseTo(50, 0);
  });
  it('the low-ΔT unit: ΔT under the band all its running time, not short cycling', () => {
    const u = insightOver(device('NCL-RTU2-A1'), DAY_START, 1);
    expect(u.deltaT.meanF.value!).toBeLessThan(16);
    expect(u.deltaT.outsidePct.value!).toBeCloseTo(100, 6);
    expect(u.deltaT.hoursBelow.value!).toBeGreaterThan(5);
    expect(u.shortCycling.value).toBe(false);
  });
  it('the drifting unit: nothing before its fixed start, then +20 % kWh per runtime hour after its first 30 days', () => {
    const d = device('NCL-RTU2-B2');
    expect(samples(d, DRIFT_START_MS - DAY, DRIFT_START_MS)).toHaveLength(0);
    const readings = readingsOfSamples(samples(d, DRIFT_START_MS, DRIFT_START_MS + 60 * DAY));
    const drift = unitDrift(readings, { start: DRIFT_START_MS + DRIFT.afterDays * DAY, end: DRIFT_START_MS + 60 * DAY });
    // The baseline: its first 30 days, from its first report (in the first window after the start).
    expect(Date.parse(drift.baseline.period!.start) - DRIFT_START_MS).toBeLessThan(300_000);
    expect(drift.driftPct!).toBeCloseTo(20, 0);
    const before = unitDrift(readings, { start: DRIFT_START_MS + 10 * DAY, end: DRIFT_START_MS + 20 * DAY });
    expect(Math.abs(before.driftPct!)).toBeLessThan(1);
    expect(insightOver(d, DRIFT_START_MS + 40 * DAY, 1).shortCycling.value).toBe(false);
  });
});
