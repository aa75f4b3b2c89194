/**
 * Capacity of one stage at 1×, 10× and 100× the issue's users: the cost model's traffic
 * (infra/cost.ts `usage`, scaled as its ×10 column is) turned into the peak rate each AWS quota
 * meets, against the quota as AWS documents it (each with its page and the date it was read) or as
 * the stage sets it (cdk.json). `npm run cost -- --stage prod --capacity` prints it and, with
 * --write-docs, writes it between the capacity markers of docs/operating.md; test/infra/capacity.test.ts
 * fails when that copy is stale.
 *
 * Every demand here is affine in the number of users (a part that grows with them, and a part the
 * stage holds whatever the traffic: reserved and provisioned concurrency), so the multiple of
 * today's users at which a quota binds is solved exactly rather than searched for.
 */
import { scheduled } from '../lambdas/routes.js';
import { LIST_LIMIT } from '../lambdas/shared/data/service-requests.js';
import type { Stage } from './config.js';
import { scale, usage as costUsage, type Assumption, type Markers, type Usage } from './cost.js';
import { ALERTS_CUSTOMERS_AT_ONCE, ROLLUP_BUDGET_MS, ROLLUP_CUSTOMERS_AT_ONCE, WEEKLY_ENERGY_BUDGET_MS, WEEKLY_MAILS_AT_ONCE } from '../lambdas/shared/platform/job-parallelism.js';
import { publicHandlers, publicRouteConcurrency, UNRESERVED_MINIMUM } from './public-routes.js';

// ---------------------------------------------------------------------------------------------
// Peak traffic: what the cost model's monthly volumes do not say
// ---------------------------------------------------------------------------------------------

const a = (value: number, unit: string, why: string): Assumption => ({ value, unit, why, scales: false });

const COGNITO_QUOTAS = 'https://docs.aws.amazon.com/cognito/latest/developerguide/quotas.html';

/**
 * How the month's traffic bunches into its busiest second, and the few volumes the cost model has
 * no figure for. None grows with users: the volumes that do are the cost model's.
 */
export const peak = {
  busyHoursPerDay: a(8, 'busy hours a day', `a working day: building managers and the provider's staff use the portal at work; AWS's own sizing example for Cognito's quotas spreads a day's sign-ins over 8 hours (${COGNITO_QUOTAS}, "Identify quota requirements")`),
  peakToAverage: a(3, 'times the busy hours\' mean rate at the peak', `that example's peak-to-average ratio of 3:1 (Monday mornings, the start of the day)`),
  signInShare: a(0.25, '% of token issues are sign-ins (the rest refreshes)', 'a working session of about four hours: one sign-in and three hourly refreshes'),
  signInMs: a(600, 'ms a sign-in holds its function', 'the login route waits on a rate-limit read and write and on InitiateAuth, which runs the pre-token-generation trigger inside it'),
  busiestRouteShare: a(1 / costUsage.callsPerPageView.value, '% of API calls go to the busiest route', `one call of each page view (${costUsage.callsPerPageView.value} API calls per page view in the cost model): the caller's own record, which every page asks for`),
  mailMs: a(100, 'ms per weekly-summary mail', 'one mail of the job (a few at a time): a conditional write (the claim), a read of the suppression list and SES SendEmail'),
  customerPassMs: a(300, 'ms per customer in the equipment alerts pass', 'one customer of the pass (several at a time): two DynamoDB queries beside one telemetry query for all its devices (docs/figures.md: 280 ms for 1,000 devices, cold)'),
  weeklyEnergyUnitMs: a(
    5,
    'ms per monitored unit in the weekly summary\'s energy line',
    'its share of the device list (one paged read through the telemetry client for the run), of one BatchGetItem of 100 rolled month items (2 a unit) and the join of its 7 rolled days (docs/figures.md: about 5 ms a unit for 90 days and today\'s readings, under load); readings only for days the roll-up does not hold yet',
  ),
  rollUpUnitDayMs: a(
    60,
    'ms per unit and day the energy roll-up rolls',
    'its share of the day\'s one telemetry query per customer (288 five-minute readings a unit and the 15 minutes either side), samples to readings and its tally (about 2 ms under load: docs/figures.md) and one UpdateItem',
  ),
  serviceRequestsPerCustomerPerMonth: a(5, 'service requests a customer files a month', 'the data file says "a few requests a day per provider" (100 customers); 5 a customer is an upper bound'),
  writesPerServiceRequest: a(4, 'writes per service request', 'filed, then about three status changes, each rewriting the item and its byTime index entry'),
  serviceRequestKb: a(2, 'KB per service request item', 'the description, photo names and the notes appended by status changes'),
  requestListViewsPerCustomerPerDay: a(1, 'all-customer request list views a day per customer', 'administrators open the list of every customer\'s requests (the byTime index) a few times a day; their number grows with the customers they serve'),
} satisfies Record<string, Assumption>;

