/**
 * The screens' one date style (lambdas/shared/contract/writing.ts): '25 Nov 2026' and
 * '25 Nov 2026, 2:03 PM', an instant in the browser's time zone, a calendar date as written; a
 * visit's time in its property's zone, named ('8:00 AM – 11:00 AM CST').
 */
export { writtenClock, writtenDate, writtenDay, writtenPeriod, writtenTime, zonedClock, zonedSpan } from '../../../lambdas/shared/contract/writing.js';
