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

/**
 * The readings with a usable time in time order, as positions into `readings` and their times (no
 * reading is copied): a repeated time keeps the later reading given. Readings already in order (as
 * the telemetry gives them) are not sorted.
 */
export function timeOrder(readings: readonly Reading[]): { index: Uint32Array; ms: Float64Array; length: number } {
  const n = readings.length;
  const times = new Float64Array(n);
  let inOrder = true;
  let last = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = toMs(readings[i]!.at);
    times[i] = t;
    if (Number.isFinite(t)) {
      if (t <= last) inOrder = false;
      last = t;
    }
  }
  const index = new Uint32Array(n);
  const ms = new Float64Array(n);
  let length = 0;
  if (inOrder) {
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(times[i]!)) continue;
      index[length] = i;
      ms[length++] = times[i]!;
    }
    return { index, ms, length };
  }
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(times[i]!)) order.push(i);
  // By time, then by position: of equal times the later given comes last and is the one kept.
  order.sort((a, b) => times[a]! - times[b]! || a - b);
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (k + 1 < order.length && times[order[k + 1]!] === times[i]) continue;
    index[length] = i;
    ms[length++] = times[i]!;
  }
  return { index, ms, length };
}

/** The time of the first reading with a usable time (ms), or null: no copy, no sort. */
export function firstReadingMs(readings: readonly Reading[]): number | null {
  let first = Infinity;
  for (const r of readings) {
    const t = toMs(r.at);
    if (t < first) first = t;
  }
  return Number.isFinite(first) ? first : null;
}

/** The series of a unit's readings over a period (readings outside it may open an interval that reaches into it). */
export function seriesOf(readings: readonly Reading[], period: Period, options: SeriesOptions = {}): Series {
  const { start, end } = periodBounds(period);
  const maxMs = (options.maxIntervalMinutes ?? INSIGHT_DEFAULTS.maxIntervalMinutes) * MINUTE_MS;
  const threshold = options.runningAboveAmps ?? INSIGHT_DEFAULTS.runningAboveAmps;
  const { index, ms, length } = timeOrder(readings);
  const intervals: Interval[] = [];
  for (let k = 0; k + 1 < length; k++) {
    const at = ms[k]!;
    const next = ms[k + 1]!;
    if (next - at > maxMs) continue;
    const s = Math.max(at, start);
    const e = Math.min(next, end);
    if (e <= s) continue;
    const r = readings[index[k]!]!;
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
  let ms = 0;
  for (const i of intervals) ms += i.ms;
  return shareOf(series, ms);
}

/** The share of the period (0–100) that `ms` milliseconds of it are. */
export const shareOf = (series: Series, ms: number): number => shareOfPeriod(series.periodMs, ms);

/** The share (0–100) that `ms` milliseconds are of a period `periodMs` long; 0 for an empty period. */
export const shareOfPeriod = (periodMs: number, ms: number): number => (periodMs <= 0 ? 0 : (100 * ms) / periodMs);

/** The median of a list of numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
