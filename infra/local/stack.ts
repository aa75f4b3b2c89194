/**
 * The local stack: everything the deployed portal needs, in this process, with all state under
 * DATA_DIR: cognito-local (triggers in-process, mail to DATA_DIR/outbox), dynalite, s3rver, a
 * Secrets Manager stand-in, the telemetry simulator and the local gateway. Tables, pool, client and
 * bucket are made from the definitions the CDK app deploys. Handlers reach the emulators through
 * the SDK's standard AWS_ENDPOINT_URL_* variables set here, never by knowing they run locally.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { scanAll } from '../../lambdas/shared/data/batch.js';
import { parseFaults } from '../../lambdas/shared/platform/faults.js';
import { log } from '../../lambdas/shared/platform/log.js';
import { mailFeedback, originAuthorizer, routes, scheduled } from '../../lambdas/routes.js';
import { tableList } from '../../lambdas/shared/resources/tables.js';
import { loadLocalConfig, type LocalConfig } from './config.js';
import { eventHandlers, startCognito, triggerHandlers } from './cognito.js';
import { coldMode, prepareBundles, stopColdInstances } from './cold.js';
import { ensureTables, localTableName, startDynamo } from './dynamo.js';
import { startGateway, UnknownJobError } from './gateway.js';
import { freshContainers, loadHandler, projectRoot } from './handlers.js';
import { jobTimer } from './job-timer.js';
import { lockDataDir } from './lock.js';
import { startMalwareScanner } from './malware-scanner.js';
import { withPortFallback } from './ports.js';
import { ensureBucket, LOCAL_BUCKET, startS3 } from './s3.js';
import { ensureServerClient, ensureStaffGroup, enrolDemoAdministrators, poolAndClient } from './pool.js';
import { persistentSecret, startSecrets } from './secrets.js';
import { startSes } from './ses.js';
import { startEventBridge } from './eventbridge.js';
import { demoFaultSchedule } from './simulator/faults.js';
import { fleetFor } from './simulator/fleet.js';
import { startSimulator } from './simulator/simulator.js';

export const REGION = 'us-east-1';
/** With LOCAL_CLOUDFRONT=true, the address every API request seems to come from: one CloudFront edge server (a documentation address, RFC 5737). */
export const LOCAL_EDGE_ADDRESS = '192.0.2.80';
/** s3rver's own key pair; dynalite and cognito-local take any. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const SECRET_IDS = { sigma: 'portal-local/sigma', telemetry: 'portal-local/telemetry', embed: 'portal-local/embed', signIn: 'portal-local/sign-in-client' } as const;

export interface DemoAccount {
  email: string;
  password: string;
  note: string;
}

export interface LocalStackOptions {
  /** Environment variables to read the settings from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Seed the demo data once (recorded in local-stack.json). */
  demo?: boolean;
  /** Overrides of the settings read from `env`. */
  overrides?: Partial<Pick<LocalConfig, 'port' | 'host' | 'dataDir' | 'staffDomains'>>;
}

export interface LocalStack {
  url: string;
  /** The API's own address: with LOCAL_CLOUDFRONT=true, past the played CloudFront (as execute-api's); else `url`. */
  apiUrl: string;
  config: LocalConfig;
  /** The variables the handlers run with (also set on process.env). */
  env: Record<string, string>;
  endpoints: { dynamodb: string; s3: string; cognito: string; secrets: string; telemetry: string };
  userPoolId: string;
  userPoolClientId: string;
  /** The server client (with a secret: its calls need SECRET_HASH), the sign-in, registration and reset routes'. */
  serverClientId: string;
  outboxDir: string;
  /** Where the EventBridge stand-in writes each event put on the bus (./eventbridge.ts). */
  eventsDir: string;
  /** With `demo`: the demo sign-ins (public demo passwords), for the start-up message. */
  demoAccounts: DemoAccount[];
  /** With MALWARE_SCAN=true: resolves when the stand-in scanner has tagged every object written so far (tests). */
  malwareScans(): Promise<void>;
  /** Runs one pass of the equipment alerts' evaluation now, as the timer does (tests). */
  evaluateAlerts(): Promise<unknown>;
  /** Runs one scheduled job (lambdas/routes.ts `scheduled`) now, as its schedule would: tests and `admin jobs run`. */
  runJob(handler: string): Promise<unknown>;
  /** Stops one emulator (tests of /readyz). */
  stopEmulator(name: 'dynamodb' | 's3' | 'cognito' | 'secrets'): Promise<void>;
  stop(): Promise<void>;
}

