/**
 * A unit's readings as the intervals the figures are summed over. Each reading holds from its time
 * until the next reading (a step, as the telemetry reports a state), clipped to the period; two
 * readings further apart than the maximum interval leave a gap, which counts as no data. The last
 * reading of a series opens no interval (nothing says how long it held).
 *
 * What is ignored, never an error (the telemetry is what it is): a reading whose time does not
 * parse; a current that is negative, NaN or infinite; a temperature that is NaN or infinite (each
 * value on its own: a reading with a bad current still gives its temperatures). Readings are sorted
 * by time; of two with the same time the later one given wins.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';

/** One reading of a unit: its time (ISO text or epoch ms), line current in A, on/off state, supply and return temperatures in °F. */
export interface Reading {
  at: string | number;
  amps?: number | null;
  /** The reported state; absent: derived from the current (above `runningAboveAmps`: on). */
  on?: boolean | null;
  /** Running for heat (a heating unit's call): its ΔT is not judged against the cooling band. */
  heating?: boolean | null;
  supplyF?: number | null;
  returnF?: number | null;
}

/** The period the figures are for: [start, end), ISO text or epoch ms. */
export interface Period {
  start: string | number;
  end: string | number;
}

/** One interval of the series inside the period, with what the reading that opens it says (null: not known). */
export interface Interval {
  start: number;
  end: number;
  ms: number;
  amps: number | null;
  on: boolean | null;
  heating: boolean;
  supplyF: number | null;
  returnF: number | null;
}

export interface SeriesOptions {
  maxIntervalMinutes?: number;
  runningAboveAmps?: number;
}

/** The intervals of a series within its period, and the period's length in ms. */
export interface Series {
  start: number;
  end: number;
  periodMs: number;
  intervals: Interval[];
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export const toMs = (t: string | number): number => (typeof t === 'number' ? t : Date.parse(t));

const finite = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const current = (v: number | null | undefined): number | null => {
  const a = finite(v);
  return a !== null && a >= 0 ? a : null;
};

/** The period's bounds in ms; throws on a period that does not parse or ends before it starts (a caller's mistake, not data). */
export function periodBounds(period: Period): { start: number; end: number } {
  const start = toMs(period.start);
  const end = toMs(period.end);
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new RangeError('the period must have a start and an end time');
  if (end < start) throw new RangeError('the period must not end before it starts');
  return { start, end };
}

/** The readings with a usable time, sorted; a repeated time keeps the later reading given. */
export function cleanReadings(readings: readonly Reading[]): (Reading & { ms: number })[] {
  const byTime = new Map<number, Reading & { ms: number }>();
  for (const r of readings) {
    const ms = toMs(r.at);
    if (Number.isFinite(ms)) byTime.set(ms, { ...r, ms });
  }
  return [...byTime.values()].sort((a, b) => a.ms - b.ms);
}

/** The series of a unit's readings over a period (readings outside it may open an interval that reaches into it). */
export function seriesOf(readings: readonly Reading[], period: Period, options: SeriesOptions = {}): Series {
  const { start, end } = periodBounds(period);
  const maxMs = (options.maxIntervalMinutes ?? INSIGHT_DEFAULTS.maxIntervalMinutes) * MINUTE_MS;
  const threshold = options.runningAboveAmps ?? INSIGHT_DEFAULTS.runningAboveAmps;
  const sorted = cleanReadings(readings);
  const intervals: Interval[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const r = sorted[i]!;
    const next = sorted[i + 1]!;
    if (next.ms - r.ms > maxMs) continue;
    const s = Math.max(r.ms, start);
    const e = Math.min(next.ms, end);
    if (e <= s) continue;
    const amps = current(r.amps);
    const on = typeof r.on === 'boolean' ? r.on : amps === null ? null : amps > threshold;
    intervals.push({ start: s, end: e, ms: e - s, amps, on, heating: r.heating === true, supplyF: finite(r.supplyF), returnF: finite(r.returnF) });
  }
  return { start, end, periodMs: end - start, intervals };
}

/** A figure and the share of the period its inputs cover (0–100). The value is null where coverage is zero, or where nothing it needs was seen. */
export interface Figure<T> {
  value: T | null;
  coverage: number;
}

/** The share of the period (0–100) that the given intervals cover. */
export function coverageOf(series: Series, intervals: readonly Interval[]): number {
  if (series.periodMs <= 0) return 0;
  return (100 * intervals.reduce((sum, i) => sum + i.ms, 0)) / series.periodMs;
}

/** The median of a list of numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
