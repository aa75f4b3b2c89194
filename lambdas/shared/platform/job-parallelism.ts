/**
 * How many parts of a scheduled job's run go at once (docs/operating.md "Capacity at 10× and 100×"), here so
 * that the capacity model (infra/capacity.ts) reads the figures the jobs use.
 * - The equipment alerts pass: customers at once (each one DynamoDB query and one telemetry query;
 *   the telemetry client keeps its own limit of calls in flight).
 * - The energy roll-up: customers at once (each a telemetry query per day to roll, and a write per
 *   unit and day).
 * - The weekly summary: mails at once. Kept low: SES's sending rate (14 a second where production
 *   access is commonly granted) is the next limit, and a throttled send is retried by the SDK.
 */
export const ALERTS_CUSTOMERS_AT_ONCE = 8;
export const WEEKLY_MAILS_AT_ONCE = 4;
export const ROLLUP_CUSTOMERS_AT_ONCE = 4;

/** The weekly summary's energy line must leave the mails their time: its reads end by this much of the 300 s run. */
export const WEEKLY_ENERGY_BUDGET_MS = 120_000;
/** The energy roll-up starts no day after this much of its 300 s run: a day of a customer's units takes seconds. */
export const ROLLUP_BUDGET_MS = 240_000;

/** Runs `fn` over `items` with at most `limit` in flight; resolves when every one has ended. `fn` handles its own failures. */
export async function eachAtMost<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
