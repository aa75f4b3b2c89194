/**
 * The drift ranking (docs/energy-estimates.md, "Baseline and drift"): units ranked by drift per
 * property or for the whole account, and its CSV. Here, not in domain/insight/, because the web app
 * ranks and downloads exactly the rows it shows with the same code. No Node imports: Vite bundles this file.
 */
import { csvCell } from './csv.js';

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
