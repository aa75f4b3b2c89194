/**
 * Beyond the spec (issue 21): the report period, kept in the address as ?from=YYYY-MM-DD&to=YYYY-MM-DD
 * (inclusive UTC dates) and sent as the filtered call's `from` and `to`. No period (the default,
 * shown as All time) is the reports as they always were. Presets resolve to dates when chosen and are
 * named again whenever the dates match one today.
 */
import { isValidPeriod, type Period } from '../../../lambdas/shared/contract/period';

export type { Period };

/** The reports' presets, in the order the Period control lists them. */
export const PRESETS = ['last-30-days', 'last-90-days', 'last-12-months', 'year-to-date', 'last-year', 'all-time'] as const;
/** Every preset: the reports' and 'last-7-days', which a screen that needs a short period offers (the energy summary). */
export type Preset = (typeof PRESETS)[number] | 'last-7-days';
/** What the Period control shows: a preset, or the dates of a custom range. */
export type PeriodChoice = Preset | 'custom';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The dates of a preset on the given day (UTC); All time is no period. */
export function presetPeriod(preset: Preset, now: Date): Period | null {
  const today = utcDay(now);
  const y = now.getUTCFullYear();
  switch (preset) {
    case 'last-7-days':
      return { from: iso(today - 6 * DAY), to: iso(today) };
    case 'last-30-days':
      return { from: iso(today - 29 * DAY), to: iso(today) };
    case 'last-90-days':
      return { from: iso(today - 89 * DAY), to: iso(today) };
    case 'last-12-months': {
      // The day after the same day a year ago (29 Feb: 1 Mar), so the twelve months are whole.
      const back = new Date(Date.UTC(y - 1, now.getUTCMonth(), now.getUTCDate()));
      if (back.getUTCMonth() !== now.getUTCMonth()) back.setUTCDate(0);
      return { from: iso(back.getTime() + DAY), to: iso(today) };
    }
    case 'year-to-date':
      return { from: `${y}-01-01`, to: iso(today) };
    case 'last-year':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case 'all-time':
      return null;
  }
}

/** The preset (of those offered) these dates are today, else 'custom'; no period is All time. */
export function choiceOf(period: Period | null, now: Date, presets: readonly Preset[] = PRESETS): PeriodChoice {
  if (!period) return 'all-time';
  return presets.find((p) => {
    const q = presetPeriod(p, now);
    return q !== null && q.from === period.from && q.to === period.to;
  }) ?? 'custom';
}

/**
 * The period in an address: both dates valid, in order and at most ten years apart; else none.
 * `invalid` says the address holds from/to that are not a period (to be cleaned from it).
 */
export function periodFromSearch(params: URLSearchParams): { period: Period | null; invalid: boolean } {
  const from = params.get('from');
  const to = params.get('to');
  if (from === null && to === null) return { period: null, invalid: false };
  if (from !== null && to !== null && isValidPeriod(from, to)) return { period: { from, to }, invalid: false };
  return { period: null, invalid: true };
}

/** The address's query with the period set (or removed), every other parameter kept in its order. */
export function searchWithPeriod(params: URLSearchParams, period: Period | null): string {
  const next = new URLSearchParams(params);
  next.delete('from');
  next.delete('to');
  if (period) {
    next.set('from', period.from);
    next.set('to', period.to);
  }
  const s = next.toString();
  return s ? `?${s}` : '';
}

/** The days of a period, both ends included. */
export const periodDays = (period: Period) => Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY) + 1;

/** Why a custom range cannot be applied (null: it can); `maxDays`, when given, is a screen's shorter limit. */
export function customRangeProblem(from: string, to: string, maxDays?: number): 'missing' | 'order' | 'too-long' | null {
  if (!from || !to || !isValidPeriod(from, from) || !isValidPeriod(to, to)) return 'missing';
  if (to < from) return 'order';
  if (!isValidPeriod(from, to) || (maxDays !== undefined && periodDays({ from, to }) > maxDays)) return 'too-long';
  return null;
}
