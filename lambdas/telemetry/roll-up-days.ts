/**
 * The daily roll-up of the energy and runtime estimates (issue 44, item 5; EventBridge Scheduler,
 * every hour; the local stack runs it on a timer, ROLLUP_INTERVAL_SECONDS): for every customer with
 * a telemetry mapping, each of its units' UTC days that ended over an hour ago, within the last 92
 * days, and is not rolled yet, tallied once from its readings and stored in the report-rows table
 * (../shared/domain/telemetry/roll-up.ts). The Analytics panel, the Energy and runtime summary and
 * the weekly summary's energy line then read those days, and compute from readings only what is
 * not rolled (today). Newest days first, within the run's budget: what is left, the next run
 * rolls. A customer whose roll-up fails is logged and left as it was; the others go on, and the run
 * ends with JobFailed (../shared/platform/job.ts).
 */
import { listCustomers } from '../shared/data/customers.js';
import { equipmentOfCustomer } from '../shared/data/equipment.js';
import type { TelemetryClient, TelemetryDevice } from '../shared/domain/telemetry/client.js';
import { rollUpCustomer } from '../shared/domain/telemetry/roll-up.js';
import { telemetryClient } from '../shared/domain/telemetry/service.js';
import { dynamo } from '../shared/platform/clients.js';
import { eachAtMost, ROLLUP_BUDGET_MS, ROLLUP_CUSTOMERS_AT_ONCE } from '../shared/platform/job-parallelism.js';
import { runJob } from '../shared/platform/job.js';
import { log } from '../shared/platform/log.js';
import { tracingReady } from '../shared/platform/observability.js';

export interface RollUpSummary {
  customers: number;
  devices: number;
  /** Unit-days tallied and stored. */
  rolled: number;
  /** Unit-days left for a later run (the budget, or the service did not answer for them). */
  left: number;
  /** Customers whose roll-up failed. */
  failed: string[];
}

export async function runRollUp(now = Date.now()): Promise<RollUpSummary> {
  await tracingReady();
  const db = dynamo();
  const summary: RollUpSummary = { customers: 0, devices: 0, rolled: 0, left: 0, failed: [] };
  const mapped = (await listCustomers(db)).filter((c) => c.telemetryCustomerId);
  if (mapped.length === 0) return summary;
  const limit = { deadline: now + ROLLUP_BUDGET_MS + 30_000 };
  let telemetry: TelemetryClient;
  let all: TelemetryDevice[];
  try {
    telemetry = await telemetryClient();
    all = await telemetry.listDevices(limit);
  } catch (err) {
    log.warn('energy roll-up not run: no telemetry client or devices', { err });
    return { ...summary, failed: mapped.map((c) => c.id) };
  }
  await eachAtMost(mapped, ROLLUP_CUSTOMERS_AT_ONCE, async (customer) => {
    try {
      const rows = new Set((await equipmentOfCustomer(db, customer.id)).map((r) => r.id));
      const r = await rollUpCustomer(db, telemetry, customer.id, all.filter((d) => rows.has(d.equipment.id)), { now, stopAt: now + ROLLUP_BUDGET_MS, limit });
      summary.customers++;
      summary.devices += r.devices;
      summary.rolled += r.rolled;
      summary.left += r.left;
    } catch (err) {
      summary.failed.push(customer.id);
      log.warn('energy roll-up of a customer failed', { customerId: customer.id, err });
    }
  });
  if (summary.rolled || summary.left) log.info('energy roll-up', { ...summary });
  return summary;
}

export const handler = (): Promise<RollUpSummary> => runJob('telemetry/roll-up-days', () => runRollUp(), (s) => s.failed.length);
