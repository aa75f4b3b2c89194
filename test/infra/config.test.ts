/**
 * Stage settings: the cdk.json examples are valid; a missing or bad setting stops synth naming it.
 *
 * @cdk-per-file this file's CDK app reads its context from this file's process.env (CDK_CONTEXT_JSON), so it loads aws-cdk-lib itself (test/support/worker-environment.js)
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { App } from 'aws-cdk-lib';
import { stageStacks } from '../../infra/app.js';
import { runCdkApp } from '../../infra/cdk-app.js';
import { loadStage } from '../../infra/config.js';
import { ROOT, SKIP_BUNDLING_CONTEXT } from '../../infra/function-construct.js';
import { cdkJson, stages } from './support/synth.js';

const withDev = (change: (dev: Record<string, unknown>) => void) => {
  const dev = structuredClone(stages.dev) as Record<string, unknown>;
  change(dev);
  return () => loadStage('dev', { ...stages, dev });
};
/** An app whose functions get an inline body: these tests read accounts and names, not bundles (function-bundling.test.ts builds those). */
const unbundled = () => new App({ context: { [SKIP_BUNDLING_CONTEXT]: true } });

class Exited extends Error {
  constructor(readonly code: number | string | null | undefined) {
    super(`process.exit(${code})`);
  }
}
/**
 * bin/portal.ts's run in this process: runCdkApp with the app's context as the CLI passes it
 * (CDK_CONTEXT_JSON), process.exit stopped where it is called; answers the lines written to stderr
 * and the exit code. A stage setting that is wrong stops it before any stack is made.
 */
function runPortalApp(context: Record<string, unknown>, env: { account?: string; region?: string } = {}) {
  const saved = process.env.CDK_CONTEXT_JSON;
  const lines: string[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Exited(code);
  });
  process.env.CDK_CONTEXT_JSON = JSON.stringify({ ...cdkJson.context, [SKIP_BUNDLING_CONTEXT]: true, ...context });
  try {
    runCdkApp((app) => {
      const stage = loadStage(app.node.tryGetContext('stage'), app.node.tryGetContext('stages'));
      stageStacks(app, stage, env);
    });
    return { lines, code: undefined };
  } catch (e) {
    if (!(e instanceof Exited)) throw e;
    return { lines, code: e.code };
  } finally {
    if (saved === undefined) delete process.env.CDK_CONTEXT_JSON;
    else process.env.CDK_CONTEXT_JSON = saved;
    error.mockRestore();
    exit.mockRestore();
  }
}
const devWith = (change: (dev: Record<string, unknown>) => void) => {
  const dev = structuredClone(stages.dev) as Record<string, unknown>;
  change(dev);
  return { stage: 'dev', stages: { ...stages, dev } };
};

