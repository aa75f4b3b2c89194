/** Runtime, duty cycle, starts, on-times and short cycling with known answers; ΔT against its band. */
import { INSIGHT_DEFAULTS, unitInsight } from '../../../lambdas/shared/domain/insight/index.js';
import { MIN, period, readings, square, T0 } from './support/series.js';

describe('runtime, starts and short cycling', () => {
  it('flags a 5-minute on/off square wave as short cycling, with its runtime, starts and on-time', () => {
    // 10 h, one reading a minute: on 0–5, off 5–10, on 10–15 ... The start at minute 0 is not seen.
    const u = unitInsight(readings(600, square(5, 5)), period(10));
    expect(u.runtimeHours.value).toBeCloseTo(5, 9);
    expect(u.dutyCyclePct.value).toBeCloseTo(50, 9);
    expect(u.starts.value).toBe(59);
    expect(u.startsPerDay.value).toBeCloseTo(59 / (10 / 24), 9);
    expect(u.medianOnMinutes.value).toBeCloseTo(5, 9);
    expect(u.shortCycling).toEqual({ value: true, coverage: 100 });
    expect(u.thresholds).toEqual({ maxStartsPerDay: 6, minMedianOnMinutes: 8 });
  });

  it('does not flag a steady unit: 2 h on, 2 h off for two days', () => {
    const u = unitInsight(readings(48 * 60, square(120, 120)), period(48));
    expect(u.starts.value).toBe(11);
    expect(u.startsPerDay.value).toBeCloseTo(5.5, 9);
    expect(u.medianOnMinutes.value).toBeCloseTo(120, 9);
    expect(u.dutyCyclePct.value).toBeCloseTo(50, 9);
    expect(u.shortCycling.value).toBe(false);
  });

  it('does not flag a unit running all along: no start seen, no on-time it can measure', () => {
    const u = unitInsight(readings(24 * 60, () => ({ amps: 20 })), period(24));
    expect(u.runtimeHours.value).toBeCloseTo(24, 9);
    expect(u.dutyCyclePct.value).toBeCloseTo(100, 9);
    expect(u.starts.value).toBe(0);
    expect(u.medianOnMinutes.value).toBeNull();
    expect(u.shortCycling.value).toBe(false);
  });

  it('flags on either threshold alone, and takes both as parameters', () => {
    // 7 min on, 173 min off: on-times under 8 min (the starts limit lifted, so the on-time rule alone decides).
    const shortRuns = readings(24 * 60, square(7, 173));
    expect(unitInsight(shortRuns, period(24), { maxStartsPerDay: 100 }).shortCycling.value).toBe(true);
    expect(unitInsight(shortRuns, period(24), { maxStartsPerDay: 100, minMedianOnMinutes: 7 }).shortCycling.value).toBe(false);
    // 20 min on, 40 min off: 23 starts a day, on-times well over 8 min.
    const manyStarts = readings(24 * 60, square(20, 40));
    const u = unitInsight(manyStarts, period(24));
    expect(u.starts.value).toBe(23);
    expect(u.medianOnMinutes.value).toBeCloseTo(20, 9);
    expect(u.shortCycling.value).toBe(true);
    expect(unitInsight(manyStarts, period(24), { maxStartsPerDay: 24 }).shortCycling.value).toBe(false);
    // The steady unit above, with a limit of 4 starts a day.
    expect(unitInsight(readings(48 * 60, square(120, 120)), period(48), { maxStartsPerDay: 4 }).shortCycling.value).toBe(true);
    expect(INSIGHT_DEFAULTS.maxStartsPerDay).toBe(6);
    expect(INSIGHT_DEFAULTS.minMedianOnMinutes).toBe(8);
  });

  it('counts no start and no on-time across a gap, and starts per day over the covered time only', () => {
    // Off 0–60, a 30-minute gap, then on 90–150 and off 150–180: the start at 90 is behind the gap.
    const rs = readings(180, (m) => ({ amps: m >= 90 && m < 150 ? 20 : 0 })).filter((r) => (r.at as number) <= T0 + 60 * MIN || (r.at as number) >= T0 + 90 * MIN);
    const u = unitInsight(rs, period(3));
    expect(u.starts.value).toBe(0);
    expect(u.medianOnMinutes.value).toBeNull();
    expect(u.runtimeHours.value).toBeCloseTo(1, 9);
    expect(u.dutyCyclePct.value).toBeCloseTo(40, 9);
    expect(u.startsPerDay.coverage).toBeCloseTo((100 * 150) / 180, 9);
    // The reported state wins over the current.
    const reported = unitInsight(
      readings(60, (m) => ({ amps: 20, on: m % 20 < 10 })),
      period(1),
    );
    expect(reported.starts.value).toBe(2);
    expect(reported.runtimeHours.value).toBeCloseTo(0.5, 9);
  });
});

