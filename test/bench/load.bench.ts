// Load: simulated customers and administrators doing what they do, at a rising number of users at
// once, against the local stack with demo data (`bin/local.ts --demo` as a child process on
// loopback), in-process (every function in the stack's process) and in cold mode (`COLD=1`: each
// function in processes of its own, another started when all of a function's are busy, as on
// Lambda), each beside the previous release measured in the same run, the two stacks side by side
// and their steps taken in turn, the order alternating (`--baseline <git ref>`, default HEAD~1:
// checked out under .tmp/, with this checkout's node_modules when package-lock.json is the same,
// else its own `npm ci --offline`; removed after).
//
// The mix, per 8 simulated users: 1 signing in (the Cognito emulator's InitiateAuth with
// USER_PASSWORD_AUTH as the web app does; 1 sign-in in 4 is an administrator's, who answers the
// authenticator-app challenge), 1 administrator and 6 customers at work. A user at work repeats
// WORK (weights below: how many times each action comes in one round) with no pause between requests.
// Each user is one autocannon connection (autocannon 9, driven from this process: the load
// generator's CPU is measured apart from the stack's).
//
// The ramp: USERS steps of STEP_SECONDS each, stopped after the first step with an error (non-2xx,
// timeout, refused connection) or a p95 over LINE_MS; the knee is the last step within the line.
// Per step: requests/s held, p50/p95/p99 per route, errors; where the time went: each route's time
// in its handler (the middleware's request line: `ms` and the AWS calls it made) against the
// latency seen here, and the CPU of the stack's main thread (gateway, emulators and, in-process,
// the handlers), of its other threads (the Cognito emulator's worker, GC, libuv), of the function
// processes (cold mode) and of the load generator, each as cores used over the step's wall time
// (Linux /proc). Asserts nothing.
// Run: npm run bench -- load [--quick] [--baseline <ref> | --no-baseline]
//   --quick: in-process only, 3 steps of 2 s, no baseline unless --baseline is given (under a minute).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { totpCode } from '../../infra/local/totp.js';
import { freePort } from '../support/ports.js';
import { NO_JOB_TIMERS, percentile, root, run } from './support.js';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const flag = (name: string) => {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i]!.includes('=') ? args[i]!.slice(name.length + 1) : args[i + 1];
};
const BASELINE = args.includes('--no-baseline') ? undefined : (flag('--baseline') ?? (QUICK ? undefined : 'HEAD~1'));
const MODES: Mode[] = QUICK ? ['in-process'] : ['in-process', 'cold'];
const USERS = QUICK ? [3, 6, 12] : [3, 6, 12, 24, 48, 96, 192];
const STEP_SECONDS = QUICK ? 2 : 5;
/** One user of each kind before the ramp, so that no step pays for loading a function the first time. */
const WARMUP_SECONDS = QUICK ? 3 : 5;
const LINE_MS = 1000;
type Mode = 'in-process' | 'cold';

/** The demo's sign-ins (README "Demo sign-ins"): a customer with four properties and telemetry, an administrator. */
const CUSTOMER = { email: 'facilities@northwind.test', password: 'Demo1234' };
const ADMIN = { email: 'admin@example-hvac.com', password: 'Admin1234567' };
const DEMO_TOTP_SECRET = 'KBHVEVCBJRCEKTKPMFSG22LOGIZDAMRW';

/**
 * One round of a user at work: how many times each action comes (a report is opened as the web
 * app opens it: POST /api/sigma/filtered, then the frame's data call with the embed token it gave).
 */
const WORK = { 'report list': 3, 'open a report': 4, 'documents listing': 3, 'download link': 2, 'analytics (telemetry)': 1 } as const;
/** Of every 8 users: signing in, administrators at work, customers at work. */
const SPLIT = { signIn: 1, admin: 1, customer: 6 };

interface Target {
  label: string;
  root: string;
  commit: string;
}

interface Logged {
  message?: string;
  route?: string;
  status?: number;
  ms?: number;
  calls?: Record<string, number>;
  function?: string;
}

