/**
 * The capacity model (infra/capacity.ts): every quota with its AWS page, demands that grow as the
 * users do, the multiple at which each binds agreeing with its demand, the first to bind being the
 * one the figures say, and docs/operating.md's capacity block being what the model prints for `prod`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { COST_DOC, stageCapacityTable, stageSettings } from '../../bin/cost.js';
import { bindsAt, capacity, CAPACITY_MARKERS, checks, FACTORS, peak, READ, renderCapacityTable, sources, type CapacityStage } from '../../infra/capacity.js';
import { costBlockOf, replaceCostBlock, scale, usage, type Usage } from '../../infra/cost.js';
import { publicHandlers } from '../../infra/public-routes.js';

const prod = stageSettings('prod');
const stage: CapacityStage = { name: 'test', throttle: { rateLimit: 100, burstLimit: 200 }, warmFunctions: { 'reports/get-reports': 2 }, publicRouteConcurrency: 10, mfaForCustomers: false };
const withUsage = (u: Usage, k: keyof Usage, value: number): Usage => ({ ...u, [k]: { ...u[k], value } });

describe('quotas and their sources', () => {
  test('every check names an AWS documentation page, the date it was read and what it says', () => {
    const all = checks(prod);
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const c of all) {
      expect(c.source.url).toMatch(/^https:\/\/docs\.aws\.amazon\.com\/\S+\.html$/);
      expect(c.source.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.source.note.length).toBeGreaterThan(20);
      expect(c.limit).toBeGreaterThan(0);
      expect(c.change.length).toBeGreaterThan(0);
    }
    for (const x of Object.values(sources)) expect(x.read).toBe(READ);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  test('covers what the brief of the issue names: Lambda, Cognito by category, DynamoDB partitions, API Gateway, SES, Secrets Manager', () => {
    const ids = checks(prod).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['lambda-concurrency', 'lambda-scaling', 'cognito-auth', 'cognito-read', 'cognito-create', 'ddb-bytime-write', 'ddb-bytime-read', 'api-account', 'api-route', 'ses-sandbox', 'ses-rate', 'ses-daily', 'secrets']));
  });

  test("limits the stage sets are read from the stage's settings", () => {
    const byId = new Map(checks(stage).map((c) => [c.id, c]));
    expect(byId.get('api-route')!.limit).toBe(100);
    expect(byId.get('login-reserved')!.limit).toBe(10);
    expect(checks({ ...stage, throttle: { rateLimit: 300, burstLimit: 600 } }).find((c) => c.id === 'api-route')!.limit).toBe(300);
    // No reserved concurrency (dev): the sign-in function may use what the account leaves unreserved.
    expect(checks({ ...stage, publicRouteConcurrency: undefined }).find((c) => c.id === 'login-reserved')!.limit).toBe(900);
  });
});

describe('demand', () => {
  test('doubling the users doubles what grows with them; what the stage holds stays', () => {
    for (const c of checks(prod)) {
      const fixed = c.demand(scale(usage, 0));
      const one = c.demand(usage) - fixed;
      expect(c.demand(scale(usage, 2)) - fixed).toBeCloseTo(2 * one, 9);
      expect(c.demand(scale(usage, 100)) - fixed).toBeCloseTo(100 * one, 6);
      expect(one).toBeGreaterThan(0);
    }
    // Only Lambda's account concurrency holds a part that does not grow: the provisioned and reserved instances.
    const held = checks(stage).filter((c) => c.demand(scale(usage, 0)) > 0).map((c) => c.id);
    expect(held).toEqual(['lambda-concurrency']);
    const concurrency = checks(stage).find((c) => c.id === 'lambda-concurrency')!;
    // 2 provisioned, and 10 reserved for each public route's function.
    const publicCount = [...publicHandlers].length;
    expect(concurrency.demand(scale(usage, 0))).toBe(2 + 10 * publicCount);
    // A public route's provisioned instances are inside its reserved concurrency, not counted twice.
    const warmLogin = checks({ ...stage, warmFunctions: { 'reports/get-reports': 2, 'accounts/login': 15 } }).find((c) => c.id === 'lambda-concurrency')!;
    expect(warmLogin.demand(scale(usage, 0))).toBe(2 + 10 * (publicCount - 1) + 15);
  });

  test('API demand follows the stated calls a day, token demand the users, at the peak ratio', () => {
    const api = (u: Usage) => checks(prod).find((c) => c.id === 'api-account')!.demand(u);
    const mean = usage.apiCallsPerDay.value / (peak.busyHoursPerDay.value * 3600);
    expect(api(usage)).toBeCloseTo(mean * peak.peakToAverage.value, 9);
    expect(api(withUsage(usage, 'apiCallsPerDay', 2 * usage.apiCallsPerDay.value))).toBeCloseTo(2 * api(usage), 9);
    const auth = (u: Usage) => checks(prod).find((c) => c.id === 'cognito-auth')!.demand(u);
    expect(auth(withUsage(usage, 'users', 3 * usage.users.value))).toBeCloseTo(3 * auth(usage), 9);
    expect(auth(withUsage(usage, 'apiCallsPerDay', 1))).toBe(auth(usage));
  });
});

describe('where it binds', () => {
  const c = capacity(prod);

  test('the multiple a check binds at is where its demand meets its limit', () => {
    for (const r of c.rows) {
      if (!Number.isFinite(r.bindsAt) || r.bindsAt === 0) continue;
      expect(r.check.demand(scale(usage, r.bindsAt))).toBeCloseTo(r.check.limit, 6);
      expect(r.check.demand(scale(usage, r.bindsAt * 0.99))).toBeLessThan(r.check.limit);
    }
    FACTORS.forEach((f, i) => {
      for (const r of c.rows) expect(r.headroom[i]! < 1).toBe(r.bindsAt < f);
    });
  });

  test('the first to bind is the smallest multiple of all checks but the preconditions: SES\'s sending rate, now that the jobs run several at a time', () => {
    const inUse = c.rows.filter((r) => !r.check.precondition);
    expect(c.first.bindsAt).toBe(Math.min(...inUse.map((r) => r.bindsAt)));
    expect(c.first.check.id).toBe('ses-rate');
    // At 100× it is over its limit by the most of all.
    expect(c.first.headroom[2]).toBe(Math.min(...inUse.map((r) => r.headroom[2]!)));
    // Binding within 100×: the scheduled jobs (mail, energy reads, roll-up, alerts) and SES's production quotas; no DynamoDB partition, no Cognito category.
    const within = inUse.filter((r) => r.bindsAt <= 100).map((r) => r.check.id).sort();
    expect(within).toEqual(['alerts-pass', 'rollup-run', 'ses-daily', 'ses-rate', 'weekly-energy', 'weekly-run']);
    expect(c.rows.find((r) => r.check.id === 'ses-sandbox')!.bindsAt).toBeLessThan(1);
  });

  test('a faster mail job or a slower one moves its line; a stage throttle set low binds before the jobs', () => {
    const quick = capacity(prod, usage, { ...peak, mailMs: { ...peak.mailMs, value: peak.mailMs.value / 2 } });
    const run = (x: typeof c) => x.rows.find((r) => r.check.id === 'weekly-run')!.bindsAt;
    expect(run(quick)).toBeCloseTo(2 * run(c), 9);
    const tight = capacity({ ...prod, throttle: { rateLimit: 0.1, burstLimit: 1 } });
    expect(tight.first.check.id).toBe('api-route');
  });

  test("the weekly job counts its energy line's telemetry and roll-up reads: its mails get the rest of the run; the roll-up has its own line", () => {
    const byId = new Map(checks(prod).map((x) => [x.id, x]));
    const units = usage.monitoredUnits.value;
    expect(byId.get('weekly-energy')!.demand(usage)).toBe(units);
    expect(byId.get('weekly-energy')!.limit).toBe(120_000 / peak.weeklyEnergyUnitMs.value);
    expect(byId.get('weekly-run')!.limit).toBe(((300_000 - 120_000) / peak.mailMs.value) * 4);
    expect(byId.get('rollup-run')!.demand(scale(usage, 10))).toBe(10 * units);
    const slow = capacity(prod, usage, { ...peak, rollUpUnitDayMs: { ...peak.rollUpUnitDayMs, value: 2 * peak.rollUpUnitDayMs.value } });
    const roll = (x: typeof c) => x.rows.find((r) => r.check.id === 'rollup-run')!.bindsAt;
    expect(roll(slow)).toBeCloseTo(roll(c) / 2, 9);
  });

  test('bindsAt: 0 when what the stage holds is already over the limit, never when nothing grows', () => {
    const held = { ...checks(stage).find((x) => x.id === 'lambda-concurrency')!, limit: 1 };
    expect(bindsAt(held, usage)).toBe(0);
    const flat = { ...held, limit: 10, demand: () => 5 };
    expect(bindsAt(flat, usage)).toBe(Infinity);
  });
});

describe('docs block', () => {
  test('renders every check once, with its source, and round-trips through the capacity markers', () => {
    const block = renderCapacityTable(stage);
    expect(renderCapacityTable(stage)).toBe(block);
    for (const ch of checks(stage)) {
      expect(block).toContain(`| ${ch.id} |`);
      expect(block).toContain(ch.source.url);
    }
    const readme = `# x\n<!-- cost:start -->\ncost\n<!-- cost:end -->\n${CAPACITY_MARKERS.start}\nold\n${CAPACITY_MARKERS.end}\nafter\n`;
    const next = replaceCostBlock(readme, block, CAPACITY_MARKERS);
    expect(costBlockOf(next, CAPACITY_MARKERS)).toBe(block);
    expect(costBlockOf(next)).toBe('cost');
    expect(() => replaceCostBlock('# none', block, CAPACITY_MARKERS)).toThrow(/capacity:start/);
  });

  test("docs/operating.md's capacity block is what the model prints for the committed prod stage", () => {
    const inReadme = costBlockOf(readFileSync(COST_DOC, 'utf8'), CAPACITY_MARKERS);
    expect(inReadme).not.toBeNull();
    if (inReadme !== stageCapacityTable('prod')) {
      throw new Error("docs/operating.md's capacity block is out of date: run `npm run cost -- --stage prod --capacity --write-docs`");
    }
    expect(inReadme).toContain(`**First to bind: ${capacity(prod).first.check.service}`);
  });

  test("the docs' command `npm run cost -- --stage prod --capacity`, run as written, prints the docs' block", () => {
    const out = execFileSync('npm', ['run', 'cost', '--', '--stage', 'prod', '--capacity'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 60_000 });
    expect(out).toContain(costBlockOf(readFileSync(COST_DOC, 'utf8'), CAPACITY_MARKERS)!.trim());
  }, 90_000);
});
