/**
 * Baseline and drift: a unit's kWh per runtime hour over the period against the same figure over its
 * own baseline window (its first 30 days of readings), so a unit that draws more for the same hour
 * of work stands out; the units ranked by drift, per property or for the whole account, and as CSV.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { csvCell } from '../reports/pages/csv.js';
import { cleanReadings, DAY_MS, type Figure, type Period, type Reading } from './series.js';
import { unitInsight, type UnitInputs } from './unit.js';

/** The baseline window of a unit: from its first reading, `days` long; null without a reading. */
export function baselineWindow(readings: readonly Reading[], days: number = INSIGHT_DEFAULTS.baselineDays): Period | null {
  const first = cleanReadings(readings)[0];
  if (!first) return null;
  if (!(days > 0)) throw new RangeError('the baseline must be at least a day long');
  return { start: first.ms, end: first.ms + days * DAY_MS };
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

/** A unit's drift over a period, from readings that reach back to its first (the baseline window is found in them). */
export function unitDrift(readings: readonly Reading[], period: Period, inputs: UnitInputs = {}, baselineDays?: number): UnitDrift {
  const now = unitInsight(readings, period, inputs).kwhPerRuntimeHour;
  const window = baselineWindow(readings, baselineDays);
  const base = window ? unitInsight(readings, window, inputs) : null;
  const baseFigure = base ? base.kwhPerRuntimeHour : { value: null, coverage: 0 };
  return { kwhPerRuntimeHour: now, baseline: { period: base ? base.period : null, kwhPerRuntimeHour: baseFigure }, driftPct: driftPct(now, baseFigure) };
}

/** One line of the drift ranking. */
export interface DriftRow {
  unitId: string;
  unitName: string;
  propertyId: string;
  propertyName: string;
  kwhPerRuntimeHour: number | null;
  baselineKwhPerRuntimeHour: number | null;
  driftPct: number | null;
  /** The period's coverage of the kWh per runtime hour figure (0–100). */
  coverage: number;
}

/** The rows ranked by drift, highest first; rows without a drift last; ties by property, unit name and id. With `propertyId`, that property's only. */
export function rankByDrift(rows: readonly DriftRow[], propertyId?: string): DriftRow[] {
  const picked = propertyId === undefined ? [...rows] : rows.filter((r) => r.propertyId === propertyId);
  return picked.sort(
    (a, b) =>
      (a.driftPct === null ? 1 : 0) - (b.driftPct === null ? 1 : 0) ||
      (b.driftPct ?? 0) - (a.driftPct ?? 0) ||
      a.propertyName.localeCompare(b.propertyName) ||
      a.unitName.localeCompare(b.unitName) ||
      a.unitId.localeCompare(b.unitId),
  );
}

/** The ranking of every property: property id → its rows ranked. */
export function rankingsByProperty(rows: readonly DriftRow[]): Map<string, DriftRow[]> {
  const ids = [...new Set(rows.map((r) => r.propertyId))].sort();
  return new Map(ids.map((id) => [id, rankByDrift(rows, id)]));
}

export const DRIFT_CSV_COLUMNS = [
  'Property',
  'Unit',
  'Unit id',
  'Estimated kWh per runtime hour',
  'Baseline estimated kWh per runtime hour',
  'Drift %',
  'Data coverage %',
] as const;

const round = (v: number | null, places: number) => (v === null ? null : Number(v.toFixed(places)));

/** Ranked rows as CSV (the order given): the header, then one line per unit; empty fields where a figure is missing; CRLF line ends. */
export function driftCsv(rows: readonly DriftRow[]): string {
  const lines = rows.map((r) =>
    [r.propertyName, r.unitName, r.unitId, round(r.kwhPerRuntimeHour, 2), round(r.baselineKwhPerRuntimeHour, 2), round(r.driftPct, 1), round(r.coverage, 1)].map(csvCell).join(','),
  );
  return [DRIFT_CSV_COLUMNS.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}
