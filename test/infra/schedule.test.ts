/**
 * The scheduled functions (lambdas/routes.ts `scheduled`): the equipment alerts' evaluation runs
 * every 5 minutes from an EventBridge rule on its `live` alias, with the grants of its row only.
 */
import { scheduled } from '../../lambdas/routes.js';
import { secretEnv } from '../../infra/secrets-construct.js';
import { tables, type TableName } from '../../infra/tables.js';
import { actionsOf, logicalId, ofType, refId, refsIn, roleStatements, synth, type Synth } from './support/synth.js';

const DYNAMO_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
let s: Synth;
beforeAll(() => {
  s = synth('prod');
});

describe('scheduled functions', () => {
  it('declares the equipment alerts evaluation every 5 minutes', () => {
    expect(scheduled.map((j) => [j.handler, j.everyMinutes])).toEqual([['alerts/evaluate', 5]]);
  });

  it('has an EventBridge rule per job, at its rate, invoking the live alias, with Lambda allowing events.amazonaws.com', () => {
    for (const job of scheduled) {
      const pf = s.stack.schedules.functions.get(job.handler)!;
      const alias = logicalId(s, pf.alias);
      const rules = ofType(s, 'AWS::Events::Rule').filter(([, r]) => refsIn(r.Properties!.Targets).has(alias));
      expect(rules).toHaveLength(1);
      expect(rules[0]![1].Properties!.ScheduleExpression).toBe(`rate(${job.everyMinutes} minutes)`);
      expect(rules[0]![1].Properties!.State ?? 'ENABLED').toBe('ENABLED');
      const permissions = ofType(s, 'AWS::Lambda::Permission').filter(([, p]) => refsIn(p.Properties!.FunctionName).has(alias));
      expect(permissions.map(([, p]) => p.Properties!.Principal)).toEqual(['events.amazonaws.com']);
      const fn = s.resources[logicalId(s, pf.fn)]!.Properties!;
      expect(fn.Timeout).toBe(job.timeoutSeconds);
      expect(fn.Architectures).toEqual(['arm64']);
    }
  });

  it("grants only the job row's tables (writing only where it says write) and secrets", () => {
    const ids = Object.fromEntries((Object.keys(tables) as TableName[]).map((n) => [logicalId(s, s.stack.data.tables[n]), n]));
    for (const job of scheduled) {
      const pf = s.stack.schedules.functions.get(job.handler)!;
      const role = refId(s.resources[logicalId(s, pf.fn)]!.Properties!.Role)!;
      const statements = roleStatements(s, role);
      const dynamo = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')));
      const named = new Set(dynamo.flatMap((st) => [...refsIn(st.Resource)].filter((id) => id in ids).map((id) => ids[id]!)));
      expect([...named].sort()).toEqual(Object.keys(job.tables ?? {}).sort());
      for (const name of named) {
        const id = logicalId(s, s.stack.data.tables[name]);
        const writes = dynamo.filter((st) => refsIn(st.Resource).has(id)).some((st) => actionsOf(st).some((a) => DYNAMO_WRITES.includes(a)));
        expect({ table: name, writes }).toEqual({ table: name, writes: job.tables![name] === 'write' });
      }
      for (const name of Object.keys(secretEnv) as (keyof typeof secretEnv)[]) {
        const secret = logicalId(s, s.stack.secrets.secrets[name]);
        const reads = statements.some((st) => refsIn(st.Resource).has(secret));
        expect({ secret: name, reads }).toEqual({ secret: name, reads: job.secrets?.includes(name) ?? false });
      }
      expect(statements.some((st) => actionsOf(st).some((a) => a.startsWith('s3:') || a.startsWith('cognito-idp:')))).toBe(false);
    }
  });

  it('has the table of alert states keyed by customer and device#rule', () => {
    const t = s.resources[logicalId(s, s.stack.data.tables.equipmentAlerts)]!.Properties!;
    expect(t.KeySchema).toEqual([
      { AttributeName: 'customerId', KeyType: 'HASH' },
      { AttributeName: 'key', KeyType: 'RANGE' },
    ]);
  });
});
