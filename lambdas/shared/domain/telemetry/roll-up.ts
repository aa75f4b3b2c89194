/**
 * One customer's part of the daily roll-up (lambdas/telemetry/roll-up-days.ts; docs/energy-estimates.md
 * "The daily roll-up"): the days of its units that may be rolled (../insight/rollup.ts
 * `rollableDays`) and are not yet, newest first, each day ONE batched read of those units' readings
 * through the telemetry client (the day and the intervals that reach into it), tallied per unit
 * and stored once (../../data/unit-days.ts). A unit the service could not answer for on a day is
 * left for the next run; a unit with no reading that day is stored as a gap (coverage 0).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { putRolledDays, readRolledDays } from '../../data/unit-days.js';
import { dayStart, dayTally, readMarginMs, readingsOfSamples, rollableDays, type RolledDay } from '../insight/index.js';
import type { CallLimit, TelemetryClient, TelemetryDevice } from './client.js';

const DAY_MS = 86_400_000;

export interface CustomerRollUp {
  devices: number;
  /** Unit-days tallied and stored by this run. */
  rolled: number;
  /** Unit-days left for a later run: the budget ran out, or the service did not answer for them. */
  left: number;
}

export interface RollUpOptions {
  now: number;
  /** The run stops starting days at this time (ms): what is left, the next run rolls. */
  stopAt: number;
  limit: CallLimit;
  lookbackDays?: number;
}

/** Rolls the missing days of a customer's devices (those of its equipment rows). */
export async function rollUpCustomer(db: DynamoDBDocumentClient, telemetry: TelemetryClient, customerId: string, devices: readonly TelemetryDevice[], o: RollUpOptions): Promise<CustomerRollUp> {
  const ids = [...new Set(devices.map((d) => d.deviceId))];
  const out: CustomerRollUp = { devices: ids.length, rolled: 0, left: 0 };
  const days = rollableDays(o.now, o.lookbackDays);
  if (ids.length === 0 || days.length === 0) return out;
  const rolled = await readRolledDays(db, customerId, ids, dayStart(days.at(-1)!), dayStart(days[0]!) + DAY_MS);
  const margin = readMarginMs();
  for (const day of days) {
    const missing = ids.filter((id) => !rolled.get(id)?.has(day));
    if (missing.length === 0) continue;
    if (Date.now() >= o.stopAt) {
      out.left += missing.length;
      continue;
    }
    const start = dayStart(day);
    const range = { start: new Date(start - margin).toISOString(), stop: new Date(start + DAY_MS + margin).toISOString() };
    const samples = await telemetry.periodSamples(missing, range, o.limit);
    const at = new Date().toISOString();
    await Promise.all(
      missing.map(async (id) => {
        const got = samples[id];
        if (got?.error) {
          out.left++;
          return;
        }
        const tally: RolledDay = { ...dayTally(readingsOfSamples(got?.samples ?? []), day), at };
        await putRolledDays(db, customerId, id, new Map([[day, tally]]));
        out.rolled++;
      }),
    );
  }
  return out;
}