interface State {
  userPoolId?: string;
  userPoolClientId?: string;
  serverClientId?: string;
  demoSeededAt?: string;
  demoAccounts?: DemoAccount[];
  /** The emulators' ports of the last run, tried first on a restart. */
  ports?: Partial<Record<'dynamodb' | 's3' | 'cognito' | 'secrets' | 'telemetry', number>>;
  /** The variables the handlers run with (no secret values: those stay in the stand-in). */
  env?: Record<string, string>;
}

function readState(file: string): State {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as State;
  } catch {
    return {};
  }
}

/** Imports one of infra/admin's modules if it exists; otherwise logs what is missing. */
async function adminModule<T>(name: string): Promise<T | undefined> {
  if (!existsSync(path.join(projectRoot, 'infra', 'admin', `${name}.ts`))) {
    log.warn(`infra/admin/${name}.ts does not exist yet: skipped`);
    return undefined;
  }
  return (await import(`../admin/${name}.js`)) as T;
}

async function answers(name: string, check: () => Promise<unknown>): Promise<void> {
  try {
    await check();
  } catch {
    throw new Error(`Not ready: ${name} is not answering.`);
  }
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const config = { ...loadLocalConfig(options.env ?? process.env), ...options.overrides };
  const alertsSeconds = alertsIntervalSeconds(options.env ?? process.env, options.demo ?? false);
  const notifySeconds = intervalSeconds(options.env ?? process.env, 'NOTIFY_INTERVAL_SECONDS', options.demo ?? false);
  const dayBeforeSeconds = intervalSeconds(options.env ?? process.env, 'DAY_BEFORE_INTERVAL_SECONDS', options.demo ?? false);
  const rollUpSeconds = intervalSeconds(options.env ?? process.env, 'ROLLUP_INTERVAL_SECONDS', options.demo ?? false);
  // Failures on purpose (lambdas/shared/platform/faults.ts): checked now (a bad FAULTS stops the start naming
  // it), kept off while the stack starts and seeds, and in force for the functions once it is ready.
  const faults = ((options.env ?? process.env).FAULTS ?? '').trim();
  parseFaults(faults);
  freshContainers();
  delete process.env.FAULTS;
  const dataDir = config.dataDir;
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const closers: { name: string; close: () => Promise<void> }[] = [];
  const stopAll = async () => {
    for (const c of closers.splice(0).reverse()) await c.close().catch((err: unknown) => log.warn(`stopping ${c.name} failed`, { err }));
  };
  try {
    const dirs = { cognito: path.join(dataDir, 'cognito'), dynamodb: path.join(dataDir, 'dynamodb'), s3: path.join(dataDir, 's3'), outbox: path.join(dataDir, 'outbox'), events: path.join(dataDir, 'events') };
    for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
    const stateFile = path.join(dataDir, 'local-stack.json');
    const state = readState(stateFile);

    const telemetryKey = config.telemetry.apiKey ?? persistentSecret(dataDir, 'simulator-key');
    const secretValues = new Map<string, string>([
      [SECRET_IDS.telemetry, telemetryKey],
      [SECRET_IDS.embed, persistentSecret(dataDir, 'embed-secret')],
    ]);
    if (config.sigma.secret) secretValues.set(SECRET_IDS.sigma, config.sigma.secret);

    let malwareScans: () => Promise<void> = async () => undefined;
    const started = await Promise.allSettled([
      startDynamo(dirs.dynamodb, state.ports?.dynamodb),
      startS3(dirs.s3, state.ports?.s3, CREDENTIALS.secretAccessKey),
      startCognito({ dataDir: dirs.cognito, outboxDir: dirs.outbox, mailFrom: `${config.productName} <no-reply@localhost>`, preferredPort: state.ports?.cognito }),
      startSecrets(secretValues, state.ports?.secrets, path.join(dataDir, 'operator-secrets.json')),
    ] as const);
    const names = ['dynamodb', 's3', 'cognito', 'secrets'] as const;
    started.forEach((r, i) => {
      if (r.status === 'fulfilled') closers.push({ name: names[i]!, close: r.value.close });
    });
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const value = <T>(r: PromiseSettledResult<T>) => (r as PromiseFulfilledResult<T>).value;
    const [dynamo, s3, cognito, secrets] = [value(started[0]), value(started[1]), value(started[2]), value(started[3])];

    const clients = {
      dynamo: new DynamoDBClient({ endpoint: dynamo.url, region: REGION, credentials: CREDENTIALS, maxAttempts: 1 }),
      s3: new S3Client({ endpoint: s3.url, region: REGION, credentials: CREDENTIALS, forcePathStyle: true, maxAttempts: 1 }),
      cognito: new CognitoIdentityProviderClient({ endpoint: cognito.url, region: REGION, credentials: CREDENTIALS, maxAttempts: 1 }),
    };
    // GuardDuty's stand-in where the stage setting malwareScan is played (MALWARE_SCAN=true):
    // objects written from here on are tagged as it would tag them (./malware-scanner.ts).
    const localEnv = options.env ?? process.env;
    if (localEnv.MALWARE_SCAN === 'true') {
      const delay = Number(localEnv.LOCAL_SCAN_DELAY_MS ?? 2000);
      if (!Number.isInteger(delay) || delay < 0) throw new Error(`LOCAL_SCAN_DELAY_MS must be a whole number of milliseconds (got "${localEnv.LOCAL_SCAN_DELAY_MS}")`);
      const scanner = startMalwareScanner({ events: s3.events, client: clients.s3, bucket: LOCAL_BUCKET, delayMs: delay });
      closers.push({ name: 'malware scanner', close: scanner.close });
      malwareScans = scanner.idle;
    }
    const equipmentTable = localTableName(tableList.find((t) => t.env === 'EQUIPMENT_TABLE')!);
    const docs = DynamoDBDocumentClient.from(clients.dynamo);

    let telemetryUrl = config.telemetry.baseUrl;
    if (!telemetryUrl) {
      const sim = await withPortFallback(state.ports?.telemetry, (port) =>
        startSimulator({
          port,
          apiKey: telemetryKey,
          // The demo's equipment faults (docs/features/alerts.md "Equipment alerts"); SIMULATOR_FAULTS=off: none.
          faultSchedule: options.demo && (options.env ?? process.env).SIMULATOR_FAULTS !== 'off' ? demoFaultSchedule : undefined,
          // The browser specs inject faults of their own (E2E=1 only).
          control: (options.env ?? process.env).E2E === '1',
        // Every equipment row of the portal gets a device (the demo's have their own characters).
          fleet: async () => fleetFor((await scanAll<{ id: string }>(docs, { TableName: equipmentTable })).map((e) => e.id)),
        }),
      );
      closers.push({ name: 'telemetry simulator', close: sim.close });
      telemetryUrl = sim.url;
    }

    const [, ids] = await Promise.all([ensureTables(clients.dynamo), poolAndClient(clients.cognito, state, config.productName, REGION, config.tokenSeconds)]);
    await ensureStaffGroup(clients.cognito, ids.userPoolId);
    // Its secret reaches the handlers as on AWS: through the Secrets Manager stand-in, by id.
    const { serverClientId, serverClientSecret } = await ensureServerClient(clients.cognito, ids.userPoolId, ids.userPoolId === state.userPoolId ? state : {}, config.tokenSeconds);
    secretValues.set(SECRET_IDS.signIn, serverClientSecret);
    const port = (url: string | undefined) => (url ? Number(new URL(url).port) || undefined : undefined);
    state.ports = { dynamodb: port(dynamo.url), s3: port(s3.url), cognito: port(cognito.url), secrets: port(secrets.url), telemetry: config.telemetry.baseUrl ? undefined : port(telemetryUrl) };
    Object.assign(state, ids, { serverClientId });
    writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
    // The portal's own mail (service requests) through an SES stand-in writing to the outbox.
    const ses = await startSes(dirs.outbox, { onFeedback: async (event) => (await loadHandler<unknown, unknown>('notifications/mail-feedback'))(event) });
    closers.push({ name: 'ses', close: ses.close });
    // The stage's EventBridge bus (quote decisions): a stand-in writing each event to DATA_DIR/events.
    const eventBridge = await startEventBridge(dirs.events, { region: REGION });
    closers.push({ name: 'eventbridge', close: eventBridge.close });
    const issuer = `${cognito.url}/${ids.userPoolId}`;
    const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Jwks;

    const env: Record<string, string> = {
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.url,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url,
      AWS_ENDPOINT_URL_SESV2: ses.url,
      AWS_ENDPOINT_URL_EVENTBRIDGE: eventBridge.url,
      EVENT_BUS_NAME: 'portal-local',
      EVENT_SOURCE: 'portal.local',
      MAIL_FROM: `${config.productName} <no-reply@localhost>`,
      DISPATCH_EMAIL: config.dispatch.email,
      DISPATCH_PHONE: config.dispatch.phone,
      S3_FORCE_PATH_STYLE: 'true',
      DOCUMENTS_BUCKET: LOCAL_BUCKET,
      USER_POOL_ID: ids.userPoolId,
      USER_POOL_CLIENT_ID: ids.userPoolClientId,
      SERVER_CLIENT_ID: serverClientId,
      SIGN_IN_SECRET_ID: SECRET_IDS.signIn,
      STAFF_DOMAINS: config.staffDomains.join(','),
      EXCLUDED_CUSTOMER_DOMAINS: config.excludedCustomerDomains.join(','),
      PRODUCT_NAME: config.productName,
      CONTACT_URL: config.contactUrl,
      PROVIDER_TIME_ZONE: config.timeZone,
      LOG_LEVEL: config.logLevel,
      // As the stage setting malwareScan: a stand-in scanner tags new documents and photos
      // (./malware-scanner.ts) and the routes serve only those tagged clean.
      MALWARE_SCAN: (options.env ?? process.env).MALWARE_SCAN === 'true' ? 'true' : 'false',
      // Powertools: no X-Ray daemon here (and all handlers share one process), so no tracing; no
      // EMF metric lines on stdout. POWERTOOLS_DEV stays off: it would indent every log line.
      POWERTOOLS_TRACE_ENABLED: 'false',
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_SERVICE_NAME: 'portal-local',
      SIGMA_SESSION_SECONDS: String(config.sigma.sessionSeconds),
      SIGMA_TEAMS: config.sigma.teams.join(','),
      SIGMA_CUSTOMER_ATTRIBUTE: config.sigma.customerAttribute,
      SIGMA_PROPERTY_ATTRIBUTE: config.sigma.propertyAttribute,
      EMBED_TOKEN_TTL: String(config.embedTokenSeconds),
      TELEMETRY_BASE_URL: telemetryUrl,
      TELEMETRY_MAX_PAGES: String(config.telemetry.maxPages),
      TELEMETRY_TIMEOUT_MS: String(config.telemetry.timeoutMs),
      TELEMETRY_SECRET_ID: SECRET_IDS.telemetry,
      EMBED_SECRET_ID: SECRET_IDS.embed,
      ...(config.sigma.clientId ? { SIGMA_CLIENT_ID: config.sigma.clientId, SIGMA_SECRET_ID: SECRET_IDS.sigma } : {}),
      ...(config.sigma.accountType ? { SIGMA_ACCOUNT_TYPE: config.sigma.accountType } : {}),
    };
    // LOCAL_CLOUDFRONT=true: the gateway plays CloudFront (origin secret, viewer address) and the
    // handlers check the secret as on AWS; otherwise the API is called directly, as before.
    const playCloudFront = (options.env ?? process.env).LOCAL_CLOUDFRONT === 'true';
    if (playCloudFront) env.ORIGIN_VERIFY = persistentSecret(dataDir, 'origin-verify');
    else delete process.env.ORIGIN_VERIFY;
    for (const t of tableList) env[t.env] = localTableName(t);
    // Secrets travel only through the stand-in, as on AWS.
    delete process.env.SIGMA_SECRET;
    delete process.env.TELEMETRY_API_KEY;
    if (!config.sigma.clientId) delete process.env.SIGMA_SECRET_ID;

    // Cold mode: every function from its own bundle in processes of its own (./cold.ts), the
    // bundles built before the first call.
    const cold = coldMode(options.env ?? process.env);
    if (cold) {
      process.env.COLD = '1';
      const idle = (options.env ?? process.env).COLD_IDLE_SECONDS;
      if (idle) process.env.COLD_IDLE_SECONDS = idle;
      closers.push({ name: 'cold functions', close: async () => stopColdInstances() });
      await prepareBundles(projectRoot, [...new Set([...routes.map((r) => r.handler), ...Object.values(triggerHandlers), ...Object.values(eventHandlers), ...scheduled.map((f) => f.handler), mailFeedback.handler, ...(playCloudFront ? [originAuthorizer.handler] : [])])]);
    }

    // /readyz answers 503 until start-up is over (bucket, first administrator, demo seed), so a
    // caller waiting on it never meets a half-seeded stack.
    let startedUp = false;
    // The scheduled jobs' timers, once start-up is over (below); the end-to-end specs ask a pass of
    // them through the gateway (E2E=1 only).
    const jobs = new Map<string, ReturnType<typeof jobTimer>>();
    const jobOf = (handler: string) => {
      const job = jobs.get(handler);
      if (!job) throw new UnknownJobError(`No scheduled job ${handler} (lambdas/routes.ts)`);
      return job;
    };
    const gateway = await startGateway({
      ...((options.env ?? process.env).E2E === '1' ? { runJob: async (handler: string) => jobOf(handler).runNext() } : {}),
      host: config.host,
      port: config.port,
      routes,
      webDir: path.join(projectRoot, 'dist', 'web'),
      auth: { issuer, clientIds: [ids.userPoolClientId, serverClientId], jwks },
      ...(env.ORIGIN_VERIFY ? { cloudFront: { originVerify: env.ORIGIN_VERIFY, edgeAddress: LOCAL_EDGE_ADDRESS } } : {}),
      browserConfig: () => ({
        userPoolId: ids.userPoolId,
        userPoolClientId: ids.userPoolClientId,
        region: REGION,
        endpoint: cognito.url,
        productName: config.productName,
        contactUrl: config.contactUrl,
        staffDomains: config.staffDomains,
        excludedCustomerDomains: config.excludedCustomerDomains,
        signInFlow: 'USER_PASSWORD_AUTH',
      }),
      connectOrigins: () => [s3.url, cognito.url],
      frameOrigins: () => (config.sigma.clientId ? ['https://app.sigmacomputing.com'] : []),
      ready: async () => {
        if (!startedUp) throw new Error('Not ready: the local stack is still starting.');
        await answers('DynamoDB (dynalite)', () => clients.dynamo.send(new ListTablesCommand({ Limit: 1 })));
        await answers('S3 (s3rver)', () => clients.s3.send(new ListBucketsCommand({})));
        await answers('Cognito (cognito-local)', async () => {
          if (!(await fetch(`${cognito.url}/health`, { signal: AbortSignal.timeout(2000) })).ok) throw new Error('not ok');
        });
        await answers('Secrets Manager (stand-in)', () => fetch(secrets.url, { method: 'POST', signal: AbortSignal.timeout(2000) }));
        if (!config.telemetry.baseUrl) await answers('the telemetry simulator', () => fetch(`${telemetryUrl}/v3/device`, { signal: AbortSignal.timeout(2000) }));
      },
    });
    closers.push({ name: 'gateway', close: gateway.close });
    env.PUBLIC_URL = gateway.url;
    Object.assign(process.env, env);
    // The operator commands (bin/admin.ts --local) read the handlers' variables from here.
    state.env = env;
    writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
    await ensureBucket(clients.s3, gateway.url);

    if (config.portalAdmin) {
      const admin = await adminModule<{ ensureAdmin(email: string, password: string): Promise<unknown> }>('users');
      await admin?.ensureAdmin(config.portalAdmin.email, config.portalAdmin.password);
    }
    if (options.demo && !state.demoSeededAt) {
      const seed = await adminModule<{ seedDemo(): Promise<{ accounts: DemoAccount[] }> }>('seed-demo');
      if (seed) {
        state.demoAccounts = (await seed.seedDemo()).accounts;
        state.demoSeededAt = new Date().toISOString();
        writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
      }
    }
    if (options.demo) await enrolDemoAdministrators(clients.cognito, cognito.url, ids.userPoolId, state.demoAccounts ?? [], config.staffDomains);

    // Ready means every function is cold, as on a portal's first day: start-up's own calls
    // (the demo seed's sign-ins) leave no warm process behind.
    if (cold) stopColdInstances();
    if (faults) {
      env.FAULTS = faults;
      process.env.FAULTS = faults;
      log.warn('failures on purpose are in force (FAULTS)', { faults });
    }
    startedUp = true;
    const alerts = jobTimer('alerts/evaluate', alertsSeconds);
    closers.push({ name: 'equipment alerts timer', close: alerts.stop });
    // The documents digest and the weekly summary on one timer (NOTIFY_INTERVAL_SECONDS): each
    // sends a user at most one mail an hour (documents) or a week (summary), whatever the timer.
    // The day-before visits on their own (DAY_BEFORE_INTERVAL_SECONDS; at most a mail a day each):
    // every demo property has a visit tomorrow, so the browser specs, which read the outbox, keep it off.
    const digest = jobTimer('notifications/documents-digest', notifySeconds);
    closers.push({ name: 'documents digest timer', close: digest.stop });
    const weekly = jobTimer('notifications/weekly-summary', notifySeconds);
    closers.push({ name: 'weekly summary timer', close: weekly.stop });
    const dayBefore = jobTimer('notifications/visits-reminder', dayBeforeSeconds);
    closers.push({ name: 'day-before visits timer', close: dayBefore.stop });
    // The energy roll-up (ROLLUP_INTERVAL_SECONDS): its first run rolls the demo units' last 92 days, later ones only a new day.
    const rollUp = jobTimer('telemetry/roll-up-days', rollUpSeconds);
    closers.push({ name: 'energy roll-up timer', close: rollUp.stop });
    for (const [handler, job] of [
      ['alerts/evaluate', alerts],
      ['notifications/documents-digest', digest],
      ['notifications/weekly-summary', weekly],
      ['notifications/visits-reminder', dayBefore],
      ['telemetry/roll-up-days', rollUp],
    ] as const) jobs.set(handler, job);
    return {
      url: gateway.url,
      apiUrl: gateway.apiUrl,
      config,
      env,
      endpoints: { dynamodb: dynamo.url, s3: s3.url, cognito: cognito.url, secrets: secrets.url, telemetry: telemetryUrl },
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      serverClientId,
      outboxDir: dirs.outbox,
      eventsDir: dirs.events,
      demoAccounts: options.demo ? (state.demoAccounts ?? []) : [],
      evaluateAlerts: alerts.runOnce,
      malwareScans: () => malwareScans(),
      runJob: async (handler) => jobOf(handler).runOnce(),
      async stopEmulator(name) {
        const i = closers.findIndex((c) => c.name === name);
        if (i >= 0) await closers.splice(i, 1)[0]!.close();
      },
      async stop() {
        await stopAll();
        unlock();
      },
    };
  } catch (err) {
    await stopAll();
    unlock();
    throw err;
  }
}