export type Peak = typeof peak;

// ---------------------------------------------------------------------------------------------
// Quotas
// ---------------------------------------------------------------------------------------------

/** When the documented figures below were read. */
export const READ = '2026-11-26';

export interface Source {
  url: string;
  read: string;
  /** What the page says, briefly, and where a figure is not the page's own, so. */
  note: string;
}

const src = (url: string, note: string): Source => ({ url, read: READ, note });

export const sources = {
  lambdaConcurrency: src('https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html', 'concurrent executions: 1,000 per Region by default, raised on request to tens of thousands; new accounts start lower and are raised with use'),
  lambdaReserved: src('https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html', 'reserved concurrency is set aside from the account\'s; at least 100 stays unreserved'),
  lambdaScaling: src('https://docs.aws.amazon.com/lambda/latest/dg/scaling-behavior.html', 'each function scales by at most 1,000 execution environments every 10 seconds'),
  lambdaTimeout: src('https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html', 'a function runs at most 900 seconds (15 minutes); the job\'s own timeout is its setting in lambdas/routes.ts'),
  apiAccount: src('https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html', 'throttle quota per account and Region across HTTP, REST and WebSocket APIs: 10,000 requests per second, burst 5,000 (2,500 and 1,250 in some newer Regions); adjustable'),
  apiRoute: src('https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-throttling.html', 'an HTTP API stage\'s default route throttling applies to each route (a token bucket per route); the figure is the stage setting throttle.rateLimit'),
  cognito: src(COGNITO_QUOTAS, 'request rate per account and Region, per category of operations: UserAuthentication 120 a second (InitiateAuth; RespondToAuthChallenge has three times that apart), UserCreation 50 (AdminCreateUser), UserRead 120 (AdminGetUser); adjustable. The live page (stored copies) confirms the categories, UserCreation\'s 50 and the 8-hour, 3:1 sizing example; its table of figures did not render there, so the figures and the read category\'s name are those of the page\'s last published source, awsdocs/amazon-cognito-developer-guide doc_source/limits.md'),
  dynamoPartition: src('https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput-scenarios.html', 'each partition serves at most 3,000 read units and 1,000 write units a second, on demand or provisioned; not adjustable. That the limit holds for a global secondary index\'s partitions as for a table\'s: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html'),
  sesSandbox: src('https://docs.aws.amazon.com/ses/latest/dg/request-production-access.html', 'in the sandbox: 200 messages per 24 hours, 1 message per second, verified recipients only'),
  sesProduction: src('https://docs.aws.amazon.com/ses/latest/dg/quotas.html', 'out of the sandbox the quotas "vary based on your specific use case" (no published default): the figures here, 50,000 a day and 14 a second, are what production access has commonly been granted at first, an assumption; read the account\'s own with `aws sesv2 get-account` (SendQuota)'),
  secrets: src('https://docs.aws.amazon.com/secretsmanager/latest/userguide/reference_limits.html', 'GetSecretValue: 10,000 requests per second per Region (with DescribeSecret)'),
} satisfies Record<string, Source>;

export type Sources = typeof sources;

