import type { Visit } from '../../../lambdas/shared/contract/answers/visits';
import { writtenDate, writtenDay, zonedClock, zonedSpan } from '../../components/text/dates';
import { visitsText as t } from './strings';

/**
 * A visit's day and arrival as the screens write them, in its property's zone with the zone named
 * (wherever the browser is: the technician comes by the building's clock): an arrival window
 * '8:00 AM – 11:00 AM CST', a time '2:00 PM CST', or a day with no time 'All day' (its calendar date
 * as stored, which no time zone moves).
 */
export function visitWhen(v: Pick<Visit, 'scheduledAt' | 'allDay' | 'windowStart' | 'windowEnd' | 'timeZone'>): { date: string; time: string } {
  if (v.windowStart && v.windowEnd) return { date: writtenDate(v.windowStart, v.timeZone), time: zonedSpan(v.windowStart, v.windowEnd, v.timeZone) };
  if (v.allDay) return { date: writtenDay(v.scheduledAt.slice(0, 10)), time: t.allDay };
  return { date: writtenDate(v.scheduledAt, v.timeZone), time: zonedClock(v.scheduledAt, v.timeZone) };
}
