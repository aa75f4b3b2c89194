/**
 * The drift baseline from the daily roll-up (docs/energy-estimates.md "The daily roll-up"): the same
 * synthetic series gives the same kWh per runtime hour and coverage from its rolled days as from its
 * raw readings over the same window, and the rolled days are used only when all 30 are there.
 */
import {
  baselineFromDays,
  dayOf,
  dayTally,
  electricalInputs,
  kilowatts,
  optionsKey,
  unitInsight,
  type Reading,
  type RolledDay,
  type UnitInputs,
} from '../../../lambdas/shared/domain/insight/index.js';
import { baselineFigure } from '../../../lambdas/shared/domain/alerts/signals.js';
import { DAY, MIN, readings, square, T0 } from './support/series.js';

const threePhase460 = { electrical: { voltage: 460, phase: 3 as const, powerFactor: 0.85 } };
// 20 A three-phase at 460 V and PF 0.85: 13.54 kW while running, so 13.54 kWh per runtime hour.
const kw20 = kilowatts(20, electricalInputs(threePhase460.electrical));

/** Every whole day from `start` for `days` days tallied alone (as the job does), by day. */
function rollUp(all: readonly Reading[], start: number, days: number, inputs: UnitInputs = {}): Map<string, RolledDay> {
  const out = new Map<string, RolledDay>();
  for (let d = start; d < start + days * DAY; d += DAY) out.set(dayOf(d), dayTally(all, dayOf(d), inputs));
  return out;
}

// 40 days, a reading every 5 minutes, 1 h on at 20 A and 1 h off.
const steady = readings(40 * 24 * 60, square(60, 60), { stepMinutes: 5 });

describe('the drift baseline from rolled days', () => {
  it('a unit whose first reading is at midnight: the same window and figure as from its raw readings (13.54 kWh per runtime hour)', () => {
    const fromDays = baselineFromDays(T0, rollUp(steady, T0, 40), threePhase460)!;
    const raw = baselineFigure(steady, threePhase460)!;
    expect(kw20).toBeCloseTo(13.54, 2);
    expect(fromDays.start).toBe(raw.start);
    expect(fromDays.end).toBe(raw.end);
    expect(fromDays.kwhPerRuntimeHour.value).toBeCloseTo(kw20, 9);
    expect(fromDays.kwhPerRuntimeHour.value).toBeCloseTo(raw.kwhPerRuntimeHour.value!, 9);
    expect(fromDays.kwhPerRuntimeHour.coverage).toBeCloseTo(100, 9);
    expect(fromDays.kwhPerRuntimeHour.coverage).toBeCloseTo(raw.kwhPerRuntimeHour.coverage, 9);
  });

  it('a first reading late in its day: the window ends with the 30th day, and the figure and coverage are the raw readings’ over it', () => {
    // The unit's first reading at 14:10 on day 0; 20 A on, 24 A from day 31 (after the baseline).
    const from = 14 * 60 + 10;
    const late = readings(40 * 24 * 60 - from, (m) => square(60, 60, m < 31 * 24 * 60 ? 20 : 24)(m), { stepMinutes: 5, fromMinutes: from });
    const first = T0 + from * MIN;
    const fromDays = baselineFromDays(first, rollUp(late, T0, 40), threePhase460)!;
    expect(fromDays.start).toBe(first);
    expect(fromDays.end).toBe(T0 + 30 * DAY);
    const raw = unitInsight(late, { start: fromDays.start, end: fromDays.end }, threePhase460).kwhPerRuntimeHour;
    expect(fromDays.kwhPerRuntimeHour.value).toBeCloseTo(kw20, 9);
    expect(fromDays.kwhPerRuntimeHour.value).toBeCloseTo(raw.value!, 9);
    expect(fromDays.kwhPerRuntimeHour.coverage).toBeCloseTo(raw.coverage, 9);
    expect(fromDays.kwhPerRuntimeHour.coverage).toBeCloseTo(100, 9);
  });

  it('a gap in the 30 days: counted as no data both ways (the same lower coverage)', () => {
    // No reading on day 10.
    const gappy = steady.filter((r) => (r.at as number) < T0 + 10 * DAY || (r.at as number) > T0 + 11 * DAY);
    const fromDays = baselineFromDays(T0, rollUp(gappy, T0, 40), threePhase460)!;
    const raw = baselineFigure(gappy, threePhase460)!;
    expect(fromDays.kwhPerRuntimeHour.value).toBeCloseTo(kw20, 9);
    expect(fromDays.kwhPerRuntimeHour.coverage).toBeLessThan(97);
    expect(fromDays.kwhPerRuntimeHour.coverage).toBeCloseTo(unitInsight(gappy, { start: T0, end: T0 + 30 * DAY }, threePhase460).kwhPerRuntimeHour.coverage, 9);
    expect(raw.kwhPerRuntimeHour.value).toBeCloseTo(kw20, 9);
  });

  it('not from the roll-up unless all 30 days are rolled with the same options and the first holds a reading', () => {
    const all = rollUp(steady, T0, 40, threePhase460);
    expect(baselineFromDays(T0, all, threePhase460)).not.toBeNull();
    // A day missing (beyond the roll-up's 92 days, not reached yet, or not over): the raw readings.
    const missing = new Map(all);
    missing.delete(dayOf(T0 + 29 * DAY));
    expect(baselineFromDays(T0, missing, threePhase460)).toBeNull();
    // The 30 days not all over: only 20 of them rolled.
    expect(baselineFromDays(T0, rollUp(steady, T0, 20, threePhase460), threePhase460)).toBeNull();
    // A day tallied with other options (another ΔT band).
    const other = new Map(all);
    other.set(dayOf(T0 + 3 * DAY), { ...all.get(dayOf(T0 + 3 * DAY))!, key: optionsKey({ deltaTBand: { low: 10, high: 30 } }) });
    expect(baselineFromDays(T0, other, threePhase460)).toBeNull();
    // The day of the first reading rolled without one (the reading came after it was rolled): not guessed at.
    expect(baselineFromDays(T0 - DAY, new Map([...rollUp(steady, T0 - DAY, 1, threePhase460), ...all]), threePhase460)).toBeNull();
    expect(baselineFromDays(Number.NaN, all, threePhase460)).toBeNull();
    expect(() => baselineFromDays(T0, all, threePhase460, 0)).toThrow(RangeError);
  });

  it('takes the baseline length as a parameter', () => {
    const week = baselineFromDays(T0, rollUp(steady, T0, 7), threePhase460, 7)!;
    expect(week.end).toBe(T0 + 7 * DAY);
    expect(week.kwhPerRuntimeHour.value).toBeCloseTo(kw20, 9);
  });
});