/** One quota the portal's traffic meets, and the peak it meets it with. */
export interface Check {
  id: string;
  service: string;
  quota: string;
  limit: number;
  unit: string;
  source: Source;
  /** What meets the quota, in a few words. */
  demandBasis: string;
  /** The peak demand at the given usage, in `unit`. */
  demand: (u: Usage) => number;
  /** The stage setting or quota request that moves the line. */
  change: string;
  /**
   * Set on a limit the stage must be out of before real use (SES's sandbox): shown, but not the
   * "first to bind" of a stage in use.
   */
  precondition?: true;
}

/** What the checks read from the stage: its settings that are themselves a limit or hold capacity. */
export type CapacityStage = Pick<Stage, 'name' | 'throttle' | 'warmFunctions' | 'publicRouteConcurrency' | 'mfaForCustomers'>;

const jobTimeout = (handler: string) => {
  const job = scheduled.find((j) => j.handler === handler);
  if (!job?.timeoutSeconds) throw new Error(`infra/capacity.ts: no scheduled job ${handler} with a timeout in lambdas/routes.ts`);
  return job.timeoutSeconds;
};

/** The checks of one stage, against the documented quotas and the stage's settings. */
export function checks(stage: CapacityStage, p: Peak = peak, s: Sources = sources): Check[] {
  const v = (k: keyof Peak) => p[k].value;
  const busySeconds = v('busyHoursPerDay') * 3600;
  /** A day's volume at its busiest second. */
  const peakRate = (perDay: number) => (perDay / busySeconds) * v('peakToAverage');
  const apiRps = (u: Usage) => peakRate(u.apiCallsPerDay.value);
  const tokenRps = (u: Usage) => peakRate((u.users.value * u.activeUserShare.value * u.tokenIssuesPerUser.value) / u.daysPerMonth.value);
  const loginHandler = 'accounts/login';
  if (!publicHandlers.has(loginHandler)) throw new Error(`infra/capacity.ts: ${loginHandler} is no public route of lambdas/routes.ts`);
  const publicReserved = [...publicHandlers].reduce((n, h) => n + (publicRouteConcurrency(stage, h) ?? 0), 0);
  // A public route's provisioned instances are inside its reserved concurrency (never below them).
  const warm = Object.entries(stage.warmFunctions).reduce((n, [h, x]) => n + (stage.publicRouteConcurrency && publicHandlers.has(h) ? 0 : x), 0);
  const loginReserved = publicRouteConcurrency(stage, loginHandler);
  const weeklyTimeout = jobTimeout('notifications/weekly-summary');
  const alertsTimeout = jobTimeout('alerts/evaluate');
  const rollUpTimeout = jobTimeout('telemetry/roll-up-days');
  const requestWriteUnits = Math.ceil(v('serviceRequestKb'));
  // A Query reads eventually consistent: half a unit per 4 KB.
  const listReadUnits = (LIST_LIMIT * v('serviceRequestKb')) / 4 / 2;
  const u0 = (k: keyof Usage) => costUsage[k].value;
  const peakDayMails = (u: Usage) => u.users.value * (1 + u.notificationMailsPerUserPerMonth.value / u.daysPerMonth.value);

  const out: Check[] = [
    {
      id: 'lambda-concurrency',
      service: 'Lambda',
      quota: 'concurrent executions (account, per Region)',
      limit: 1000,
      unit: 'executions',
      source: s.lambdaConcurrency,
      demandBasis: `API calls at the peak × ${u0('billedMsPerCall')} ms, token issues × ${u0('triggerBilledMs')} ms, plus what the stage holds: ${warm} provisioned and ${publicReserved} reserved for public routes`,
      demand: (u) => apiRps(u) * (u.billedMsPerCall.value / 1000) + tokenRps(u) * (u.triggerBilledMs.value / 1000) + warm + publicReserved,
      change: `quota request (Service Quotas, AWS Lambda, "Concurrent executions"); a new account may start far lower: check it before the first deploy`,
    },
    {
      id: 'lambda-scaling',
      service: 'Lambda',
      quota: 'scaling rate per function (new environments in 10 s)',
      limit: 1000,
      unit: 'environments',
      source: s.lambdaScaling,
      demandBasis: 'the busiest route\'s function at the peak, every environment new (a deploy or a cold morning)',
      demand: (u) => apiRps(u) * v('busiestRouteShare') * (u.billedMsPerCall.value / 1000),
      change: 'none to request (fixed); provisioned instances (stage setting warmFunctions) start ahead of it',
    },
    {
      id: 'login-reserved',
      service: 'Lambda',
      quota: `sign-in function's reserved concurrency (stage setting publicRouteConcurrency)`,
      limit: loginReserved ?? 1000 - UNRESERVED_MINIMUM,
      unit: 'executions',
      source: s.lambdaReserved,
      demandBasis: `sign-ins at the peak (${num(v('signInShare') * 100)} % of token issues) × ${v('signInMs')} ms`,
      demand: (u) => tokenRps(u) * v('signInShare') * (v('signInMs') / 1000),
      change: 'stage setting publicRouteConcurrency (at most 100; the account must keep 100 unreserved)',
    },
    {
      id: 'api-account',
      service: 'API Gateway',
      quota: 'throttle per account and Region',
      limit: 10_000,
      unit: 'requests/s',
      source: s.apiAccount,
      demandBasis: 'every API call at the peak (static files come from CloudFront and S3)',
      demand: apiRps,
      change: 'quota request (Service Quotas, Amazon API Gateway, "Throttle rate"); the burst follows it',
    },
    {
      id: 'api-route',
      service: 'API Gateway',
      quota: `stage throttle per route (stage setting throttle: ${num(stage.throttle.rateLimit)}/s, burst ${num(stage.throttle.burstLimit)})`,
      limit: stage.throttle.rateLimit,
      unit: 'requests/s',
      source: s.apiRoute,
      demandBasis: `the busiest route at the peak (${num(v('busiestRouteShare') * 100)} % of calls)`,
      demand: (u) => apiRps(u) * v('busiestRouteShare'),
      change: 'stage setting throttle.rateLimit and burstLimit in cdk.json (keep their sum over the routes under the account throttle)',
    },
    {
      id: 'cognito-auth',
      service: 'Cognito',
      quota: 'UserAuthentication (InitiateAuth: sign-ins and refreshes)',
      limit: 120,
      unit: 'requests/s',
      source: s.cognito,
      demandBasis: `token issues at the peak (${u0('tokenIssuesPerUser')} a user a month), each one InitiateAuth`,
      demand: tokenRps,
      change: 'quota request (Service Quotas, Amazon Cognito user pools: the UserAuthentication category\'s rate)',
    },
    {
      id: 'cognito-read',
      service: 'Cognito',
      quota: 'UserRead (AdminGetUser in the pre-token-generation trigger)',
      limit: 120,
      unit: 'requests/s',
      source: s.cognito,
      demandBasis: stage.mfaForCustomers
        ? 'every token issue (mfaForCustomers: the trigger reads each user\'s authenticator app)'
        : 'token issues of those who must use two-step verification (staff; counted as every token issue, the upper bound)',
      demand: tokenRps,
      change: 'quota request (Service Quotas, Amazon Cognito user pools: the read category\'s rate)',
    },
    {
      id: 'cognito-create',
      service: 'Cognito',
      quota: 'UserCreation (AdminCreateUser: signup and invitations)',
      limit: 50,
      unit: 'requests/s',
      source: s.cognito,
      demandBasis: `invitations and resets (${u0('mailsPerUserPerMonth')} a user a month), all counted as AdminCreateUser`,
      demand: (u) => peakRate((u.users.value * u.mailsPerUserPerMonth.value) / u.daysPerMonth.value),
      change: 'quota request (Service Quotas, Amazon Cognito user pools: the UserCreation category\'s rate); a bulk import paced under it',
    },
    {
      id: 'ddb-bytime-write',
      service: 'DynamoDB',
      quota: 'one partition\'s writes: service requests\' byTime index (one key, kind = request)',
      limit: 1000,
      unit: 'write units/s',
      source: s.dynamoPartition,
      demandBasis: `${v('serviceRequestsPerCustomerPerMonth')} requests a customer a month × ${v('writesPerServiceRequest')} writes × ${requestWriteUnits} units, at the peak`,
      demand: (u) => peakRate((u.customers.value * v('serviceRequestsPerCustomerPerMonth') * v('writesPerServiceRequest') * requestWriteUnits) / u.daysPerMonth.value),
      change: 'none to request (a partition\'s ceiling is fixed): a sharded key (docs/operating.md "Capacity at 10× and 100×")',
    },
    {
      id: 'ddb-bytime-read',
      service: 'DynamoDB',
      quota: 'one partition\'s reads: the byTime index',
      limit: 3000,
      unit: 'read units/s',
      source: s.dynamoPartition,
      demandBasis: `${v('requestListViewsPerCustomerPerDay')} list a customer a day, each up to ${LIST_LIMIT} items (${num(listReadUnits)} units)`,
      demand: (u) => peakRate(u.customers.value * v('requestListViewsPerCustomerPerDay') * listReadUnits),
      change: 'none to request: as for the writes',
    },
    {
      id: 'ddb-audit-write',
      service: 'DynamoDB',
      quota: 'one partition\'s writes: the audit table (one key, stream = audit)',
      limit: 1000,
      unit: 'write units/s',
      source: s.dynamoPartition,
      demandBasis: `writing calls at the peak (${num(u0('writeShare') * 100)} % of calls), each counted as an audit row of 1 unit (the upper bound: only administrators' writes are audited)`,
      demand: (u) => apiRps(u) * u.writeShare.value,
      change: 'none to request: a sharded key (docs/operating.md "Capacity at 10× and 100×")',
    },
    {
      id: 'secrets',
      service: 'Secrets Manager',
      quota: 'GetSecretValue rate (cold starts read their secret)',
      limit: 10_000,
      unit: 'requests/s',
      source: s.secrets,
      demandBasis: `API calls at the peak × ${num(u0('coldStartShare') * 100)} % that start a container`,
      demand: (u) => apiRps(u) * u.coldStartShare.value,
      change: 'none needed (adjustable by quota request)',
    },
    {
      id: 'ses-sandbox',
      service: 'SES',
      quota: 'sending rate in the sandbox',
      limit: 1,
      unit: 'mails/s',
      source: s.sesSandbox,
      demandBasis: `the weekly summary to every user within its ${weeklyTimeout}-second run`,
      demand: (u) => u.users.value / weeklyTimeout,
      change: 'production access for the stage\'s Region (SES console, "Request production access") before any real user',
      precondition: true,
    },
    {
      id: 'ses-rate',
      service: 'SES',
      quota: 'sending rate, production (assumed 14/s)',
      limit: 14,
      unit: 'mails/s',
      source: s.sesProduction,
      demandBasis: `the weekly summary to every user within its ${weeklyTimeout}-second run`,
      demand: (u) => u.users.value / weeklyTimeout,
      change: 'quota request (SES console, "Request an increase" of the sending rate), with the job sending in parallel',
    },
    {
      id: 'ses-daily',
      service: 'SES',
      quota: 'mails per 24 hours, production (assumed 50,000)',
      limit: 50_000,
      unit: 'mails/day',
      source: s.sesProduction,
      demandBasis: `the weekly summary's day: one to every user, plus the day's share of the other ${u0('notificationMailsPerUserPerMonth')} a month`,
      demand: peakDayMails,
      change: 'quota request (SES console, "Request an increase" of the daily quota)',
    },
    {
      id: 'weekly-run',
      service: 'Lambda',
      quota: `weekly summary run: mails within its ${weeklyTimeout}-second timeout less the energy line's ${WEEKLY_ENERGY_BUDGET_MS / 1000} s, ${WEEKLY_MAILS_AT_ONCE} at a time (900 s at most)`,
      limit: ((weeklyTimeout * 1000 - WEEKLY_ENERGY_BUDGET_MS) / v('mailMs')) * WEEKLY_MAILS_AT_ONCE,
      unit: 'mails',
      source: s.lambdaTimeout,
      demandBasis: `every user subscribed, ${v('mailMs')} ms a mail`,
      demand: (u) => u.users.value,
      change: 'code: more at once as SES\'s rate allows (lambdas/shared/platform/job-parallelism.ts), then fan out beyond one run (docs/operating.md "Capacity at 10× and 100×")',
    },
    {
      id: 'weekly-energy',
      service: 'Lambda',
      quota: `weekly summary run: its energy line's reads (the device list through the telemetry client, the units' rolled weeks from DynamoDB) within ${WEEKLY_ENERGY_BUDGET_MS / 1000} s of it`,
      limit: WEEKLY_ENERGY_BUDGET_MS / v('weeklyEnergyUnitMs'),
      unit: 'units',
      source: s.lambdaTimeout,
      demandBasis: `every monitored unit (${u0('monitoredUnits').toLocaleString('en-US')} at 1×; the upper bound: every one on a subscribed property), ${v('weeklyEnergyUnitMs')} ms each`,
      demand: (u) => u.monitoredUnits.value,
      change: 'code: read the rolled weeks in parallel batches, then one run per shard of properties (docs/operating.md "Capacity at 10× and 100×")',
    },
    {
      id: 'rollup-run',
      service: 'Lambda',
      quota: `energy roll-up run: every unit's new day within its ${ROLLUP_BUDGET_MS / 1000}-second budget of the ${rollUpTimeout}-second timeout, ${ROLLUP_CUSTOMERS_AT_ONCE} customers at a time (a day not rolled is the next hourly run's)`,
      limit: (ROLLUP_BUDGET_MS / v('rollUpUnitDayMs')) * ROLLUP_CUSTOMERS_AT_ONCE,
      unit: 'unit-days',
      source: s.lambdaTimeout,
      demandBasis: `every monitored unit's new day (${u0('monitoredUnits').toLocaleString('en-US')} units at 1×), ${v('rollUpUnitDayMs')} ms a unit-day`,
      demand: (u) => u.monitoredUnits.value,
      change: 'code: more customers at once (lambdas/shared/platform/job-parallelism.ts), then one run per shard of customers (docs/operating.md "Capacity at 10× and 100×")',
    },
    {
      id: 'alerts-pass',
      service: 'Lambda',
      quota: `equipment alerts pass: customers within its ${alertsTimeout}-second timeout, ${ALERTS_CUSTOMERS_AT_ONCE} at a time`,
      limit: ((alertsTimeout * 1000) / v('customerPassMs')) * ALERTS_CUSTOMERS_AT_ONCE,
      unit: 'customers',
      source: s.lambdaTimeout,
      demandBasis: `every customer mapped to telemetry (the upper bound), ${v('customerPassMs')} ms each`,
      demand: (u) => u.customers.value,
      change: 'code: more customers at once (lambdas/shared/platform/job-parallelism.ts), then one run per shard of customers (docs/operating.md "Capacity at 10× and 100×")',
    },
  ];
  return out;
}

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