/** `bin/local.ts --demo` of `target` as a child process on a free port and a new DATA_DIR. */
async function startStack(target: Target, mode: Mode) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bin', 'local.ts'), '--demo'], {
    cwd: target.root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // One line per request (route, status, ms, AWS calls): what the handler side is read from.
      LOG_LEVEL: 'info',
      // No background jobs during the ramp.
      ...NO_JOB_TIMERS,
      ...(mode === 'cold' ? { COLD: '1', COLD_IDLE_SECONDS: '600' } : { COLD: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: { t: number; l: Logged }[] = [];
  let out = '';
  let partial = '';
  let ready = false;
  child.stdout.on('data', (c: Buffer) => {
    const text = partial + c.toString();
    const all = text.split('\n');
    partial = all.pop()!;
    for (const line of all) {
      if (!ready) {
        out += line + '\n';
        if (/ is ready at /.test(line)) ready = true;
      }
      if (!line.startsWith('{')) continue;
      try {
        const l = JSON.parse(line) as Logged;
        if (l.message === 'request' || l.message === 'cold start') lines.push({ t: performance.now(), l });
      } catch {
        /* not a log line */
      }
    }
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const t0 = performance.now();
  while (!ready) {
    if (performance.now() - t0 > 180_000 || child.exitCode !== null) {
      await stop();
      throw new Error(`the local stack (${target.label}) did not start:\n${out.slice(-2000)}\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, lines, stop };
}

// ---------- CPU from /proc (Linux): cores used = CPU seconds / wall seconds ----------

const TICK = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
/** utime, stime, cutime, cstime and ppid of /proc/<pid>[/task/<tid>]/stat, in seconds. */
function stat(file: string) {
  try {
    const s = readFileSync(file, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): utime is field 14, so f[11].
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICK, children: (Number(f[13]) + Number(f[14])) / TICK };
  } catch {
    return undefined;
  }
}
/** The whole machine's busy CPU seconds so far (/proc/stat: all but idle and iowait). */
function machineBusy() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  return (n.reduce((a, b) => a + b, 0) - n[3]! - n[4]!) / TICK;
}
interface Cpu {
  at: number;
  machine: number;
  main: number;
  threads: number;
  functions: number;
  bench: number;
}
function cpuNow(pid: number): Cpu {
  const all = stat(`/proc/${pid}/stat`);
  const main = stat(`/proc/${pid}/task/${pid}/stat`)?.cpu ?? 0;
  // The function processes (cold mode): the living children's CPU, and the reaped ones' (cutime).
  let functions = all?.children ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(`/proc/${entry}/stat`);
    if (s?.ppid === pid) functions += s.cpu + s.children;
  }
  const u = process.cpuUsage();
  return { at: performance.now(), machine: machineBusy(), main, threads: (all?.cpu ?? 0) - main, functions, bench: (u.user + u.system) / 1e6 };
}
const coresBetween = (a: Cpu, b: Cpu) => {
  const wall = (b.at - a.at) / 1000;
  const c = { main: (b.main - a.main) / wall, threads: (b.threads - a.threads) / wall, functions: (b.functions - a.functions) / wall, bench: (b.bench - a.bench) / wall };
  // The rest of the machine's busy time: whatever else runs on it (other work on a shared machine).
  return { ...c, others: Math.max(0, (b.machine - a.machine) / wall - c.main - c.threads - c.functions - c.bench) };
};

// ---------- the simulated users ----------

const jsonHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const cognitoHeaders = (op: string) => ({ 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${op}` });

interface Fixture {
  cognito: string;
  clientId: string;
  tokens: { customer: string; admin: string };
  customerId: string;
  properties: string[];
  documentKey: string;
  deviceIds: string[];
}

async function signIn(cognito: string, clientId: string, who: { email: string; password: string }): Promise<string> {
  const call = async (op: string, body: unknown) => {
    const r = await fetch(cognito, { method: 'POST', headers: cognitoHeaders(op), body: JSON.stringify(body) });
    const j = (await r.json()) as { Session?: string; ChallengeName?: string; ChallengeParameters?: Record<string, string>; AuthenticationResult?: { IdToken?: string } };
    if (!r.ok) throw new Error(`${op} for ${who.email}: ${r.status} ${JSON.stringify(j)}`);
    return j;
  };
  let r = await call('InitiateAuth', { ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: who.email, PASSWORD: who.password } });
  if (r.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    r = await call('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: r.Session,
      ChallengeResponses: { USERNAME: r.ChallengeParameters?.USER_ID_FOR_SRP ?? who.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(DEMO_TOTP_SECRET) },
    });
  }
  if (!r.AuthenticationResult?.IdToken) throw new Error(`no ID token for ${who.email}`);
  return r.AuthenticationResult.IdToken;
}

/** The demo data the users work on, read through the API as the web app reads it. */
async function fixture(base: string): Promise<Fixture> {
  const config = (await (await fetch(`${base}/config.json`)).json()) as { endpoint: string; userPoolClientId: string };
  const tokens = { customer: await signIn(config.endpoint, config.userPoolClientId, CUSTOMER), admin: await signIn(config.endpoint, config.userPoolClientId, ADMIN) };
  const get = async <T>(p: string): Promise<T> => {
    const r = await fetch(`${base}${p}`, { headers: jsonHeaders(tokens.customer) });
    if (!r.ok) throw new Error(`GET ${p}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const [user] = await get<{ BUILDOPS_PROPERTY_IDS: string[]; BUILDOPS_CUSTOMER_ID: string[] }[]>(`/api/users/getproperty/${encodeURIComponent(CUSTOMER.email)}`);
  const properties = user!.BUILDOPS_PROPERTY_IDS;
  const customerId = user!.BUILDOPS_CUSTOMER_ID[0]!;
  const docs = await get<{ DOCUMENT_URL: string }[]>(`/api/s3/getdocumentsbyproperty?propertyId=${properties.join(',')}`);
  if (!docs.length) throw new Error('the demo customer has no documents');
  const devices = await get<{ data: { deviceId: string }[] }>(`/api/telemetry/${customerId}/devices`);
  return { cognito: config.endpoint, clientId: config.userPoolClientId, tokens, customerId, properties, documentKey: docs[0]!.DOCUMENT_URL, deviceIds: devices.data.map((d) => d.deviceId) };
}

type Req = autocannon.Request & { label: string };
/** What a user keeps between requests of a round (autocannon's per-connection context). */
type Ctx = { embed?: string | null; session?: string | null };

/** One round of WORK as autocannon requests, the actions spread through the round. */
function workRound(f: Fixture, who: 'customer' | 'admin'): Req[] {
  const headers = jsonHeaders(f.tokens[who]);
  const email = who === 'customer' ? CUSTOMER.email : ADMIN.email;
  const actions: Record<keyof typeof WORK, Req[]> = {
    'report list': [{ label: 'GET /api/reports', method: 'GET', path: '/api/reports', headers }],
    'open a report': [
      {
        label: 'POST /api/sigma/filtered',
        method: 'POST',
        path: '/api/sigma/filtered',
        headers,
        body: JSON.stringify({ email, _url: '/embed/dashboard', properties: f.properties, customers: [f.customerId], selectedReport: 'Dashboard' }),
        onResponse: (status, body, context) => {
          let token: string | null = null;
          try {
            token = status === 200 ? new URL((JSON.parse(body) as { url: string }).url, 'http://x').searchParams.get('token') : null;
          } catch {
            token = null;
          }
          (context as Ctx).embed = token;
        },
      },
      {
        label: 'GET /api/embed/data',
        method: 'GET',
        path: '/api/embed/data',
        // Without an embed token (the call before failed, counted there) the round starts again.
        setupRequest: (req, context) => ((context as Ctx).embed ? { ...req, headers: { authorization: `Bearer ${(context as Ctx).embed!}` } } : (null as never)),
      },
    ],
    'documents listing': [{ label: 'GET /api/s3/getdocumentsbyproperty', method: 'GET', path: `/api/s3/getdocumentsbyproperty?propertyId=${f.properties.join(',')}`, headers }],
    'download link': [{ label: 'GET /api/s3/getpresignedurl', method: 'GET', path: `/api/s3/getpresignedurl?key=${encodeURIComponent(f.documentKey)}`, headers }],
    'analytics (telemetry)': [
      { label: 'GET /api/telemetry/{customerId}/devices', method: 'GET', path: `/api/telemetry/${f.customerId}/devices`, headers },
      { label: 'POST /api/telemetry/{customerId}/samples', method: 'POST', path: `/api/telemetry/${f.customerId}/samples`, headers, body: JSON.stringify({ deviceIds: f.deviceIds }) },
    ],
  };
  // In passes over the table, each action while it has some left: every action comes in the first
  // pass, so a step too short for whole rounds still has each route.
  const round: Req[] = [];
  for (let pass = 0; pass < Math.max(...Object.values(WORK)); pass++) {
    for (const [action, times] of Object.entries(WORK)) if (pass < times) round.push(...actions[action as keyof typeof WORK].map((r) => ({ ...r })));
  }
  return round;
}

/** Sign-ins as the web app makes them: 3 customers' (one call), then an administrator's (two). */
function signInRound(f: Fixture): Req[] {
  const initiate = (who: { email: string; password: string }): Req => ({
    label: `Cognito InitiateAuth (${who === ADMIN ? 'administrator' : 'customer'})`,
    method: 'POST',
    path: '/',
    headers: cognitoHeaders('InitiateAuth'),
    body: JSON.stringify({ ClientId: f.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: who.email, PASSWORD: who.password } }),
    onResponse: (_status, body, context) => {
      try {
        (context as Ctx).session = (JSON.parse(body) as { Session?: string }).Session ?? null;
      } catch {
        (context as Ctx).session = null;
      }
    },
  });
  return [
    initiate(CUSTOMER),
    initiate(CUSTOMER),
    initiate(CUSTOMER),
    initiate(ADMIN),
    {
      label: 'Cognito RespondToAuthChallenge (administrator)',
      method: 'POST',
      path: '/',
      headers: cognitoHeaders('RespondToAuthChallenge'),
      setupRequest: (req, context) =>
        (context as Ctx).session
          ? {
              ...req,
              body: JSON.stringify({
                ClientId: f.clientId,
                ChallengeName: 'SOFTWARE_TOKEN_MFA',
                Session: (context as Ctx).session,
                ChallengeResponses: { USERNAME: ADMIN.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(DEMO_TOTP_SECRET) },
              }),
            }
          : (null as never),
    },
  ];
}

const split = (users: number) => {
  const signIn = Math.max(1, Math.round((users * SPLIT.signIn) / 8));
  const admin = Math.max(1, Math.round((users * SPLIT.admin) / 8));
  return { signIn, admin, customer: Math.max(1, users - signIn - admin) };
};

interface RouteFigures {
  n: number;
  errors: number;
  latencies: number[];
  handlerMs: number[];
  calls: Record<string, number>;
}
interface StepResult {
  users: number;
  seconds: number;
  requests: number;
  errors: number;
  errorNotes: string[];
  latencies: number[];
  routes: Map<string, RouteFigures>;
  cores: ReturnType<typeof coresBetween>;
  coldStarts: number;
}

/** One step: `users` users at once for STEP_SECONDS, every request's latency kept by route. */
async function step(stack: Awaited<ReturnType<typeof startStack>>, f: Fixture, users: number, seconds = STEP_SECONDS): Promise<StepResult> {
  const routes = new Map<string, RouteFigures>();
  const fig = (label: string) => {
    let r = routes.get(label);
    if (!r) routes.set(label, (r = { n: 0, errors: 0, latencies: [], handlerMs: [], calls: {} }));
    return r;
  };
  const latencies: number[] = [];
  const errorNotes = new Map<string, number>();
  let errors = 0;
  const s = split(users);
  const load = (url: string, connections: number, requests: Req[]) => {
    let done: (v?: unknown) => void = () => {};
    const finished = new Promise((r) => (done = r));
    // Each refusal noted with what the answer said (its error or __type), beside its route and status.
    const noted = requests.map((r) => ({
      ...r,
      onResponse: (status: number, body: string, context: object, headers: IncomingHttpHeaders | undefined) => {
        if (status < 200 || status >= 300) {
          let what = '';
          try {
            const j = JSON.parse(body) as { error?: string; __type?: string; message?: string };
            what = String(j.error ?? j.__type ?? j.message ?? '').slice(0, 100);
          } catch {
            what = body.slice(0, 60);
          }
          const note = `${r.label}: ${status}${what ? ` (${what})` : ''}`;
          errorNotes.set(note, (errorNotes.get(note) ?? 0) + 1);
        }
        if (typeof r.onResponse === 'function') r.onResponse(status, body, context, headers);
      },
    }));
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, requests: noted }, (err) => done(err));
    instance.on('response', (c, status, _bytes, ms) => {
      // The request just answered is still the connection's current one (no pipelining).
      const client = c as unknown as { requestIterator?: { currentRequest?: { label?: string } } };
      const r = fig(client.requestIterator?.currentRequest?.label ?? '(unknown)');
      r.n++;
      r.latencies.push(ms);
      latencies.push(ms);
      if (status < 200 || status >= 300) {
        r.errors++;
        errors++;
      }
    });
    instance.on('reqError', (err: Error) => {
      errors++;
      errorNotes.set(err.message, (errorNotes.get(err.message) ?? 0) + 1);
    });
    return finished;
  };
  const firstLine = stack.lines.length;
  const before = cpuNow(stack.pid);
  const t0 = performance.now();
  await Promise.all([
    load(f.cognito, s.signIn, signInRound(f)),
    load(stack.base, s.admin, workRound(f, 'admin')),
    load(stack.base, s.customer, workRound(f, 'customer')),
  ]);
  const wall = (performance.now() - t0) / 1000;
  const cores = coresBetween(before, cpuNow(stack.pid));
  // The request lines of the step (the last ones may still be on their way).
  await new Promise((r) => setTimeout(r, 200));
  let coldStarts = 0;
  for (const { l } of stack.lines.slice(firstLine)) {
    if (l.message === 'cold start') coldStarts++;
    if (l.message !== 'request' || !l.route) continue;
    const r = fig(l.route);
    if (typeof l.ms === 'number') r.handlerMs.push(l.ms);
    for (const [k, v] of Object.entries(l.calls ?? {})) r.calls[k] = (r.calls[k] ?? 0) + v;
  }
  return { users, seconds: wall, requests: latencies.length, errors, errorNotes: [...errorNotes].map(([k, v]) => `${k} x${v}`), latencies, routes, cores, coldStarts };
}

interface Ramp {
  target: Target;
  mode: Mode;
  steps: StepResult[];
  knee?: StepResult;
  startMs: number;
}

const within = (s: StepResult) => s.errors === 0 && percentile(s.latencies, 0.95) <= LINE_MS;

/**
 * The ramp of each target in `mode`, their stacks running side by side and the steps taken in
 * turn (this checkout's, then the previous release's, at each number of users), so that whatever
 * else the machine is doing weighs on both alike; each target stops at its first step over the line.
 */
async function ramps(targets: Target[], mode: Mode): Promise<Ramp[]> {
  const running: { stack: Awaited<ReturnType<typeof startStack>>; f?: Fixture; r: Ramp }[] = [];
  try {
    for (const target of targets) {
      const t0 = performance.now();
      const stack = await startStack(target, mode);
      running.push({ stack, r: { target, mode, steps: [], startMs: performance.now() - t0 } });
    }
    for (const x of running) {
      x.f = await fixture(x.stack.base);
      // Every route's function loaded (in cold mode: one process each started) before the ramp:
      // one user of each kind until every request of the rounds has been answered (4 tries at most).
      const left = new Set([...workRound(x.f, 'customer'), ...signInRound(x.f)].map((r) => r.label));
      for (let i = 0; i < 4 && left.size; i++) {
        const warm = await step(x.stack, x.f, 3, WARMUP_SECONDS);
        for (const [label, r] of warm.routes) if (r.n) left.delete(label);
        process.stdout.write(`  ${x.r.target.label}, ${mode}: warm-up, ${warm.requests} requests, ${warm.errors} errors${mode === 'cold' ? `, ${warm.coldStarts} cold starts` : ''}${left.size ? `; not answered yet: ${[...left].join(', ')}` : ''}\n`);
      }
    }
    for (const [i, users] of USERS.entries()) {
      const going = running.filter((x) => x.r.steps.every(within));
      if (!going.length) break;
      // Which goes first alternates from step to step, so neither always meets the other's leftovers.
      for (const x of i % 2 ? [...going].reverse() : going) {
        const s = await step(x.stack, x.f!, users);
        x.r.steps.push(s);
        process.stdout.write(`  ${x.r.target.label}, ${mode}: ${users} users, ${(s.requests / s.seconds).toFixed(0)} req/s, p95 ${percentile(s.latencies, 0.95).toFixed(0)} ms, ${s.errors} errors\n`);
      }
    }
    for (const x of running) x.r.knee = [...x.r.steps].reverse().find(within);
    return running.map((x) => x.r);
  } finally {
    for (const x of running) await x.stack.stop();
  }
}

// ---------- output ----------

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const ratio = (a: number, b: number | undefined) => (b && Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : '-');
const pct = (xs: number[], p: number) => percentile(xs, p);

function printRamp(r: Ramp, base?: Ramp) {
  console.log(`\n${r.mode === 'cold' ? 'Cold mode (COLD=1, each function in processes of its own)' : 'In-process (every function in the stack\'s process)'}: ${r.target.label} (${r.target.commit.slice(0, 10)})`);
  console.log(`  stack ready in ${(r.startMs / 1000).toFixed(1)} s (demo seed included)`);
  console.log(
    `  ${'users'.padStart(5)} ${'req/s'.padStart(6)} ${'p50'.padStart(5)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'errors'.padStart(6)}   cores: ${'main'.padStart(4)} ${'other'.padStart(5)} ${'fns'.padStart(4)} ${'load'.padStart(4)} ${'rest'.padStart(4)}${r.mode === 'cold' ? '  cold starts' : ''}${base ? '   vs previous: req/s  p95' : ''}`,
  );
  for (const s of r.steps) {
    const b = base?.steps.find((x) => x.users === s.users);
    const rps = s.requests / s.seconds;
    const p95 = pct(s.latencies, 0.95);
    console.log(
      `  ${String(s.users).padStart(5)} ${f0(rps).padStart(6)} ${f0(pct(s.latencies, 0.5)).padStart(5)} ${f0(p95).padStart(6)} ${f0(pct(s.latencies, 0.99)).padStart(6)} ${String(s.errors).padStart(6)}         ` +
        `${s.cores.main.toFixed(2).padStart(4)} ${s.cores.threads.toFixed(2).padStart(5)} ${s.cores.functions.toFixed(2).padStart(4)} ${s.cores.bench.toFixed(2).padStart(4)} ${s.cores.others.toFixed(2).padStart(4)}` +
        `${r.mode === 'cold' ? String(s.coldStarts).padStart(13) : ''}` +
        `${base ? `   ${b ? `${ratio(rps, b.requests / b.seconds).padStart(17)} ${ratio(p95, pct(b.latencies, 0.95)).padStart(5)}` : '   (not reached)'}` : ''}${within(s) ? '' : '  <- over the line'}`,
    );
  }
  console.log('  (ms; cores = CPU seconds per second of the step: the stack\'s main thread, its other threads, the function processes, this load generator, the rest of the machine)');
  const knee = r.knee;
  console.log(
    `  knee (last step with no error and p95 <= ${LINE_MS} ms): ${knee ? `${knee.users} users, ${f0(knee.requests / knee.seconds)} req/s, p95 ${f0(pct(knee.latencies, 0.95))} ms` : 'none: the first step was over the line'}` +
      (base ? `; previous release: ${base.knee ? `${base.knee.users} users, ${f0(base.knee.requests / base.knee.seconds)} req/s` : 'none'}${knee && base.knee ? ` (req/s ${ratio(knee.requests / knee.seconds, base.knee.requests / base.knee.seconds)})` : ''}` : ''),
  );
  for (const s of r.steps) {
    console.log(`\n  ${s.users} users: per route (latency here; handler: the request line's ms; AWS calls per request)`);
    console.log(`    ${'route'.padEnd(48)} ${'n'.padStart(6)} ${'p50'.padStart(5)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'err'.padStart(4)}  handler p50  ${'ddb'.padStart(4)} ${'s3'.padStart(4)} ${'idp'.padStart(4)}${base ? '  p95 vs prev' : ''}`);
    const b = base?.steps.find((x) => x.users === s.users);
    for (const [label, x] of [...s.routes].sort((a, c) => a[0].localeCompare(c[0]))) {
      if (!x.n) continue;
      const per = (k: string) => (x.handlerMs.length ? (x.calls[k] ?? 0) / x.handlerMs.length : NaN);
      const bx = b?.routes.get(label);
      console.log(
        `    ${label.padEnd(48)} ${String(x.n).padStart(6)} ${f0(pct(x.latencies, 0.5)).padStart(5)} ${f0(pct(x.latencies, 0.95)).padStart(6)} ${f0(pct(x.latencies, 0.99)).padStart(6)} ${String(x.errors).padStart(4)}  ${(x.handlerMs.length ? `${f0(pct(x.handlerMs, 0.5))} ms` : '-').padStart(11)}  ` +
          `${(Number.isFinite(per('dynamodb')) ? per('dynamodb').toFixed(1) : '-').padStart(4)} ${(Number.isFinite(per('s3')) ? per('s3').toFixed(1) : '-').padStart(4)} ${(Number.isFinite(per('cognito')) ? per('cognito').toFixed(1) : '-').padStart(4)}` +
          `${base ? `  ${(bx?.n ? ratio(pct(x.latencies, 0.95), pct(bx.latencies, 0.95)) : '-').padStart(11)}` : ''}`,
      );
    }
    if (s.errorNotes.length) console.log(`    errors: ${s.errorNotes.slice(0, 6).join('; ')}`);
  }
}

/** What ran out first, read from the first step over the line (or the last step). */
function saturation(r: Ramp) {
  const s = r.steps.find((x) => !within(x)) ?? r.steps.at(-1)!;
  let note = '';
  const total = s.cores.main + s.cores.threads + s.cores.functions + s.cores.bench + s.cores.others;
  const api = [...s.routes].filter(([label]) => label.startsWith('GET ') || label.startsWith('POST '));
  // Medians: the request lines of requests still in flight when the step ended have no latency here.
  const handlerShare = Math.min(1, percentile(api.flatMap(([, x]) => x.handlerMs), 0.5) / percentile(api.flatMap(([, x]) => x.latencies), 0.5));
  if (s.cores.others >= 0.5) note = ' (other work on the machine took some of its cores: read the ratios)';
  const parts: string[] = [
    `${r.mode}, ${r.target.label}, at ${s.users} users: ${total.toFixed(2)} of ${os.cpus().length} cores busy (stack main thread ${s.cores.main.toFixed(2)}, other threads ${s.cores.threads.toFixed(2)}, function processes ${s.cores.functions.toFixed(2)}, load generator ${s.cores.bench.toFixed(2)}; the rest of the machine ${s.cores.others.toFixed(2)});`,
    `the median API request spent ${(handlerShare * 100).toFixed(0)}% of its latency inside its handler (its AWS calls to the emulators included), the rest in the gateway and waiting its turn.`,
  ];
  if (s.cores.main >= 0.85) parts.push('First to saturate: the stack\'s one event loop (the gateway and the in-process emulators, dynalite and s3rver' + (r.mode === 'in-process' ? ', and every handler' : '') + '), which can use one core at most.');
  else if (total - s.cores.others >= os.cpus().length * 0.85) parts.push('First to saturate: the machine\'s cores, shared by the stack, ' + (r.mode === 'cold' ? 'the function processes (one per request in flight), ' : '') + 'the emulators and the load generator.');
  else if (total >= os.cpus().length * 0.85) parts.push(`First to saturate: the machine's cores, ${s.cores.others.toFixed(2)} of them taken by other work on the machine during the step.`);
  else parts.push('No part was at its CPU limit: the time went to waiting (' + (r.mode === 'cold' ? 'new function processes starting, ' : '') + 'the emulators\' own queues, timeouts).');
  return parts.join(' ') + note;
}

// ---------- the previous release ----------

function git(cwd: string, ...a: string[]) {
  const r = spawnSync('git', a, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${a.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** The previous release checked out under .tmp/ and ready to run, or why it cannot be. */
function prepareBaseline(ref: string): { target?: Target; why?: string; remove: () => void } {
  let commit: string;
  try {
    commit = git(root, 'rev-parse', '--verify', `${ref}^{commit}`);
  } catch (err) {
    return { why: `${ref} is not a commit here (${(err as Error).message})`, remove: () => {} };
  }
  const dir = path.join(root, '.tmp', `load-baseline-${commit.slice(0, 10)}`);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root });
  };
  remove();
  try {
    git(root, 'worktree', 'add', '--detach', dir, commit);
  } catch (err) {
    return { why: (err as Error).message, remove };
  }
  const target = { label: `previous release (${ref})`, root: dir, commit };
  if (!existsSync(path.join(dir, 'bin', 'local.ts'))) return { why: `${ref} has no bin/local.ts`, remove };
  const sameLock = readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  if (sameLock) {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    console.log(`previous release: ${ref} = ${commit.slice(0, 10)}, same package-lock.json: this checkout's node_modules`);
    return { target, remove };
  }
  console.log(`previous release: ${ref} = ${commit.slice(0, 10)}, another package-lock.json: npm ci --offline (from the npm cache) ...`);
  const ci = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 600_000 });
  if (ci.status !== 0) return { why: `its npm ci --offline failed: ${(ci.stderr || ci.error?.message || '').trim().split('\n').slice(-3).join(' ')}`, remove };
  return { target, remove };
}

async function main() {
  const self: Target = { label: 'this checkout', root, commit: git(root, 'rev-parse', 'HEAD') + (git(root, 'status', '--porcelain', '--untracked-files=no') ? ' (modified)' : '') };
  console.log(
    `Load on the local stack with demo data, ${os.cpus().length} cores (shared: read the ratios and the knee, not the absolute figures).\n` +
      `Users: ${USERS.join(', ')}, ${STEP_SECONDS} s each, until an error or a p95 over ${LINE_MS} ms. Of every 8 users: ${SPLIT.signIn} signing in, ${SPLIT.admin} administrator and ${SPLIT.customer} customers at work.\n` +
      `A round of work: ${Object.entries(WORK).map(([k, v]) => `${k} x${v}`).join(', ')}. Modes: ${MODES.join(', ')}.`,
  );
  const baseline = BASELINE ? prepareBaseline(BASELINE) : undefined;
  try {
    if (baseline?.why) console.log(`previous release SKIPPED: ${baseline.why}`);
    const results: { mine: Ramp; prev?: Ramp }[] = [];
    for (const mode of MODES) {
      const [mine, prev] = await ramps(baseline?.target ? [self, baseline.target] : [self], mode);
      results.push({ mine: mine!, prev });
    }
    for (const { mine, prev } of results) {
      printRamp(mine, prev);
      if (prev) printRamp(prev);
    }
    console.log('\nWhat saturates first here:');
    for (const { mine, prev } of results) {
      console.log(`  ${saturation(mine)}`);
      if (prev) console.log(`  ${saturation(prev)}`);
    }
    console.log(
      '\nOn AWS it would not be the same: here the emulators (dynalite, s3rver, cognito-local), the gateway, the handlers and the load generator share ' +
        `${os.cpus().length} cores and, in-process, one event loop; on AWS each function instance has its own CPU (one request at a time, more instances as requests come), ` +
        'and DynamoDB, S3 and Cognito are services that scale out on their own (within their quotas: Lambda concurrency, Cognito\'s requests per second per operation).',
    );
    if (!baseline) console.log('\n(no previous release measured: --no-baseline or --quick)');
  } finally {
    baseline?.remove();
  }
}

run(main);
