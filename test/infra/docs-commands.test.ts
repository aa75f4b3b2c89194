/**
 * Every command README.md and docs/ show (test/support/doc-commands.ts) is accounted for here, and
 * every one that needs no AWS account is run exactly as written: by this file (`RUN_HERE`, each
 * through bash from the repository's root, servers until they answer), or by the test file
 * `RUN_ELSEWHERE` names, which must contain the command letter for letter. Synopses (placeholders,
 * alternatives) name the concrete form that is run and where; mentions (a command named in a
 * sentence) name the full form the docs show; the rest say why they are not run (`NOT_RUN`: `npm
 * test` and its parts, and whatever needs an AWS account). A command added to the docs with none of
 * these fails the first test; an entry whose command the docs no longer show fails it too.
 *
 * The environment may add PORT, VITE_PORT and DATA_DIR (a free port, a temporary folder) so the
 * servers run beside other tests and keep the repository clean: the command lines stay the docs'.
 */
import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanEnv, docCommands, needsAws, runShell, startShell, type Running } from '../support/doc-commands.js';
import { freePort } from '../support/ports.js';
import { ROOT } from '../../infra/function-construct.js';
import { handlerNames, sourceMapDir } from '../../infra/function-bundling.js';

jest.setTimeout(2_500_000);

const FAULTS_DEMO = 'FAULTS=dynamodb:throttle:0.2,s3:503:0.1,cognito:TooManyRequestsException:0.1,ses:reject:1,telemetry:hang npm run demo';
const IMPORT_CATALOGUE = 'npm run admin -- import --local --customers customers.csv --properties properties.csv --equipment equipment.csv --telemetry-mappings mappings.csv';
const IMPORT_ROWS = 'npm run admin -- import --local --work-orders wo.csv --quotes quotes.csv --invoices invoices.csv --assets assets.csv';
/** docs/operating.md: the example files under docs/examples (a work order with its notes, lines, photos, report, quote with its lines and options, and invoice). */
const IMPORT_EXAMPLE = [
  'npm run admin -- import --local --customers docs/examples/customers.csv --properties docs/examples/properties.csv --work-orders docs/examples/work-orders.csv',
  '--quotes docs/examples/quotes.csv --invoices docs/examples/invoices.csv --assets docs/examples/assets.csv',
  '--work-order-notes docs/examples/work-order-notes.csv --work-order-lines docs/examples/work-order-lines.csv',
  '--work-order-photos docs/examples/work-order-photos.csv --work-order-reports docs/examples/work-order-reports.csv --quote-lines docs/examples/quote-lines.csv',
].join(' ');

/** Commands this file runs, exactly as the docs write them (each test below names the ones it runs). */
const RUN_HERE = [
  'npm run demo',
  'npm start',
  'npm run dev',
  'COLD=1 npm run demo',
  FAULTS_DEMO,
  'npm run build',
  'npm run lint',
  'npm run typecheck',
  'npm run synth:all',
  'npm run admin -- totp-code',
  'npm run cost -- --stage prod --write-docs',
  'npm run cost -- --stage prod --capacity --write-docs',
  'npm run docs -- --write',
  'npm run admin -- migrate users-by-sub --local',
  'npm run admin -- migrate report-rows-index --local',
  IMPORT_CATALOGUE,
  IMPORT_ROWS,
  IMPORT_EXAMPLE,
  'npm run smoke -- --local',
  'npm run test:changed',
];

/** Commands another test file runs exactly as written (the file holds the command letter for letter). */
const RUN_ELSEWHERE: Record<string, string> = {
  'npm ci && npm run demo': 'test/infra/docs-fresh-machine.test.ts',
  'npm ci': 'test/infra/docs-fresh-machine.test.ts',
  'npm run bench -- load --quick': 'test/infra/docs-bench-load.test.ts',
  'npm run docs -- --check': 'test/infra/docs-generated.test.ts',
  'npm run deploy-role -- synth -c stage=<name> -c githubRepo=<owner>/<repo>': 'test/infra/deploy-role-synth.test.ts',
  'npm run deploy -- --plan --stage prod': 'test/infra/deploy-plan.test.ts',
};