export const FACTORS = [1, 10, 100] as const;

export interface Row {
  check: Check;
  /** Peak demand at each of FACTORS. */
  demand: number[];
  /** limit / demand at each of FACTORS. */
  headroom: number[];
  /** The multiple of the stated users at which demand reaches the limit (Infinity: never; 0: already). */
  bindsAt: number;
}

export interface Capacity {
  stage: string;
  rows: Row[];
  /** The row that binds at the smallest multiple of today's users (preconditions aside). */
  first: Row;
}

/** The multiple of `u`'s users at which an affine demand reaches `limit`. */
export function bindsAt(check: Check, u: Usage): number {
  const fixed = check.demand(scale(u, 0));
  const growth = check.demand(u) - fixed;
  if (fixed >= check.limit) return 0;
  return growth > 0 ? (check.limit - fixed) / growth : Infinity;
}

export function capacity(stage: CapacityStage, u: Usage = costUsage, p: Peak = peak, s: Sources = sources): Capacity {
  const rows = checks(stage, p, s).map((check) => {
    const demand = FACTORS.map((f) => check.demand(scale(u, f)));
    return { check, demand, headroom: demand.map((d) => (d > 0 ? check.limit / d : Infinity)), bindsAt: bindsAt(check, u) };
  });
  const first = rows.filter((r) => !r.check.precondition).reduce((best, r) => (r.bindsAt < best.bindsAt ? r : best));
  return { stage: stage.name, rows, first };
}

