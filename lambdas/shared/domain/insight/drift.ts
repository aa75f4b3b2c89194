/**
 * Baseline and drift: a unit's kWh per runtime hour over the period against the same figure over its
 * own baseline window (its first 30 days of readings), so a unit that draws more for the same hour
 * of work stands out. The ranking and its CSV: contract/drift-ranking.ts (the web app's too).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { DAY_MS, firstReadingMs, type Figure, type Period, type Reading } from './series.js';
import { unitInsight, type UnitInputs } from './unit.js';

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
