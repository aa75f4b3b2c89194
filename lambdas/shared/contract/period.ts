/**
 * A report period's rules, once: the filtered call checks a body with them and the web app the
 * address (?from=&to=). Plain functions, no zod, so the web bundle takes only these lines.
 */

/** A period of whole UTC days, both ends included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

/** The longest period a report may be asked for, in years. */
export const PERIOD_MAX_YEARS = 10;

/** A calendar date YYYY-MM-DD that exists (read as UTC). */
export const isIsoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().slice(0, 10) === s;

/** True when `to` is less than PERIOD_MAX_YEARS after `from` (from 2016-01-01 the longest ends 2025-12-31). */
export function periodWithinMax(from: string, to: string): boolean {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  return Date.parse(to) < Date.UTC(y + PERIOD_MAX_YEARS, m - 1, d);
}

/** Two real dates in order, at most PERIOD_MAX_YEARS apart. */
export const isValidPeriod = (from: string, to: string) => isIsoDate(from) && isIsoDate(to) && from <= to && periodWithinMax(from, to);
