/**
 * One way to write names and dates, on the screens and in the mails alike (the web app imports this
 * module too). Dates are written day, short month, year ('25 Nov 2026'), times with the hour of a
 * 12-hour clock ('25 Nov 2026, 2:03 PM'). The screens write an instant in the browser's time zone;
 * the mails, read wherever and by several people, in UTC and say so. A visit happens at a
 * property, so its time is written in the property's zone, named ('8:00 AM – 11:00 AM CST'), on
 * the screens and in the mails alike. A calendar date the data holds as YYYY-MM-DD (a due date, a period's end) is written as it is: no time zone moves it.
 * Month names come from a table, not from the runtime's locale data, so that September is 'Sep'
 * on every runtime (newer ICU writes 'Sept' in en-GB) and the server and the browser agree.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Names as people write them. The data keeps names lower-cased (users) or in capitals (customers),
 * and the spec sends them that way; only what is shown or mailed is title-cased.
 * 'HARBORVIEW MEDICAL CENTER' -> 'Harborview Medical Center', 'dana facilities' -> 'Dana Facilities'.
 */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .trim();
}

/** A calendar date YYYY-MM-DD as written: '1 Sep 2026'. Anything else is returned as it is. */
export function writtenDay(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : isoDate;
}

/** A period as '1 Sep 2026 – 30 Nov 2026' (one day: that day). */
export const writtenPeriod = (p: { from: string; to: string }) => (p.from === p.to ? writtenDay(p.from) : `${writtenDay(p.from)} – ${writtenDay(p.to)}`);

interface Parts {
  day: number;
  month: string;
  year: number;
  hour: number;
  minute: string;
  period: 'AM' | 'PM';
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsOf(instant: Date, timeZone: string | undefined): Parts {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  const hour24 = Number(part('hour')) % 24;
  return {
    day: Number(part('day')),
    month: MONTHS[Number(part('month')) - 1] ?? '',
    year: Number(part('year')),
    hour: hour24 % 12 === 0 ? 12 : hour24 % 12,
    minute: part('minute'),
    period: hour24 < 12 ? 'AM' : 'PM',
  };
}

const instantOf = (value: string | number | Date): Date | null => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The day of an instant: '25 Nov 2026' (in `timeZone`; the runtime's own when not given). */
export function writtenDate(value: string | number | Date, timeZone?: string): string {
  const d = instantOf(value);
  if (!d) return String(value);
  const p = partsOf(d, timeZone);
  return `${p.day} ${p.month} ${p.year}`;
}

/** An instant with its time: '25 Nov 2026, 2:03 PM' (in `timeZone`; the runtime's own when not given). */
export function writtenTime(value: string | number | Date, timeZone?: string): string {
  const d = instantOf(value);
  if (!d) return String(value);
  const p = partsOf(d, timeZone);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.period}`;
}

/** The time of day of an instant: '2:03 PM' (in `timeZone`; the runtime's own when not given). */
export function writtenClock(value: string | number | Date, timeZone?: string): string {
  const d = instantOf(value);
  if (!d) return String(value);
  const p = partsOf(d, timeZone);
  return `${p.hour}:${p.minute} ${p.period}`;
}

/** An instant as the mails write it: in UTC, saying so: '25 Nov 2026, 2:03 PM UTC'. */
export function mailTime(value: string | number | Date): string {
  return instantOf(value) ? `${writtenTime(value, 'UTC')} UTC` : String(value);
}

/** The day of an instant as the mails write it (UTC): '25 Nov 2026'. */
export const mailDate = (value: string | number | Date) => writtenDate(value, 'UTC');

/**
 * A time zone name as the runtime's tz database spells it ('america/chicago' -> 'America/Chicago'),
 * or null for a name Intl.DateTimeFormat does not know.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name.trim()) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();
/**
 * The short name of `timeZone` at an instant, as people in the US read it: 'CST' or 'CDT' (America/Chicago),
 * 'UTC', 'GMT+1' where English has no abbreviation (Europe/Berlin).
 */
export function zoneName(value: string | number | Date, timeZone: string): string {
  const d = instantOf(value);
  if (!d) return timeZone;
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  return format.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** The time of day of an instant in `timeZone`, with the zone named: '7:00 AM CST'. */
export const zonedClock = (value: string | number | Date, timeZone: string) => (instantOf(value) ? `${writtenClock(value, timeZone)} ${zoneName(value, timeZone)}` : String(value));

/**
 * A span of time on one day in `timeZone`, the zone named once: '8:00 AM – 11:00 AM CST' (each end
 * named when daylight saving changes between them: '1:00 AM CDT – 3:00 AM CST').
 */
export function zonedSpan(start: string | number | Date, end: string | number | Date, timeZone: string): string {
  const a = zoneName(start, timeZone);
  const b = zoneName(end, timeZone);
  return a === b ? `${writtenClock(start, timeZone)} – ${writtenClock(end, timeZone)} ${b}` : `${zonedClock(start, timeZone)} – ${zonedClock(end, timeZone)}`;
}
