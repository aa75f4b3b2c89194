/** Dates and periods as the pages read them: UTC throughout, calendar months, whole years. */
import type { Period } from '../../../contract/period.js';

export const DAY = 86_400_000;

/** An ISO date or timestamp as epoch ms; a time without a zone is UTC (as the database read it). */
export function toMs(s: string | undefined | null): number | null {
  if (!s) return null;
  // Fast path for what the import and the seed write: a date, or a UTC timestamp.
  if (s.length === 10 || (s.charCodeAt(s.length - 1) === 90 /* Z */ && s.charCodeAt(10) === 84) /* T */) {
    const ms = Date.parse(s);
    if (!Number.isNaN(ms)) return ms;
  }
  let t = s.trim().replace(' ', 'T');
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t)) t += 'Z';
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : ms;
}

/** `ms` moved by whole calendar months, the day clamped to the month's end (as interval arithmetic does). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return first + (Math.min(d.getUTCDate(), last) - 1) * DAY + (ms - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** A period as epoch ms: [start, end), end the midnight after `to`. */
export interface Span {
  start: number;
  end: number;
}
export const spanOf = (period: Period | undefined): Span | null => (period ? { start: Date.parse(period.from), end: Date.parse(period.to) + DAY } : null);
const within = (span: Span, ms: number | null) => ms !== null && ms >= span.start && ms < span.end;
/** The rows dated in the span (all of them without one). */
export const narrowed = <R>(rows: R[], span: Span | null, dateOf: (r: R) => number | null) => (span ? rows.filter((r) => within(span, dateOf(r))) : rows);
/** How a figure over a fixed window is labelled: the window, or the chosen period. */
export const windowLabel = (span: Span | null, fixed: string) => (span ? 'in period' : fixed);
/** Whether a date falls in a figure's window: the chosen period, else from `since` on. */
export const inWindow = (span: Span | null, since: number) => (ms: number | null) => (span ? within(span, ms) : ms !== null && ms >= since);

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const day = (s: string | undefined | null) => {
  const ms = toMs(s);
  return ms === null ? null : ymd(ms);
};

/** Whole years from an install date (YYYY-MM-DD) to today's date. */
export function yearsSince(installedOn: string, now: number): number {
  const [y, m, d] = installedOn.slice(0, 10).split('-').map(Number) as [number, number, number];
  const t = new Date(now);
  const [ty, tm, td] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Today's date `years` years back (YYYY-MM-DD), for comparisons with install dates. */
export const yearsBack = (now: number, years: number) => ymd(addMonths(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate()), -12 * years));