describe('ΔT across the coil', () => {
  const running = (supplyF: number, returnF: number) => () => ({ amps: 20, supplyF, returnF });

  it('is inside the cooling band (16–22 °F by default) at 20 °F: no time outside', () => {
    expect(INSIGHT_DEFAULTS.coolingDeltaT).toEqual({ low: 16, high: 22 });
    const d = unitInsight(readings(120, running(55, 75)), period(2)).deltaT;
    expect(d.meanF.value).toBeCloseTo(20, 9);
    expect(d.hoursOutside).toEqual({ value: 0, coverage: 100 });
    expect(d.outsidePct.value).toBe(0);
    expect(d.band).toEqual({ low: 16, high: 22 });
  });

  it('counts the running time below and above the band, and the band edges as inside', () => {
    // 1 h at 12 °F (below), 1 h at 26 °F (above), 1 h at 16 °F, 1 h at 22 °F.
    const rs = readings(240, (m) => ({ amps: 20, supplyF: 55, returnF: 55 + [12, 26, 16, 22][Math.min(3, Math.floor(m / 60))]! }));
    const d = unitInsight(rs, period(4)).deltaT;
    expect(d.hoursBelow.value).toBeCloseTo(1, 9);
    expect(d.hoursAbove.value).toBeCloseTo(1, 9);
    expect(d.hoursOutside.value).toBeCloseTo(2, 9);
    expect(d.outsidePct.value).toBeCloseTo(50, 9);
    expect(d.meanF.value).toBeCloseTo(19, 9);
    // A band given as a parameter.
    expect(unitInsight(rs, period(4), { deltaTBand: { low: 10, high: 30 } }).deltaT.hoursOutside.value).toBe(0);
    expect(() => unitInsight(rs, period(4), { deltaTBand: { low: 22, high: 16 } })).toThrow('the ΔT band must have its low end at or below its high end');
  });

  it('judges only running time: an idle unit with a small ΔT is not outside the band', () => {
    const rs = readings(120, (m) => (m < 60 ? { amps: 0, supplyF: 72, returnF: 74 } : { amps: 20, supplyF: 55, returnF: 75 }));
    const d = unitInsight(rs, period(2)).deltaT;
    expect(d.hoursOutside.value).toBe(0);
    expect(d.meanF.value).toBeCloseTo(20, 9);
    expect(d.meanF.coverage).toBeCloseTo(100, 9);
    // Off all along: coverage, but no ΔT to judge.
    const idle = unitInsight(readings(60, () => ({ amps: 0, supplyF: 72, returnF: 74 })), period(1)).deltaT;
    expect(idle.meanF).toEqual({ value: null, coverage: 100 });
    expect(idle.hoursOutside.value).toBe(0);
    expect(idle.outsidePct.value).toBeNull();
  });

  it('leaves out running time without both temperatures (it lowers the coverage)', () => {
    const rs = readings(60, (m) => ({ amps: 20, supplyF: m < 30 ? 55 : Number.NaN, returnF: 75 }));
    const d = unitInsight(rs, period(1)).deltaT;
    expect(d.meanF.value).toBeCloseTo(20, 9);
    expect(d.meanF.coverage).toBeCloseTo(50, 9);
    expect(unitInsight(readings(60, () => ({ amps: 20 })), period(1)).deltaT.meanF).toEqual({ value: null, coverage: 0 });
  });
});
