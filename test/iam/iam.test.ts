/**
 * IAM as AWS enforces it. The local stack enforces no IAM, so the other tests pass whatever the
 * roles hold; this one takes every AWS call the functions made while those tests ran (recorded by
 * ./support/record.ts) and evaluates each, for every stage of cdk.json, against the policies the
 * function will have on AWS: its role's, and the bucket's, secret's, table's or key's own. It runs
 * after the other tests (test/run.js runs it as a stage of its own), on what they recorded.
 *
 * Both directions: a call the policies would deny fails, naming the function, the action, the
 * resource and why; a grant no recorded call used is listed, and fails unless the row says why it
 * is kept (`kept` below); every function must have run, and every function with grants must have
 * made a call, so a route whose tests never ran cannot pass silently.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routes, scheduled, mailFeedback } from '../../lambdas/routes.js';
import { ROOT } from '../../infra/function-construct.js';
import { COGNITO_PUBLIC } from './support/record.js';
import { stages } from '../infra/support/synth.js';
import { checkStage, explainDenial, readRecords, requestsFor } from './support/check.js';
import { declared, HEARD, unusedRowGrants, unusedStatements, type Unused } from './support/grants.js';
import { iamOf, type FunctionIam } from './support/stage.js';

const records = readRecords();
/** A stage's synth (no bundling) and a few thousand simulations. */
const SYNTH_AND_SIMULATE_MS = 300_000;
const stageNames = Object.keys(stages);

/**
 * Grants no recorded call uses, kept on purpose, each with its reason (`<handler> <grant>` as the
 * report prints it). A grant here that is used after all fails too, so the list stays true.
 */
const kept: Record<string, string> = {
  // The compensations of the two-system writes (signup's AdminDeleteUser, the upload's object
  // delete) are exercised by test/integration/half-written.test.ts.
  'alerts/evaluate tables.reportRows: read':
    "a drift baseline from the rolled days, for a unit whose first 30 days the roll-up holds: the local simulator's units report since long before the roll-up's 92 days, so no pass meets one; the same BatchGetItem of the unit-days items is recorded from telemetry/get-insight, and test/unit/alerts/evaluate-signals.test.ts makes it",
};

/** A function whose role is granted something of the services the recorder hears (not only logs and traces). */
const hasGrants = (fn: FunctionIam) =>
  fn.policies.some((p) => p.policy.Statement.some((st) => st.Effect === 'Allow' && [st.Action].flat().some((a) => HEARD.test(String(a)))));

describe('the recorded AWS calls', () => {
  it('are there: the integration tests ran before this check and recorded their functions\' calls', () => {
    expect(records.calls.length).toBeGreaterThan(100);
  });

  it.each(stageNames)('were made by functions that all ran, and each function of %s with grants made at least one call', (name) => {
    const stage = iamOf(name);
    const notRun = [...stage.functions.keys()].filter((fn) => !records.invocations.has(fn)).sort();
    expect(notRun).toEqual([]);
    const silent = [...stage.functions.values()].filter((fn) => hasGrants(fn) && !records.calls.some((c) => c.fn === fn.handler)).map((fn) => fn.handler);
    expect(silent).toEqual([]);
  }, SYNTH_AND_SIMULATE_MS);

  it('were each made by a function some stage has', () => {
    const all = new Set(stageNames.flatMap((name) => [...iamOf(name).functions.keys()]));
    expect([...new Set(records.calls.map((c) => c.fn))].filter((fn) => !all.has(fn))).toEqual([]);
  }, SYNTH_AND_SIMULATE_MS);
});

describe.each(stageNames)('IAM of stage %s', (name) => {
  it('allows every call the functions made, by their role and the resource\'s own policy', async () => {
    const stage = iamOf(name);
    const { denials, checked, notApplicable } = await checkStage(stage, records.calls);
    console.log(`${name}: ${checked} requests evaluated${notApplicable.length ? `; not applicable here: ${notApplicable.join('; ')}` : ''}`);
    expect(denials.map(explainDenial)).toEqual([]);
  }, SYNTH_AND_SIMULATE_MS);
});

describe('grants no recorded call used', () => {
  it('are listed, and each one left is explained', () => {
    const stage = iamOf('prod');
    const unused: Unused[] = [];
    for (const g of declared.values()) unused.push(...unusedRowGrants(g, records.calls));
    for (const [fn, iam] of stage.functions) {
      if (declared.has(fn)) continue;
      const requests = records.calls
        .filter((c) => c.fn === fn && !c.public)
        .flatMap((c) => {
          const made = requestsFor(c, stage, iam);
          return 'none' in made ? [] : made;
        });
      unused.push(...unusedStatements(iam, requests));
    }
    const line = (u: Unused) => `${u.fn} ${u.grant}`;
    console.log(
      `Grants no recorded call used (${unused.length}):\n` +
        (unused.map((u) => `  ${line(u)}: ${u.why}${kept[line(u)] ? ` (kept: ${kept[line(u)]})` : ''}`).join('\n') || '  none'),
    );
    expect(unused.filter((u) => !kept[line(u)]).map((u) => `${line(u)}: ${u.why}`)).toEqual([]);
    expect(Object.keys(kept).filter((k) => !unused.some((u) => line(u) === k))).toEqual([]);
  }, SYNTH_AND_SIMULATE_MS);

  it('are read from every row of the route table and the jobs', () => {
    expect(declared.size).toBe(new Set([...routes, ...scheduled, mailFeedback].map((r) => r.handler)).size);
  });
});

describe('the check\'s own footing', () => {
  const sdkDoc = (op: string) => {
    const file = path.join(ROOT, 'node_modules', '@aws-sdk', 'client-cognito-identity-provider', 'dist-types', 'commands', `${op}Command.d.ts`);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
  const NOT_EVALUATED = "Amazon Cognito doesn't evaluate Identity and Access Management (IAM) policies in requests for this API operation";

  it('takes as needing no grant exactly the Cognito operations the API reference says IAM is not evaluated for', () => {
    for (const op of COGNITO_PUBLIC) {
      const doc = sdkDoc(op);
      if (doc !== undefined) expect([op, doc.includes(NOT_EVALUATED)]).toEqual([op, true]);
    }
    const called = new Set(records.calls.filter((c) => c.action.startsWith('cognito-idp:')).map((c) => c.action.slice('cognito-idp:'.length)));
    for (const op of called) expect([op, sdkDoc(op)!.includes(NOT_EVALUATED)]).toEqual([op, COGNITO_PUBLIC.has(op)]);
  });

  it('keeps the simulator (AGPL-3.0) out of everything that ships: no import of it outside test/', () => {
    // git grep answers 1 when nothing matches, 0 with the files that do.
    const r = spawnSync('git', ['grep', '-l', '@cloud-copilot', '--', 'lambdas', 'infra', 'web', 'bin'], { cwd: ROOT, encoding: 'utf8' });
    expect([r.status, r.stdout.trim()]).toEqual([1, '']);
  });
});