/** Synopses: the concrete form that is run, and the file that runs it (this one, or one holding `holds` letter for letter). */
const SYNOPSES: Record<string, { runs: string; file: string; holds?: string }> = {
  'npm run cost -- --stage <name>': { runs: 'npm run cost -- --stage prod --write-docs', file: 'test/infra/docs-commands.test.ts' },
  'npm run cost -- --stage <name> --capacity': { runs: 'npm run cost -- --stage prod --capacity', file: 'test/infra/capacity.test.ts', holds: "execFileSync('npm', ['run', 'cost', '--', '--stage', 'prod', '--capacity']" },
  'npm run smoke -- --local [--data-dir DIR]': { runs: 'npm run smoke -- --local', file: 'test/infra/docs-commands.test.ts' },
  "npm run smoke -- --local --data-dir <the test stack's folder>": { runs: 'npm run smoke -- --local --data-dir <dir>', file: 'test/integration/smoke.test.ts', holds: "npmRun('smoke', '--local', '--data-dir', t.dataDir)" },
  'npm run admin -- create-smoke-accounts --local --profile customer --data-dir <folder>': { runs: 'npm run admin -- create-smoke-accounts --local --profile customer --data-dir <dir>', file: 'test/integration/smoke-customer.test.ts', holds: "'create-smoke-accounts', '--local', '--profile', 'customer', '--data-dir'" },
  'npm run admin -- create-smoke-accounts --local [--profile customer]': { runs: 'npm run admin -- create-smoke-accounts --local', file: 'test/infra/docs-commands.test.ts' },
  'npm run admin -- quotes-conflicts --local|--stage NAME [--json]': { runs: 'npm run admin -- quotes-conflicts --local', file: 'test/infra/docs-commands.test.ts' },
  'npm run admin -- reports --load FILE [--stage X | --local]': { runs: 'npm run admin -- reports --load reports.json --local', file: 'test/infra/docs-commands.test.ts' },
  'npm run admin -- mail-unsuppress ADDRESS': { runs: 'npm run admin -- mail-unsuppress nobody@example.com --local', file: 'test/infra/docs-commands.test.ts' },
  'npm run admin -- <command> [--stage NAME | --local [--data-dir DIR]]': { runs: 'npm run admin -- migrate users-by-sub --local', file: 'test/infra/docs-commands.test.ts' },
  'npm run bench [name]': { runs: 'npm run bench -- load --quick', file: 'test/infra/docs-bench-load.test.ts', holds: "const COMMAND = 'npm run bench -- load --quick'" },
};

/** A command named in a sentence: the full form the docs show (itself run, or accounted for, above). */
const MENTIONS: Record<string, string> = {
  'npm run cost': 'npm run cost -- --stage <name>',
  'npm run admin -- import': IMPORT_CATALOGUE,
  'npm run admin -- migrate': 'npm run admin -- migrate users-by-sub --local',
  'npm run admin -- copy-items': 'npm run admin -- copy-items --stage <stage> --table documents --from portal-<stage>-documents-restored-2026-11-20 --where propertyId=P-1 --dry-run',
  'npm run admin -- reports': 'npm run admin -- reports --load FILE [--stage X | --local]',
};