/**
 * The variables that set the local stack's job timers, one each (see intervalSeconds). A new timer's
 * variable is added here, or intervalSeconds does not take it; the benches turn every one off
 * (test/bench/support.ts NO_JOB_TIMERS).
 */
export const JOB_INTERVAL_VARIABLES = ['ALERTS_INTERVAL_SECONDS', 'NOTIFY_INTERVAL_SECONDS', 'DAY_BEFORE_INTERVAL_SECONDS', 'ROLLUP_INTERVAL_SECONDS'] as const;
export type JobIntervalVariable = (typeof JOB_INTERVAL_VARIABLES)[number];

/**
 * A scheduled job's interval locally, from `name` (a positive integer, or 0 for off); unset, every
 * 60 seconds with --demo and off otherwise (tests run a pass when they mean to).
 */
export function intervalSeconds(env: Record<string, string | undefined>, name: JobIntervalVariable, demo: boolean): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return demo ? 60 : 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of seconds, 0 for off (got "${raw}")`);
  return n;
}

/** The equipment alerts' schedule locally: ALERTS_INTERVAL_SECONDS (see intervalSeconds). */
export const alertsIntervalSeconds = (env: Record<string, string | undefined>, demo: boolean) => intervalSeconds(env, 'ALERTS_INTERVAL_SECONDS', demo);

