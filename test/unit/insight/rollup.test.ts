/**
 * The daily roll-up (issue 44, item 5): the same synthetic series computed both ways, from its raw
 * readings over the whole period and from its days tallied one by one and joined (with today's part
 * from raw readings), gives the same answers, coverage included: runs, starts and on-times that
 * span midnight, a start exactly at midnight, a gap day, short cycling and ΔT out of band.
 */
import {
  dayOf,
  dayTally,
  insightFromDays,
  optionsKey,
  periodPlan,
  rollableDays,
  unitInsight,
  type Reading,
  type RolledDay,
  type UnitInputs,
  type UnitInsight,
} from '../../../lambdas/shared/domain/insight/index.js';
import { DAY, HOUR, MIN, readings, T0 } from './support/series.js';

const threePhase460 = { electrical: { voltage: 460, phase: 3 as const, powerFactor: 0.85 } };

/** Every whole day of [start, end) tallied alone from the readings (as the job does), by day. */
function rollUp(all: readonly Reading[], start: number, end: number, inputs: UnitInputs = {}): Map<string, RolledDay> {
  const out = new Map<string, RolledDay>();
  for (let d = start; d + DAY <= end; d += DAY) out.set(dayOf(d), dayTally(all, dayOf(d), inputs));
  return out;
}

/** Equal, numbers to 1e-9 of their size (sums in another order), everything else exactly. */
function expectSame(a: unknown, b: unknown, path = 'insight'): void {
  if (typeof a === 'number' && typeof b === 'number') {
    expect({ path, close: Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)) }).toEqual({ path, close: true });
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    expect({ path, keys: Object.keys(a).sort() }).toEqual({ path, keys: Object.keys(b).sort() });
    for (const k of Object.keys(a)) expectSame((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
  } else {
    expect({ path, value: a }).toEqual({ path, value: b });
  }
}

/** Both ways over [start, end): raw, and the whole days from the roll-up with the rest raw. */
function bothWays(all: readonly Reading[], start: number, end: number, inputs: UnitInputs = {}): [UnitInsight, UnitInsight] {
  const raw = unitInsight(all, { start, end }, inputs);
  const rolled = insightFromDays(rollUp(all, start, Math.floor(end / DAY) * DAY, inputs), all, { start, end }, inputs);
  expectSame(rolled, raw);
  return [raw, rolled];
}

