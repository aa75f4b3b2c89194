/**
 * The equipment alerts' scheduled evaluation (EventBridge, every 5 minutes; the local stack runs it
 * on a timer, ALERTS_INTERVAL_SECONDS): every customer with a telemetry mapping, one batched pass
 * each through the telemetry client (lambdas/shared/domain/alerts/evaluate.ts), then the pass's raises and
 * clears mailed to the customer's users who keep alerts on (lambdas/shared/domain/alerts/mail.ts). A customer whose pass
 * fails is logged and left as it was: the next run tries again; the others go on. A run in which
 * any customer's pass or alert mail failed (or no telemetry client could be made) ends with
 * JobFailed and throws once the others are done (lambdas/shared/platform/job.ts).
 */
import { dynamo } from '../shared/platform/clients.js';
import { evaluateCustomer } from '../shared/domain/alerts/evaluate.js';
import { mailAlerts } from '../shared/domain/alerts/mail.js';
import { listUsers, type UserItem } from '../shared/data/users.js';
import { listCustomers } from '../shared/data/customers.js';
import { log } from '../shared/platform/log.js';
import { runJob } from '../shared/platform/job.js';
import { tracingReady } from '../shared/platform/observability.js';
import { ALERTS_CUSTOMERS_AT_ONCE, eachAtMost } from '../shared/platform/job-parallelism.js';
import { telemetryClient } from '../shared/domain/telemetry/service.js';

export interface EvaluationSummary {
  customers: number;
  devices: number;
  raised: number;
  cleared: number;
  /** Alert mails sent (one per user and pass for raises, one for clears). */
  mailed: number;
  /** Customers whose pass failed. */
  failed: string[];
  /** Customers whose alert mails failed (their alerts stand and are shown on the dashboard). */
  mailFailed: string[];
}

/** A pass must end before the function's 60 s timeout. */
const BUDGET_MS = 50_000;

export const handler = (): Promise<EvaluationSummary> => runJob('alerts/evaluate', evaluateAll, (s) => s.failed.length + s.mailFailed.length);

async function evaluateAll(): Promise<EvaluationSummary> {
  await tracingReady();
  const now = Date.now();
  const db = dynamo();
  const summary: EvaluationSummary = { customers: 0, devices: 0, raised: 0, cleared: 0, mailed: 0, failed: [], mailFailed: [] };
  const mapped = (await listCustomers(db)).filter((c) => c.telemetryCustomerId);
  if (mapped.length === 0) return summary;
  let telemetry;
  try {
    telemetry = await telemetryClient();
  } catch (err) {
    log.warn('equipment alerts not evaluated: no telemetry client', { err });
    return { ...summary, failed: mapped.map((c) => c.id) };
  }
  const limit = { deadline: now + BUDGET_MS };
  // Customers several at a time (job-parallelism.ts); the users are read once per run, and only
  // when something changed.
  let users: Promise<UserItem[]> | undefined;
  await eachAtMost(mapped, ALERTS_CUSTOMERS_AT_ONCE, async (customer) => {
    try {
      const r = await evaluateCustomer(db, telemetry, customer.id, now, limit);
      summary.customers++;
      summary.devices += r.devices;
      summary.raised += r.raised.length;
      summary.cleared += r.cleared.length;
      for (const a of r.raised) log.info('equipment alert raised', { customerId: a.customerId, deviceId: a.deviceId, rule: a.rule, detail: a.detail });
      for (const a of r.cleared) log.info('equipment alert cleared', { customerId: a.customerId, deviceId: a.deviceId, rule: a.rule });
      if (r.raised.length || r.cleared.length) {
        // A mail that fails is logged (and fails the run): the alert stands and is shown on the dashboard.
        try {
          users ??= listUsers(db);
          summary.mailed += (await mailAlerts(db, await users, customer.id, r.raised, r.cleared)).filter((o) => o === 'sent').length;
        } catch (err) {
          summary.mailFailed.push(customer.id);
          log.error('equipment alert mails failed', { customerId: customer.id, err });
        }
      }
    } catch (err) {
      summary.failed.push(customer.id);
      log.warn('equipment alerts of a customer not evaluated', { customerId: customer.id, err });
    }
  });
  log.info('equipment alerts evaluated', { ...summary });
  return summary;
}
