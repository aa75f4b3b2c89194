/**
 * The daily roll-up of the estimates (issue 44, item 5; docs/energy-estimates.md "The daily
 * roll-up"): each unit's UTC day tallied once (./tally.ts) by the scheduled job
 * (lambdas/telemetry/roll-up-days.ts) and stored (lambdas/shared/data/unit-days.ts); a period's
 * figures are then its rolled days joined, and only what is not rolled yet (today) is tallied from
 * raw readings. A day rolled with no reading is a gap: it counts as no data, as the raw computation
 * would. Pure: no AWS, no clock.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { DAY_MS, MINUTE_MS, periodBounds, seriesOf, type Period, type Reading } from './series.js';
import { tallyOf, type Tally } from './tally.js';
import { bandOf, insightOfTallies, type UnitInputs, type UnitInsight } from './unit.js';

/** A rolled day: its tally, the options it was tallied with (`optionsKey`) and when. */
export interface RolledDay extends Tally {
  key: string;
  at: string;
}

/** How many days back the job rolls (the longest figure read from the roll-up: the bench's 90 days, with room). */
export const ROLLUP_LOOKBACK_DAYS = 92;
/** A day is rolled only this long after it ended: readings reach the service late, and its last interval needs the next day's first reading. */
export const ROLLUP_SETTLE_MS = 60 * MINUTE_MS;

/** The UTC day (YYYY-MM-DD) of a time. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The start (ms) of a UTC day. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The options a day's tally depends on: a day tallied with others is not used (its figures would differ). */
export function optionsKey(inputs: UnitInputs = {}): string {
  const band = bandOf(inputs);
  return `${inputs.maxIntervalMinutes ?? INSIGHT_DEFAULTS.maxIntervalMinutes}/${inputs.runningAboveAmps ?? INSIGHT_DEFAULTS.runningAboveAmps}/${band.low}-${band.high}`;
}

/** How far before and after a day its readings are read: the intervals that reach into it. */
export const readMarginMs = (inputs: UnitInputs = {}) => (inputs.maxIntervalMinutes ?? INSIGHT_DEFAULTS.maxIntervalMinutes) * MINUTE_MS;

/** The days that may be rolled at `now`: ended at least ROLLUP_SETTLE_MS ago, within the lookback; newest first. */
export function rollableDays(now: number, lookbackDays: number = ROLLUP_LOOKBACK_DAYS): string[] {
  const out: string[] = [];
  let d = Math.floor((now - ROLLUP_SETTLE_MS) / DAY_MS) * DAY_MS - DAY_MS;
  for (let i = 0; i < lookbackDays; i++, d -= DAY_MS) out.push(dayOf(d));
  return out;
}

/** A day's tally from readings that cover it and `readMarginMs` on either side. */
export function dayTally(readings: readonly Reading[], day: string, inputs: UnitInputs = {}): RolledDay {
  const start = dayStart(day);
  if (!Number.isFinite(start)) throw new RangeError(`not a day: ${day}`);
  const series = seriesOf(readings, { start, end: start + DAY_MS }, inputs);
  return { ...tallyOf(series, bandOf(inputs)), key: optionsKey(inputs), at: '' };
}

/**
 * How a period is read: its whole days from its start that are rolled (with these options), in
 * order, and where the raw part begins (`rawFrom`: the end of the last rolled day used, else the
 * period's start; nothing raw when it is the period's end). The first day not rolled ends the rolled
 * part, so the raw part is one span (normally today's).
 */
export function periodPlan(period: Period, rolled: ReadonlyMap<string, RolledDay>, inputs: UnitInputs = {}): { days: RolledDay[]; rawFrom: number; end: number } {
  const { start, end } = periodBounds(period);
  const key = optionsKey(inputs);
  const days: RolledDay[] = [];
  let at = start;
  if (start % DAY_MS === 0) {
    for (; at + DAY_MS <= end; at += DAY_MS) {
      const day = rolled.get(dayOf(at));
      if (!day || day.key !== key) break;
      days.push(day);
    }
  }
  return { days, rawFrom: at, end };
}

/**
 * Every figure of a unit over `period` from its rolled days and, for what they do not cover
 * (`periodPlan`'s raw part), its raw readings (from `readMarginMs` before that part): the same
 * figures as unitInsight over the readings of the whole period.
 */
export function insightFromDays(rolled: ReadonlyMap<string, RolledDay>, raw: readonly Reading[], period: Period, inputs: UnitInputs = {}): UnitInsight {
  const plan = periodPlan(period, rolled, inputs);
  const parts: Tally[] = [...plan.days];
  if (plan.rawFrom < plan.end) parts.push(tallyOf(seriesOf(raw, { start: plan.rawFrom, end: plan.end }, inputs), bandOf(inputs)));
  return insightOfTallies(parts, period, inputs);
}
