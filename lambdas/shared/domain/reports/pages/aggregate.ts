/** The sums, groups, monthly series and orders the pages' figures and charts are made of. */
import type { ChartData, Figure, Format } from '../../../contract/reports.js';
import type { Span } from './time.js';

const MONTHS = 24;
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const cents = (n: number | undefined | null) => Math.round((n ?? 0) * 100);
export const avg = (sum: number, n: number) => (n ? sum / n : null);

/** The months a monthly chart covers: the last 24 up to now, or the period's (its last 24 at most). */
interface Months {
  startY: number;
  startM: number;
  count: number;
}
export function chartMonths(now: number, span: Span | null): Months {
  const last = new Date(span ? span.end - 1 : now);
  const lastIndex = last.getUTCFullYear() * 12 + last.getUTCMonth();
  const first = span ? new Date(span.start) : null;
  const count = first ? Math.min(MONTHS, lastIndex - (first.getUTCFullYear() * 12 + first.getUTCMonth()) + 1) : MONTHS;
  return { startY: last.getUTCFullYear(), startM: last.getUTCMonth() - (count - 1), count };
}

/** Calendar months (oldest first; the last 24 by default), with one sum per series over the rows dated in them. */
export function monthly<R>(rows: R[], dateOf: (r: R) => number | null, range: Months, series: Record<string, { add: (r: R) => number; money?: boolean }>) {
  const { startY, startM, count: len } = range;
  const start = Date.UTC(startY, startM, 1);
  const names = Object.keys(series);
  const sums = Object.fromEntries(names.map((n) => [n, new Array<number>(len).fill(0)])) as Record<string, number[]>;
  // Month starts, so each row's month is a few comparisons instead of a Date per row.
  const bounds = Array.from({ length: len + 1 }, (_, i) => Date.UTC(startY, startM + i, 1));
  const adders = names.map((n) => [sums[n]!, series[n]!.add] as const);
  for (const r of rows) {
    const ms = dateOf(r);
    if (ms === null || ms < start || ms >= bounds[len]!) continue;
    let lo = 0;
    let hi = len - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bounds[mid]! <= ms) lo = mid;
      else hi = mid - 1;
    }
    for (const [sum, add] of adders) sum[lo]! += add(r);
  }
  const categories = Array.from({ length: len }, (_, i) => {
    const m = new Date(Date.UTC(startY, startM + i, 1));
    return `${MON[m.getUTCMonth()]} ${m.getUTCFullYear()}`; // 'Mar 2026': not to be read as a day of March
  });
  const out = Object.fromEntries(names.map((n) => [n, series[n]!.money ? sums[n]!.map((c) => c / 100) : sums[n]!])) as Record<string, number[]>;
  return { categories, series: out };
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Natural order: runs of digits compare as numbers (AHU-5 before AHU-10), everything else by code
 * point as before; equal numbers with more leading zeros come after, so no two ids compare equal.
 */
export function naturalCompare(a: string, b: string): number {
  const ta = a.match(/\d+|\D+/g) ?? [];
  const tb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    if (x === y) continue;
    const dx = x.charCodeAt(0) >= 48 && x.charCodeAt(0) <= 57;
    const dy = y.charCodeAt(0) >= 48 && y.charCodeAt(0) <= 57;
    if (dx && dy) {
      const nx = x.replace(/^0+/, '');
      const ny = y.replace(/^0+/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return byCode(nx, ny);
      return x.length - y.length;
    }
    return byCode(x, y);
  }
  return ta.length - tb.length;
}

/**
 * Sums (or averages) grouped by a key, largest first then by key; with `order`, exactly those
 * categories in that order (0 for a missing one).
 */
export function grouped<R>(rows: R[], key: (r: R) => string | null, value: (r: R) => number | null, opts: { order?: string[]; average?: boolean; money?: boolean } = {}) {
  const groups = new Map<string, { sum: number; n: number }>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const v = value(r);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { sum: 0, n: 0 }));
    if (v !== null) {
      g.sum += v;
      g.n += 1;
    }
  }
  const valueOf = (g: { sum: number; n: number }) => (opts.average ? (g.n ? g.sum / g.n : 0) : opts.money ? g.sum / 100 : g.sum);
  let list = [...groups].map(([k, g]) => ({ k, v: valueOf(g) }));
  if (opts.order) list = opts.order.map((k) => ({ k, v: groups.has(k) ? valueOf(groups.get(k)!) : 0 }));
  else list.sort((a, b) => b.v - a.v || naturalCompare(a.k, b.k));
  return { categories: list.map((x) => x.k), data: list.map((x) => x.v) };
}

export const count = () => 1;
export const chart = (c: ChartData): ChartData => c;
export const fig = (label: string, value: number | null, format: Format): Figure => ({ label, value, format });
