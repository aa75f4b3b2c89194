/**
 * Time zone arithmetic on IANA names with Intl alone (Node and the browser carry the tz database):
 * an instant's offset and local date and time in a zone, where a zone's calendar day begins, and
 * the offset changes (daylight saving) in a span of time, which the calendar feed's VTIMEZONE
 * components list (RFC 5545 3.6.5).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** How far apart offsets are compared: no zone changes its offset twice within 12 hours. */
const STEP_MS = 12 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(ms: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  const p = format.formatToParts(new Date(ms));
  const v = (t: string) => Number(p.find((x) => x.type === t)!.value);
  return { year: v('year'), month: v('month'), day: v('day'), hour: v('hour') % 24, minute: v('minute'), second: v('second') };
}

/** The zone's offset from UTC at an instant, in minutes (Chicago in winter: -360). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((local - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The local date of an instant in `timeZone` as YYYY-MM-DD. */
export function localDate(ms: number, timeZone: string): string {
  const p = partsIn(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The local date and time of an instant in `timeZone` as iCalendar writes a local DATE-TIME: 20261130T080000. */
export function localStamp(ms: number, timeZone: string): string {
  const p = partsIn(ms, timeZone);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** The instant a local date and hour (YYYY-MM-DD, 0-23) happen in `timeZone` (the later one when the clock repeats it). */
export function zonedInstant(day: string, hour: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  // Twice: the offset at the guess may differ from the offset at the wall time across a daylight-saving change.
  const guess = wall - offsetMinutes(wall, timeZone) * MINUTE_MS;
  return wall - offsetMinutes(guess, timeZone) * MINUTE_MS;
}

/** The instant the calendar day `day` (YYYY-MM-DD) begins in `timeZone`. */
export const startOfDay = (day: string, timeZone: string) => zonedInstant(day, 0, timeZone);

/** Where the offset changes in [from, to): each change's instant and the offsets before and after. */
export function offsetChanges(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const out: { at: number; before: number; after: number }[] = [];
  // From a whole hour, so that every change (on a whole minute) is found to the minute.
  let t = Math.floor(from / HOUR_MS) * HOUR_MS;
  let before = offsetMinutes(t, timeZone);
  while (t < to) {
    const next = Math.min(t + STEP_MS, to);
    const after = offsetMinutes(next, timeZone);
    if (after !== before) {
      // The change is in (t, next]: narrowed to the minute.
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(mid, timeZone) === before) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, before, after });
      before = after;
    }
    t = next;
  }
  return out;
}

/** The zone's standard offset in the year of `ms`: the lesser of its January and July offsets (daylight saving adds). */
export function standardOffset(ms: number, timeZone: string): number {
  const year = new Date(ms).getUTCFullYear();
  return Math.min(offsetMinutes(Date.UTC(year, 0, 1), timeZone), offsetMinutes(Date.UTC(year, 6, 1), timeZone));
}
