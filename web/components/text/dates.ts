/**
 * The screens' one date style (lambdas/shared/contract/writing.ts): '25 Nov 2026' and
 * '25 Nov 2026, 2:03 PM', an instant in the browser's time zone, a calendar date as written.
 */
export { writtenClock, writtenDate, writtenDay, writtenPeriod, writtenTime } from '../../../lambdas/shared/contract/writing.js';