describe('the daily roll-up gives the raw computation\'s answers', () => {
  it('20 A three-phase at 460 V and PF 0.85 for 10 h across midnight: 135.4 kWh, 10 h of 48 covered', () => {
    // From 19:00 on the first day to 05:00 on the second, a reading a minute.
    const all = readings(10 * 60, () => ({ amps: 20 }), { fromMinutes: 19 * 60 });
    const [raw, rolled] = bothWays(all, T0, T0 + 2 * DAY, threePhase460);
    expect(rolled.energyKwh.value).toBeCloseTo(135.4464, 3);
    expect(raw.energyKwh.value).toBeCloseTo(135.4, 1);
    expect(rolled.coverage).toBeCloseTo((100 * 10) / 48, 9);
    expect(rolled.energyKwh.coverage).toBeCloseTo((100 * 10) / 48, 9);
    expect(rolled.runtimeHours.value).toBeCloseTo(10, 9);
  });

  it('runs, starts and on-times across midnight, one starting exactly at midnight, one ending exactly at it', () => {
    // Day by day: on 22:00-02:00 (an on-time of 4 h over midnight); on 00:00-01:00 the second night (a start at midnight);
    // on 23:00-24:00 the third evening (an on-time ending at midnight), at 5-minute readings.
    const runs = [
      [22 * 60, 26 * 60],
      [48 * 60, 49 * 60],
      [71 * 60, 72 * 60],
    ];
    const all = readings(4 * 1440, (m) => {
      const on = runs.some(([a, b]) => m >= a! && m < b!);
      return { amps: on ? 18 : 0.2, on, supplyF: 55, returnF: on ? 75 : 70 };
    }, { stepMinutes: 5 });
    const [, rolled] = bothWays(all, T0, T0 + 4 * DAY);
    expect(rolled.starts.value).toBe(3);
    expect(rolled.medianOnMinutes.value).toBe(60);
    expect(rolled.runtimeHours.value).toBeCloseTo(6, 9);
  });

  it('a unit already running when the period begins and still running at its end: runtime, but no on-time it cannot measure', () => {
    const all = readings(3 * 1440 + 60, () => ({ amps: 20, on: true }), { fromMinutes: -60, stepMinutes: 5 });
    const [, rolled] = bothWays(all, T0, T0 + 3 * DAY);
    expect(rolled.starts.value).toBe(0);
    expect(rolled.medianOnMinutes.value).toBeNull();
    expect(rolled.runtimeHours.value).toBeCloseTo(72, 9);
  });

  it('a 5-minute on/off square wave over three days is short cycling both ways', () => {
    const all = readings(3 * 1440, (m) => ({ amps: Math.floor(m / 5) % 2 === 0 ? 20 : 0 }));
    const [, rolled] = bothWays(all, T0, T0 + 3 * DAY);
    expect(rolled.shortCycling.value).toBe(true);
    expect(rolled.medianOnMinutes.value).toBe(5);
    expect(rolled.startsPerDay.value).toBeCloseTo(144, 0);
  });

  it('a gap day stays a gap: it counts as no data, and the runs on either side of it are not joined', () => {
    const day = (m: number) => ({ amps: m % 1440 >= 360 && m % 1440 < 1200 ? 20 : 0.5, supplyF: 55, returnF: 80 });
    const all = readings(4 * 1440, day, { stepMinutes: 5 }).filter((r) => !((r.at as number) >= T0 + DAY && (r.at as number) < T0 + 2 * DAY));
    const rolledDays = rollUp(all, T0, T0 + 4 * DAY);
    expect(rolledDays.get(dayOf(T0 + DAY))!.ms).toBe(0);
    const [raw, rolled] = bothWays(all, T0, T0 + 4 * DAY);
    // Three of the four days, less the 5 minutes before the gap (the reading there opens no interval across it).
    expect(rolled.coverage).toBeCloseTo(raw.coverage, 9);
    expect(rolled.coverage).toBeLessThan(75);
    expect(rolled.coverage).toBeGreaterThan(74.8);
    // ΔT 25 °F while running: above the 16-22 °F band all the time it runs.
    expect(rolled.deltaT.meanF.value).toBeCloseTo(25, 9);
    expect(rolled.deltaT.outsidePct.value).toBeCloseTo(100, 9);
  });

  it('today from raw readings after the rolled days, from the intervals that reach into it', () => {
    const all = readings(2 * 1440 + 600, (m) => ({ amps: Math.floor(m / 40) % 3 === 0 ? 15 : 0 }), { stepMinutes: 5 });
    const end = T0 + 2 * DAY + 9 * HOUR + 7 * MIN;
    const plan = periodPlan({ start: T0, end }, rollUp(all, T0, T0 + 2 * DAY));
    expect([plan.days.length, plan.rawFrom]).toEqual([2, T0 + 2 * DAY]);
    bothWays(all, T0, end);
  });

  it('uses no rolled day tallied with other options, nor any after the first day missing, nor any for a period that starts within a day', () => {
    const all = readings(3 * 1440, () => ({ amps: 10 }), { stepMinutes: 5 });
    const days = rollUp(all, T0, T0 + 3 * DAY);
    expect(periodPlan({ start: T0, end: T0 + 3 * DAY }, days).days).toHaveLength(3);
    expect(periodPlan({ start: T0, end: T0 + 3 * DAY }, days, { maxIntervalMinutes: 30 }).days).toHaveLength(0);
    const holed = new Map(days);
    holed.delete(dayOf(T0 + DAY));
    expect(periodPlan({ start: T0, end: T0 + 3 * DAY }, holed)).toMatchObject({ rawFrom: T0 + DAY });
    expect(periodPlan({ start: T0 + HOUR, end: T0 + 3 * DAY }, days)).toMatchObject({ days: [], rawFrom: T0 + HOUR });
    expect(optionsKey()).toBe('15/1/16-22');
    // And the answers are still the raw ones.
    expectSame(insightFromDays(holed, all, { start: T0, end: T0 + 3 * DAY }), unitInsight(all, { start: T0, end: T0 + 3 * DAY }));
  });
});

describe('the days the job rolls', () => {
  it('are those that ended at least an hour ago, newest first, within the lookback', () => {
    expect(rollableDays(Date.parse('2026-06-05T00:59:00Z'), 3)).toEqual(['2026-06-03', '2026-06-02', '2026-06-01']);
    expect(rollableDays(Date.parse('2026-06-05T01:00:00Z'), 2)).toEqual(['2026-06-04', '2026-06-03']);
  });

  it('tallies a day from its readings and the interval that reaches into it, not beyond its end', () => {
    const all = readings(2 * 1440, () => ({ amps: 20, on: true }), { fromMinutes: -10, stepMinutes: 10 });
    const t = dayTally(all, dayOf(T0));
    expect(t.ms).toBe(DAY);
    expect(t.cycles.first).toEqual({ at: T0, on: true });
    expect(t.cycles.last).toEqual({ at: T0 + DAY, on: true });
    expect(t.cycles.headThrough).toBe(true);
    expect(() => dayTally(all, 'June 1st')).toThrow(RangeError);
  });
});