// ---------------------------------------------------------------------------------------------
// The README block
// ---------------------------------------------------------------------------------------------

function num(n: number): string {
  if (!Number.isFinite(n)) return 'never';
  if (n > 0 && n < 1) return String(Number(n.toPrecision(2)));
  const digits = n >= 100 ? 0 : n >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

const times = (n: number) => (Number.isFinite(n) ? `${num(n)}×` : 'never');
const binds = (r: Row, users: number) => (r.bindsAt === 0 ? 'already at 1×' : Number.isFinite(r.bindsAt) ? `${times(r.bindsAt)} (${Math.round(r.bindsAt * users).toLocaleString('en-US')} users)` : 'never (nothing grows)');
const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The Markdown block between the README's capacity markers. */
export function renderCapacityTable(stage: CapacityStage, u: Usage = costUsage, p: Peak = peak, s: Sources = sources): string {
  const c = capacity(stage, u, p, s);
  const users = u.users.value;
  const sorted = [...c.rows].sort((x, y) => x.bindsAt - y.bindsAt);
  const inUse = sorted.filter((r) => !r.check.precondition);
  const before = (f: number) => inUse.filter((r) => r.bindsAt <= f).map((r) => r.check.id).join(', ') || 'nothing';
  const pages = [...new Map(sorted.map((r) => [r.check.source.url + r.check.source.note, r.check.source])).values()];
  const lines = [
    `Generated by \`npm run cost -- --stage ${c.stage} --capacity --write-docs\` from infra/capacity.ts, with the cost model's traffic (the assumptions above marked ×10 grow with users) and the settings of stage \`${c.stage}\`. Peak demand is the busiest second (or the run, or the day, as the unit says); headroom is the limit over the demand (under 1: it binds). Sorted by the multiple of today's ${users.toLocaleString('en-US')} users at which each binds.`,
    '',
    `**First to bind: ${c.first.check.service}, ${c.first.check.quota}, at ${binds(c.first, users)}.** Binding before 10×: ${before(10)}. Before 100×: ${before(100)}. Before any real user: ${sorted.filter((r) => r.check.precondition).map((r) => r.check.id).join(', ')}.`,
    '',
    'Peak assumptions (beside the cost model\'s):',
    '',
    ...Object.values(p).map((x) => `- ${x.unit.startsWith('%') ? `${num(x.value * 100)} ${x.unit}` : `${num(x.value)} ${x.unit}`}: ${x.why}.`),
    '',
    '| check | service: limit | limit | peak demand at 1× / 10× / 100× | headroom at 100× | binds at | what moves it | source |',
    '|---|---|--:|---|--:|---|---|---|',
    ...sorted.map((r) =>
      `| ${r.check.id} | ${cell(`${r.check.service}: ${r.check.quota}`)} | ${num(r.check.limit)} ${r.check.unit} | ${r.demand.map(num).join(' / ')}: ${cell(r.check.demandBasis)} | ${times(r.headroom[2]!)} | ${r.check.precondition ? 'before any real user' : binds(r, users)} | ${cell(r.check.change)} | ${r.check.source.url} |`,
    ),
    '',
    `What each page says (read ${READ}):`,
    '',
    ...pages.map((x) => `- ${x.url}: ${x.note}.`),
  ];
  return lines.join('\n');
}

export const CAPACITY_MARKERS: Markers = { start: '<!-- capacity:start -->', end: '<!-- capacity:end -->' };
