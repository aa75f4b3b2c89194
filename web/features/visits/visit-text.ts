import type { Visit } from '../../../lambdas/shared/contract/answers/visits';
import { writtenClock, writtenDate, writtenDay } from '../../components/text/dates';
import { visitsText as t } from './strings';

/**
 * A visit's day and arrival as the screens write them, in the browser's zone (`timeZone` for
 * tests): an arrival window '8:00 AM – 11:00 AM', a time '2:00 PM', or a day with no time 'All
 * day' (its calendar date as stored, which no time zone moves).
 */
export function visitWhen(v: Pick<Visit, 'scheduledAt' | 'allDay' | 'windowStart' | 'windowEnd'>, timeZone?: string): { date: string; time: string } {
  if (v.windowStart && v.windowEnd) return { date: writtenDate(v.windowStart, timeZone), time: `${writtenClock(v.windowStart, timeZone)} – ${writtenClock(v.windowEnd, timeZone)}` };
  if (v.allDay) return { date: writtenDay(v.scheduledAt.slice(0, 10)), time: t.allDay };
  return { date: writtenDate(v.scheduledAt, timeZone), time: writtenClock(v.scheduledAt, timeZone) };
}
