/**
 * Baseline and drift: a unit's kWh per runtime hour over the period against the same figure over its
 * own baseline window (its first 30 days of readings), so a unit that draws more for the same hour
 * of work stands out. The ranking and its CSV: contract/drift-ranking.ts (the web app's too).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { DAY_MS, firstReadingMs, type Figure, type Period, type Reading } from './series.js';
import { dayOf, optionsKey, type RolledDay } from './rollup.js';
import { insightOfTallies, unitInsight, type UnitInputs } from './unit.js';

export { driftCsv, DRIFT_CSV_COLUMNS, rankByDrift, rankingsByProperty, type DriftRow } from '../../contract/drift-ranking.js';

/** The baseline window of a unit: from its first reading, `days` long; null without a reading. */
export function baselineWindow(readings: readonly Reading[], days: number = INSIGHT_DEFAULTS.baselineDays): Period | null {
  const first = firstReadingMs(readings);
  if (first === null) return null;
  if (!(days > 0)) throw new RangeError('the baseline must be at least a day long');
  return { start: first, end: first + days * DAY_MS };
}

/** Drift in %: (period ÷ baseline − 1) · 100; null when either figure is missing or the baseline is 0. */
export function driftPct(period: Figure<number>, baseline: Figure<number>): number | null {
  if (period.value === null || baseline.value === null || baseline.value === 0) return null;
  return (period.value / baseline.value - 1) * 100;
}

export interface UnitDrift {
  kwhPerRuntimeHour: Figure<number>;
  baseline: { period: { start: string; end: string } | null; kwhPerRuntimeHour: Figure<number> };
  driftPct: number | null;
}

/** A period's kWh per runtime hour against the baseline found in `baselineReadings` (from the unit's first reading). */
export function driftAgainstBaseline(now: Figure<number>, baselineReadings: readonly Reading[], inputs: UnitInputs = {}, baselineDays?: number): UnitDrift {
  const window = baselineWindow(baselineReadings, baselineDays);
  const base = window ? unitInsight(baselineReadings, window, inputs) : null;
  const baseFigure = base ? base.kwhPerRuntimeHour : { value: null, coverage: 0 };
  return { kwhPerRuntimeHour: now, baseline: { period: base ? base.period : null, kwhPerRuntimeHour: baseFigure }, driftPct: driftPct(now, baseFigure) };
}

/** A unit's drift over a period, from readings that reach back to its first (the baseline window is found in them). */
export const unitDrift = (readings: readonly Reading[], period: Period, inputs: UnitInputs = {}, baselineDays?: number): UnitDrift =>
  driftAgainstBaseline(unitInsight(readings, period, inputs).kwhPerRuntimeHour, readings, inputs, baselineDays);

/** A baseline's window (ms) and kWh per runtime hour over it. */
export interface BaselineOfDays {
  start: number;
  end: number;
  kwhPerRuntimeHour: Figure<number>;
}

/**
 * A unit's baseline from its rolled days (./rollup.ts) instead of its raw readings: the window from
 * its first reading (`firstMs`, as the telemetry's first() gives it) to the end of the 30th UTC day
 * counted from that reading's day, and its kWh per runtime hour from those 30 days' tallies joined.
 * Null (read the raw readings, as before) unless each of the 30 days is rolled with these options
 * (`optionsKey`) and the first one holds a reading: a day not rolled (beyond the roll-up's 92 days,
 * not reached yet, or not over) is not guessed at. The days before the first reading hold none, so
 * the figure is that of the raw readings over the same window.
 */
export function baselineFromDays(firstMs: number, rolled: ReadonlyMap<string, RolledDay>, inputs: UnitInputs = {}, days: number = INSIGHT_DEFAULTS.baselineDays): BaselineOfDays | null {
  if (!Number.isFinite(firstMs)) return null;
  if (!(days > 0)) throw new RangeError('the baseline must be at least a day long');
  const from = Math.floor(firstMs / DAY_MS) * DAY_MS;
  const key = optionsKey(inputs);
  const parts: RolledDay[] = [];
  for (let k = 0; k < days; k++) {
    const day = rolled.get(dayOf(from + k * DAY_MS));
    if (!day || day.key !== key) return null;
    parts.push(day);
  }
  if (parts[0]!.ms === 0) return null;
  const window = { start: firstMs, end: from + days * DAY_MS };
  return { ...window, kwhPerRuntimeHour: insightOfTallies(parts, window, inputs).kwhPerRuntimeHour };
}

/** A period's kWh per runtime hour against a baseline already computed (from the roll-up or from readings); none: no drift. */
export function driftFromBaseline(now: Figure<number>, base: BaselineOfDays | null | undefined): UnitDrift {
  const figure = base ? base.kwhPerRuntimeHour : { value: null, coverage: 0 };
  const period = base ? { start: new Date(base.start).toISOString(), end: new Date(base.end).toISOString() } : null;
  return { kwhPerRuntimeHour: now, baseline: { period, kwhPerRuntimeHour: figure }, driftPct: driftPct(now, figure) };
}