const AWS = 'needs an AWS account';
const PART_OF_NPM_TEST = 'part of `npm test`, which the lead and CI run; this file is one of its tests';
/** Not run, with the reason. */
const NOT_RUN: Record<string, string> = {
  'npm run bench -- load': 'a measurement of 5 to 6 minutes (both modes, against the previous release), run by hand; `npm test` runs its quick form, the same code',
  'npm test': 'the whole suite (about 35 minutes), of which this file is a part',
  'npm test -- jest': PART_OF_NPM_TEST,
  'npm test -- iam': PART_OF_NPM_TEST,
  'npm test -- e2e': PART_OF_NPM_TEST,
  'npm run test:unit': PART_OF_NPM_TEST,
  'aws sesv2 create-email-identity --region <region> --email-identity example.com': AWS,
  'aws sesv2 get-email-identity --region <region> --email-identity example.com': AWS,
  'npx cdk bootstrap aws://<account>/<region> aws://<account>/us-east-1': AWS,
  'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region <region>': AWS,
  'aws cloudtrail create-trail --name management-events --s3-bucket-name <bucket> --is-multi-region-trail --region <region>': AWS,
  'aws cloudtrail start-logging --name management-events --region <region>': AWS,
  "aws secretsmanager put-secret-value --secret-id portal/<stage>/sigma     --secret-string '<Sigma client secret>'": AWS,
  "aws secretsmanager put-secret-value --secret-id portal/<stage>/telemetry --secret-string '<telemetry service key>'": AWS,
  'npm run admin -- create-user --stage <name> --email ops@your-company.com --name "Ops Admin"': AWS,
  'npm run deploy-role -- deploy -c stage=<name> -c githubRepo=<owner>/<repo>': AWS,
  'npm run smoke -- --stage <name>': AWS,
  'npm run admin -- import --stage <name> --customers customers.csv ...': AWS,
  'npm run diff:summary -- --stage dev': AWS,
  'npm run diff:summary -- --stage prod': AWS,
  'npm run deploy -- --stage <name>': AWS,
  'npm run deploy': AWS,
  'aws dynamodb restore-table-to-point-in-time --region <region> --source-table-name portal-<stage>-documents --target-table-name portal-<stage>-documents-restored-2026-11-20 --restore-date-time 2026-11-20T09:00:00Z': AWS,
  'aws dynamodb wait table-exists --region <region> --table-name portal-<stage>-documents-restored-2026-11-20': AWS,
  'npm run admin -- copy-items --stage <stage> --table documents --from portal-<stage>-documents-restored-2026-11-20 --where propertyId=P-1 --dry-run': AWS,
  'npm run admin -- copy-items --stage <stage> --table documents --from portal-<stage>-documents-restored-2026-11-20 --where propertyId=P-1': AWS,
  'aws dynamodb delete-table --region <region> --table-name portal-<stage>-documents-restored-2026-11-20': AWS,
  "npm run admin -- restore-document --stage <stage> --key 'documents/<id>/<file name>'": AWS,
  "npm run admin -- restore-document --stage <stage> --key 'documents/<id>/<file name>' --before 2026-11-20T09:00:00Z": AWS,
  "npm run admin -- restore-document --stage <stage> --key 'documents/<id>/<file name>' --version-id <id>": AWS,
  'npm run admin -- create-smoke-accounts --stage dev': AWS,
  'npm run admin -- create-smoke-accounts --stage dev --customer C-123 --property P-456': AWS,
  'npm run admin -- check --stage <stage>': AWS,
  'npm run admin -- check --stage <name>': AWS,
  'npm run admin -- migrate users-by-sub --stage <name> --dry-run': AWS,
  'npm run admin -- migrate users-by-sub --stage <name>': AWS,
  'npm run admin -- migrate report-rows-index --stage <name>': AWS,
  'npm run admin -- reset-mfa --stage <name> --email <address>': AWS,
};

const shown = docCommands(ROOT);