describe('stage settings', () => {
  it('refuses a missing stage, listing the stages', () => {
    expect(() => loadStage(undefined, stages)).toThrow('Choose a stage with -c stage=<name>. Stages in cdk.json: dev, staging, prod');
  });

  it('refuses an unknown stage, listing the stages', () => {
    expect(() => loadStage('qa', stages)).toThrow('Unknown stage "qa". Stages in cdk.json: dev, staging, prod');
  });

  it('names a missing setting', () => {
    expect(withDev((d) => delete d.productName)).toThrow('stages.dev.productName: is missing');
  });

  it('names a missing nested setting', () => {
    expect(withDev((d) => delete (d.throttle as Record<string, unknown>).burstLimit)).toThrow('stages.dev.throttle.burstLimit: is missing');
  });

  it.each([
    ['contactUrl', (d: Record<string, unknown>) => (d.contactUrl = 'http://example.com'), 'must be an https:// URL'],
    ['staffDomains', (d: Record<string, unknown>) => (d.staffDomains = []), 'must list at least one domain'],
    ['staffDomains.0', (d: Record<string, unknown>) => (d.staffDomains = ['Example.COM']), 'must be a lower-case domain'],
    ['logRetentionDays', (d: Record<string, unknown>) => (d.logRetentionDays = 10), 'must be one of 1, 3, 5, 7, 14'],
    ['removalPolicy', (d: Record<string, unknown>) => (d.removalPolicy = 'keep'), ''],
    ['sigma.sessionSeconds', (d: Record<string, unknown>) => ((d.sigma as Record<string, unknown>).sessionSeconds = 40 * 86400), 'must be at most 30 days'],
    ['telemetry.baseUrl', (d: Record<string, unknown>) => ((d.telemetry as Record<string, unknown>).baseUrl = 'not a url'), 'must be an https:// URL'],
    ['account', (d: Record<string, unknown>) => (d.account = '1234'), 'must be a 12-digit AWS account id'],
  ])('names a bad %s', (name, change, message) => {
    expect(withDev(change)).toThrow(new RegExp(`stages\\.dev\\.${name.replace('.', '\\.')}: ${message}`));
  });

  it('needs threatProtection stated per stage, and takes mfaForCustomers as false when absent', () => {
    expect(withDev((d) => delete d.threatProtection)).toThrow('stages.dev.threatProtection: is missing');
    expect(withDev((d) => (d.threatProtection = 'yes'))).toThrow(/stages\.dev\.threatProtection: /);
    expect(withDev((d) => delete d.mfaForCustomers)().mfaForCustomers).toBe(false);
    expect(withDev((d) => (d.mfaForCustomers = true))().mfaForCustomers).toBe(true);
    expect(withDev((d) => (d.mfaForCustomers = 'true'))).toThrow(/stages\.dev\.mfaForCustomers: /);
  });

  it('pins staging and prod to an account; a stage without one must say it deploys where the credentials point', () => {
    expect(loadStage('staging', stages).account).toMatch(/^\d{12}$/);
    expect(loadStage('prod', stages).account).toMatch(/^\d{12}$/);
    expect(loadStage('dev', stages).account).toBeUndefined();
    expect(loadStage('dev', stages).accountFromCredentials).toBe(true);
    expect(withDev((d) => delete d.accountFromCredentials)).toThrow(/stages\.dev\.account: is required \(the stage is pinned to its account\)/);
  });

  it('refuses to build a pinned stage with credentials of another account, and builds it with its own or none (offline)', () => {
    const prod = loadStage('prod', stages);
    expect(() => stageStacks(new App(), prod, { account: '999999999999' })).toThrow(
      `Stage "prod" is pinned to account ${prod.account} (cdk.json), but the credentials in use are for account 999999999999.`,
    );
    expect(stageStacks(unbundled(), prod, { account: prod.account }).main.account).toBe(prod.account);
    expect(stageStacks(unbundled(), prod, {}).main.account).toBe(prod.account);
  });

  it('refuses an unknown setting (a typo would otherwise be ignored)', () => {
    expect(withDev((d) => (d.prodctName = 'x'))).toThrow(/prodctName/);
  });

  it('accepts every stage of cdk.json', () => {
    for (const name of Object.keys(stages)) expect(loadStage(name, stages).name).toBe(name);
  });

  it.each([
    ['no stage', {}, {}, 'Choose a stage with -c stage=<name>. Stages in cdk.json: dev, staging, prod'],
    ['an unknown stage', { stage: 'qa' }, {}, 'Unknown stage "qa". Stages in cdk.json: dev, staging, prod'],
    ['a missing setting', devWith((d) => delete d.productName), {}, 'stages.dev.productName: is missing'],
    ['a bad setting', devWith((d) => (d.contactUrl = 'http://example.com')), {}, 'stages.dev.contactUrl: must be an https:// URL'],
    ['an unknown setting', devWith((d) => (d.prodctName = 'x')), {}, 'prodctName'],
    ['credentials of another account', { stage: 'prod' }, { account: '999999999999' }, 'but the credentials in use are for account 999999999999.'],
    ['no region', devWith((d) => delete d.region), {}, 'Stage "dev" needs a region: set stages.dev.region in cdk.json'],
  ])('stops the CDK app (runCdkApp, as bin/portal.ts runs it) on %s with one line on stderr and exit code 1', (_what, context, env, message) => {
    const { lines, code } = runPortalApp(context, env);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(lines[0]).not.toMatch(/\n\s+at /);
  });

  it('stops the real CDK app (tsx bin/portal.ts) with the message and exit code 1', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'bin', 'portal.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', CDK_CONTEXT_JSON: JSON.stringify({ ...cdkJson.context, stage: 'qa' }), CDK_OUTDIR: path.join(os.tmpdir(), 'portal-config-test') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toContain('Unknown stage "qa". Stages in cdk.json: dev, staging, prod');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.status).toBe(1);
  });

  describe('notifications: the weekly summary\'s time', () => {
    const weekly = (w: unknown) => withDev((d) => (d.notifications = { weeklySummary: w }));

    it('is Monday 07:00 UTC unless set, in every example stage', () => {
      for (const name of Object.keys(stages)) expect(loadStage(name, stages).notifications.weeklySummary).toEqual({ day: 'MON', hour: 7, timeZone: 'UTC' });
      expect(weekly({ hour: 9 })().notifications.weeklySummary).toEqual({ day: 'MON', hour: 9, timeZone: 'UTC' });
    });

    it('takes a day, an hour and an IANA time zone', () => {
      expect(weekly({ day: 'SUN', hour: 0, timeZone: 'America/New_York' })().notifications.weeklySummary).toEqual({ day: 'SUN', hour: 0, timeZone: 'America/New_York' });
      expect(weekly({ day: 'FRI', hour: 23, timeZone: 'Europe/London' })().notifications.weeklySummary).toEqual({ day: 'FRI', hour: 23, timeZone: 'Europe/London' });
    });

    it.each([
      ['day', { day: 'Monday' }, 'must be one of MON, TUE, WED, THU, FRI, SAT, SUN'],
      ['hour', { hour: 24 }, 'must be an hour from 0 to 23'],
      ['hour', { hour: -1 }, 'must be an hour from 0 to 23'],
      ['hour', { hour: 7.5 }, 'must be a whole hour'],
      ['timeZone', { timeZone: 'Mars/Olympus_Mons' }, 'must be an IANA time zone name such as Europe/London or UTC'],
      ['timeZone', { timeZone: 'europe/london' }, 'must be an IANA time zone name'],
      ['timeZone', { timeZone: '+01:00' }, 'must be an IANA time zone name'],
    ])('names a bad %s', (name, value, message) => {
      expect(weekly(value)).toThrow(`stages.dev.notifications.weeklySummary.${name}: ${message}`);
    });

    it('refuses an unknown setting beside it', () => {
      expect(weekly({ minute: 30 })).toThrow(/stages\.dev\.notifications\.weeklySummary: /);
    });
  });

  describe("timeZone: the provider's zone, a property's when its import gives none", () => {
    it('is UTC unless set, and takes an IANA time zone', () => {
      for (const name of Object.keys(stages)) expect(loadStage(name, stages).timeZone).toBe('UTC');
      expect(withDev((d) => (d.timeZone = 'America/Chicago'))().timeZone).toBe('America/Chicago');
    });

    it.each(['Mars/Olympus_Mons', 'america/chicago', 'CST', '-06:00'])('names a bad zone: %s', (zone) => {
      expect(withDev((d) => (d.timeZone = zone))).toThrow('stages.dev.timeZone: must be an IANA time zone name such as America/Chicago or UTC');
    });
  });

  describe('mail, domain and WAF settings', () => {
    const mail = { sesIdentity: 'example.com', from: 'portal@example.com' };
    it.each([
      ['mail.from', (d: Record<string, unknown>) => (d.mail = { ...mail, from: 'portal@other.com' }), 'from must be the sesIdentity address, or an address in the sesIdentity domain'],
      ['mail.from', (d: Record<string, unknown>) => (d.mail = { sesIdentity: 'portal@example.com', from: 'other@example.com' }), 'from must be the sesIdentity address'],
      ['mail.sesIdentity', (d: Record<string, unknown>) => (d.mail = { ...mail, sesIdentity: 'not a domain' }), 'must be a verified SES domain'],
      ['mail.replyTo', (d: Record<string, unknown>) => (d.mail = { ...mail, replyTo: 'nobody' }), 'must be an e-mail address'],
      ['domain.name', (d: Record<string, unknown>) => (d.domain = { name: 'portal.example.org', hostedZoneId: 'Z0EXAMPLE', hostedZoneName: 'example.com' }), 'name must be in the hosted zone'],
      ['domain.hostedZoneId', (d: Record<string, unknown>) => (d.domain = { name: 'portal.example.com', hostedZoneId: 'example.com', hostedZoneName: 'example.com' }), 'must be a Route 53 hosted zone id'],
      ['waf.signInRateLimit', (d: Record<string, unknown>) => (d.waf = { signInRateLimit: 5 }), 'must be at least 10'],
    ])('names a bad %s', (name, change, message) => {
      expect(withDev(change)).toThrow(`stages.dev.${name}: ${message}`);
    });

    it('accepts a sender in a subdomain of the identity, and an address identity sending as itself', () => {
      expect(withDev((d) => (d.mail = { sesIdentity: 'example.com', from: 'portal@mail.example.com' }))().mail!.from).toBe('portal@mail.example.com');
      expect(withDev((d) => (d.mail = { sesIdentity: 'portal@example.com', from: 'portal@example.com' }))().mail!.sesIdentity).toBe('portal@example.com');
    });

    it('requires the WAF settings', () => {
      expect(withDev((d) => delete d.waf)).toThrow('stages.dev.waf: is missing');
    });
  });

  it('stops a stage with no region from its settings or the CLI, saying why it needs one', () => {
    const stage = withDev((d) => delete d.region)();
    expect(() => stageStacks(new App(), stage, {})).toThrow(
      'Stage "dev" needs a region: set stages.dev.region in cdk.json, or the CLI\'s default region (AWS_REGION or aws configure).',
    );
    // The CLI's default region serves when the stage names none.
    expect(stageStacks(new App({ context: { 'portal:skipBundling': true } }), stage, { region: 'us-east-1' }).all.map((s) => s.stackName)).toEqual(['Portal-dev', 'Portal-dev-accounts', 'Portal-dev-users', 'Portal-dev-documents', 'Portal-dev-reports', 'Portal-dev-operations', 'Portal-dev-jobs', 'Portal-dev-watch']);
  });
});
