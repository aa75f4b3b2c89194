import type { TimelineStep, WorkOrderReply } from '../../../lambdas/shared/contract/answers/work-orders';
import { writtenDate, writtenDay, zonedClock, zonedSpan } from '../../components/text/dates';
import { workOrderText as t } from './strings';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** An instant scheduled at midnight UTC is a day, as the import stores a date without a time (as Coming up reads it). */
const isMidnightUtc = (value: string) => /T00:00:00(\.000)?Z$/.test(value);

/**
 * A time of the work order as the screen writes it, in its property's zone with the zone named
 * ('14 Mar 2026, 8:20 AM CDT'); a date without a time of day is that calendar day ('14 Mar 2026').
 */
export function when(value: string, timeZone: string): string {
  if (isDay(value)) return writtenDay(value);
  if (isMidnightUtc(value)) return writtenDay(value.slice(0, 10));
  return `${writtenDate(value, timeZone)}, ${zonedClock(value, timeZone)}`;
}

/** A day (an invoice's due date): a calendar day as stored, an instant in the property's zone. */
export const dayText = (value: string, timeZone: string) => (isDay(value) || isMidnightUtc(value) ? writtenDay(value.slice(0, 10)) : writtenDate(value, timeZone));

/** One step of the timeline as shown: its label and when, or 'Not yet'; the scheduled step names its arrival window. */
export function stepText(step: TimelineStep, timeZone: string): { label: string; detail: string } {
  const label = t.steps[step.step];
  if (!step.reached || !step.at) return { label, detail: step.reached ? '' : t.notYet };
  if (step.step === 'scheduled' && step.windowStart && step.windowEnd) {
    return { label, detail: `${writtenDate(step.windowStart, timeZone)}, ${t.arrival(zonedSpan(step.windowStart, step.windowEnd, timeZone))}` };
  }
  return { label, detail: when(step.at, timeZone) };
}

/** A quantity as written: 2, 1.5 (no trailing zeros). */
export const quantityText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** Dollars with cents always ($86.40, $2,400.00): the lines and their total add up on the screen. */
export const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An invoice's payment page is shown only while something is owed on it. */
export const payable = (i: WorkOrderReply['invoices'][number]) => !!i.paymentUrl && (i.status === 'Open' || i.status === 'Overdue') && i.balance > 0;