describe('every command the docs show is accounted for', () => {
  test('each in exactly one list, and no list names a command the docs no longer show', () => {
    const lists: Record<string, string[]> = {
      RUN_HERE,
      RUN_ELSEWHERE: Object.keys(RUN_ELSEWHERE),
      SYNOPSES: Object.keys(SYNOPSES),
      MENTIONS: Object.keys(MENTIONS),
      NOT_RUN: Object.keys(NOT_RUN),
    };
    const where = (c: string) => Object.entries(lists).filter(([, l]) => l.includes(c)).map(([n]) => n);
    expect(shown.filter((c) => where(c.command).length !== 1).map((c) => `${c.at} ${c.command}: ${where(c.command).join(', ') || 'in no list (run it in a test, or say why not)'}`)).toEqual([]);
    const all = new Set(shown.map((c) => c.command));
    expect(Object.values(lists).flat().filter((c) => !all.has(c))).toEqual([]);
  });

  test('what is not run for want of an AWS account needs one, and nothing that needs one is claimed run', () => {
    expect(Object.entries(NOT_RUN).filter(([c, why]) => (why === AWS) !== needsAws(c)).map(([c]) => c)).toEqual([]);
    const claimedRun = [...RUN_HERE, ...Object.keys(RUN_ELSEWHERE), ...Object.values(SYNOPSES).map((s) => s.runs)];
    expect(claimedRun.filter(needsAws)).toEqual([]);
  });

  test('each file said to run a command holds it letter for letter', () => {
    const holds = (file: string, text: string) => readFileSync(path.join(ROOT, file), 'utf8').includes(text);
    expect(Object.entries(RUN_ELSEWHERE).filter(([c, f]) => !holds(f, c))).toEqual([]);
    expect(Object.entries(SYNOPSES).filter(([, s]) => !(s.file === 'test/infra/docs-commands.test.ts' ? RUN_HERE.includes(s.runs) || RAN_WITH_STACK.includes(s.runs) : holds(s.file, s.holds!)))).toEqual([]);
  });

  test("each synopsis's concrete form fits it, and each mention's full form is shown", () => {
    // The concrete form starts with the synopsis's words up to its first placeholder or option in brackets.
    const literal = (s: string) => s.split(/\s(?=[[<A-Z]|--local\|)/)[0]!;
    expect(Object.entries(SYNOPSES).filter(([s, { runs }]) => !runs.startsWith(literal(s))).map(([s]) => s)).toEqual([]);
    const all = new Set(shown.map((c) => c.command));
    expect(Object.entries(MENTIONS).filter(([m, full]) => !full.startsWith(`${m} `) || !all.has(full)).map(([m]) => m)).toEqual([]);
  });
});

/** Commands run against the `npm start` stack below, beyond RUN_HERE's (the concrete forms of synopses). */
const RAN_WITH_STACK = [
  'npm run admin -- create-smoke-accounts --local',
  'npm run admin -- quotes-conflicts --local',
  'npm run admin -- reports --load reports.json --local',
  'npm run admin -- mail-unsuppress nobody@example.com --local',
];

/** The catalogue file docs/features/reports.md shows. */
const docsCatalogue = /```json\n([\s\S]*?)\n```/.exec(readFileSync(path.join(ROOT, 'docs', 'features', 'reports.md'), 'utf8'))![1]!;

/** Files the commands name, written to the repository's root for the run: one row of each import file, consistent with one another; the docs' report catalogue. */
const CSV: Record<string, string> = {
  'reports.json': docsCatalogue,
  'customers.csv': 'id,name\nDOCS-C1,Docs Check Customer\n',
  'properties.csv': 'id,customer_id,name,property_type\nDOCS-P1,DOCS-C1,Docs Check Building,Office\n',
  'equipment.csv': 'id,customer_id,property_id,building_name,name,equipment_type,telemetry_data\nDOCS-E1,DOCS-C1,DOCS-P1,Main,Rooftop unit 1,RTU,{}\n',
  'mappings.csv': 'customer_id,telemetry_customer_id,telemetry_customer_name\nDOCS-C1,DOCS-T1,Docs Check\n',
  'wo.csv': 'id,property_id,kind,status,priority,created_at\nDOCS-WO1,DOCS-P1,service,Open,Medium,2026-03-02T09:00:00Z\n',
  'quotes.csv': 'id,property_id,status,amount,created_at\nDOCS-Q1,DOCS-P1,Sent,1250.50,2026-03-03T09:00:00Z\n',
  'invoices.csv': 'id,number,property_id,issued_at,due_at,amount,balance,status\nDOCS-I1,INV-1,DOCS-P1,2026-03-04,2026-04-03,300,300,Open\n',
  'assets.csv': 'id,property_id,name\nDOCS-A1,DOCS-P1,Boiler 1\n',
};

/** Starts a server command as written, with a free PORT and a DATA_DIR of its own; waits until it says where it is ready. */
async function startServer(command: string, extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'docs-commands-'));
  const port = await freePort();
  const env = cleanEnv({ PORT: String(port), DATA_DIR: dataDir, ...extra });
  const server = startShell(command, ROOT, env);
  return { server, dataDir, port, env, base: `http://127.0.0.1:${port}` };
}

async function stopServer(s: { server: Running; dataDir: string } | undefined) {
  if (!s) return;
  await s.server.stop();
  rmSync(s.dataDir, { recursive: true, force: true });
}

async function config(base: string) {
  const res = await fetch(`${base}/api/config`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const READY = /is ready at (http:\/\/\S+)/;

describe('servers, started exactly as written, answer', () => {
  let s: Awaited<ReturnType<typeof startServer>> | undefined;
  afterEach(async () => {
    await stopServer(s);
    s = undefined;
  });

  test('npm run demo: GET /api/config, and the demo sign-ins', async () => {
    s = await startServer('npm run demo');
    const [, url] = await s.server.waitFor(READY, 300_000);
    expect(url).toBe(s.base);
    expect(await config(s.base)).toMatchObject({ status: 200, body: { productName: 'Comfort Portal' } });
    expect(s.server.output()).toContain('facilities@northwind.test');
  });

  test('COLD=1 npm run demo: ready with every function cold, and a route answers from its own process', async () => {
    s = await startServer('COLD=1 npm run demo');
    await s.server.waitFor(READY, 600_000);
    expect(await config(s.base)).toMatchObject({ status: 200 });
    await s.server.waitFor(/cold start/, 30_000);
  });

  test(`${FAULTS_DEMO}: the hanging telemetry service is a 503 with Retry-After`, async () => {
    s = await startServer(FAULTS_DEMO);
    await s.server.waitFor(READY, 300_000);
    // Cognito and DynamoDB fail now and then on purpose: sign in until it goes through.
    let token: string | undefined;
    for (let i = 0; i < 10 && !token; i++) {
      const res = await fetch(`${s.base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'facilities@northwind.test', password: 'Demo1234' }) });
      if (res.ok) token = ((await res.json()) as { token: string }).token;
    }
    expect(token).toBeDefined();
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { BUILDOPS_CUSTOMER_ID: string };
    const res = await fetch(`${s.base}/api/telemetry/${claims.BUILDOPS_CUSTOMER_ID}/devices`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: '5' });
  });

  test("npm run dev: Vite's server answers the app and proxies GET /api/config to the stack", async () => {
    const vitePort = await freePort();
    s = await startServer('npm run dev', { VITE_PORT: String(vitePort) });
    await s.server.waitFor(READY, 300_000);
    const vite = `http://127.0.0.1:${vitePort}`;
    await s.server.waitFor(new RegExp(`${vitePort}`), 60_000);
    expect((await fetch(vite)).status).toBe(200);
    expect(await config(vite)).toMatchObject({ status: 200, body: { productName: 'Comfort Portal' } });
  });

  test('npm start: no demo data; the operator commands run against it as written', async () => {
    s = await startServer('npm start');
    await s.server.waitFor(READY, 300_000);
    expect(await config(s.base)).toMatchObject({ status: 200 });
    expect(s.server.output()).not.toContain('Demo sign-ins');
    const run = (command: string) => runShell(command, ROOT, s!.env, 300_000);

    const written: string[] = [];
    try {
      const clash = Object.keys(CSV).filter((f) => existsSync(path.join(ROOT, f)));
      if (clash.length) throw new Error(`${clash.join(', ')} already in the repository's root: not overwritten`);
      for (const [f, text] of Object.entries(CSV)) {
        writeFileSync(path.join(ROOT, f), text, { flag: 'wx' });
        written.push(f);
      }
      for (const command of [IMPORT_CATALOGUE, IMPORT_ROWS, IMPORT_EXAMPLE, 'npm run admin -- migrate users-by-sub --local', 'npm run admin -- migrate report-rows-index --local']) {
        const r = await run(command);
        expect({ command, code: r.code, output: r.code === 0 ? '' : r.output }).toEqual({ command, code: 0, output: '' });
      }
      // Before the docs' catalogue (whose first report is on Sigma, not configured here) replaces the built-in one.
      const smoke = await run('npm run smoke -- --local');
      expect(smoke.output).toMatch(/smoke: all steps passed/);
      expect(smoke.code).toBe(0);
      for (const command of RAN_WITH_STACK) {
        const r = await run(command);
        expect({ command, code: r.code, output: r.code === 0 ? '' : r.output }).toEqual({ command, code: 0, output: '' });
      }
    } finally {
      for (const f of written) rmSync(path.join(ROOT, f), { force: true });
    }
  });
});

describe('commands that end, run exactly as written', () => {
  const env = cleanEnv();

  // With TEST_CHANGED_DRY_RUN it says what it would run and stops (jest inside jest would be the suite again).
  test('npm run test:changed compares with main and says what it runs', async () => {
    const r = await runShell('npm run test:changed', ROOT, { ...env, TEST_CHANGED_DRY_RUN: '1' }, 120_000);
    expect({ code: r.code, output: r.code === 0 ? '' : r.output }).toEqual({ code: 0, output: '' });
    expect(r.output).toMatch(/\d+ file\(s\) changed since main/);
  });

  test('npm run admin -- totp-code prints a 6-digit code', async () => {
    const r = await runShell('npm run admin -- totp-code', ROOT, env, 120_000);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/\b\d{6}\b/);
  });

  test.each(['npm run cost -- --stage prod --write-docs', 'npm run cost -- --stage prod --capacity --write-docs'])('%s writes what docs/operating.md already holds', async (command) => {
    const file = path.join(ROOT, 'docs', 'operating.md');
    const before = readFileSync(file, 'utf8');
    try {
      const r = await runShell(command, ROOT, env, 300_000);
      expect(r.code).toBe(0);
      expect(r.output).toContain('docs/operating.md: ');
      expect(readFileSync(file, 'utf8')).toBe(before);
    } finally {
      writeFileSync(file, before);
    }
  });

  test('npm run docs -- --write writes what the generated docs already hold', async () => {
    const files = ['docs/api.md', 'docs/architecture.md', 'docs/data-model.md'].map((f) => path.join(ROOT, f));
    const before = files.map((f) => readFileSync(f, 'utf8'));
    try {
      const r = await runShell('npm run docs -- --write', ROOT, env, 300_000);
      expect(r.code).toBe(0);
      expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(before);
    } finally {
      files.forEach((f, i) => writeFileSync(f, before[i]!));
    }
  });

  // synth:all bundles every function in one esbuild run (infra/function-code.ts): under a minute on a 2-core machine.
  test.each(['npm run build', 'npm run synth:all', 'npm run lint', 'npm run typecheck'])('%s ends with 0', async (command) => {
    const r = await runShell(command, ROOT, env, 2_400_000);
    expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, output: '' });
  });

  test("synth:all's functions: each asset is its bundle alone; each map is beside the templates, its sources found from there", () => {
    const out = path.join(ROOT, 'cdk.out', 'all-stages');
    type Manifest = { files?: Record<string, { source: { path: string } }> };
    const assets = readdirSync(out).filter((f) => f.endsWith('.assets.json')).flatMap((f) => Object.values((JSON.parse(readFileSync(path.join(out, f), 'utf8')) as Manifest).files ?? {}));
    const bundles = [...new Set(assets.map((a) => a.source.path))].filter((d) => existsSync(path.join(out, d, 'index.mjs')));
    // One bundle per handler file: no two functions' code alike, none missing.
    expect(bundles).toHaveLength(handlerNames(ROOT).length);
    expect(bundles.filter((d) => readdirSync(path.join(out, d)).join() !== 'index.mjs')).toEqual([]);
    const unresolved = handlerNames(ROOT).filter((h) => {
      const map = JSON.parse(readFileSync(path.join(sourceMapDir(ROOT, h), 'index.mjs.map'), 'utf8')) as { sources: string[] };
      return !map.sources.length || !map.sources.every((s) => existsSync(path.resolve(sourceMapDir(ROOT, h), s)));
    });
    expect(unresolved).toEqual([]);
    // The one run's folder is gone once the synthesis has copied each bundle.
    expect(readdirSync(path.join(ROOT, 'cdk.out')).filter((d) => d.startsWith('.functions-'))).toEqual([]);
  });
});
