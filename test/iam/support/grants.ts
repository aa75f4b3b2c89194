/**
 * The other direction of the IAM check: what each function is granted that none of its recorded
 * calls used. Grants are read where they are declared: a route row's (or a job's) tables, bucket
 * prefixes and actions, Cognito actions, secrets and mail (lambdas/routes.ts); for the functions
 * the constructs grant themselves (the Cognito triggers, the pre-traffic hook, the password-change
 * handler), each statement of the role's policies in the template.
 */
import { mailFeedback, routes, scheduled, type Route } from '../../../lambdas/routes.js';
import { bucketActions } from '../../../infra/api-construct.js';
import { tables, type TableName } from '../../../lambdas/shared/resources/tables.js';
import type { Recorded } from './record.js';
import type { FunctionIam } from './stage.js';

export interface Unused {
  fn: string;
  /** The grant as its declaration names it (`tables.documents: write`, `bucket uploads/: delete`, `cognito AdminGetUser`). */
  grant: string;
  why: string;
}

type Grants = Pick<Route, 'handler' | 'tables' | 'bucket' | 'cognito' | 'secrets' | 'mail' | 'events'>;
/** Every function whose grants a row declares, by handler. */
export const declared: Map<string, Grants> = new Map(
  [...routes, ...scheduled, mailFeedback as Grants].map((g) => [g.handler, g]),
);

const WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)$/;

/** A row's grants that no call of its function used. */
export function unusedRowGrants(g: Grants, calls: Recorded[]): Unused[] {
  const mine = calls.filter((c) => c.fn === g.handler);
  const out: Unused[] = [];
  for (const [name, access] of Object.entries(g.tables ?? {}) as [TableName, 'read' | 'write' | 'append'][]) {
    const on = mine.filter((c) => 'table' in c.target && c.target.table === name);
    if (on.length === 0) out.push({ fn: g.handler, grant: `tables.${name}: ${access}`, why: `no call on the ${tables[name].id} table` });
    else if (access === 'write' && !on.some((c) => WRITES.test(c.action))) out.push({ fn: g.handler, grant: `tables.${name}: write`, why: 'only reads were made (read would do)' });
    else if (access === 'append' && !on.some((c) => c.action === 'dynamodb:PutItem')) out.push({ fn: g.handler, grant: `tables.${name}: append`, why: 'no item was put (read would do)' });
  }
  for (const b of g.bucket ?? []) {
    for (const a of b.actions) {
      const used = mine.some((c) => c.action === bucketActions[a] && 'object' in c.target && c.target.object.startsWith(b.prefix));
      if (!used) out.push({ fn: g.handler, grant: `bucket ${b.prefix}: ${a}`, why: `no ${bucketActions[a]} under ${b.prefix}` });
    }
  }
  for (const a of g.cognito ?? []) {
    const call = mine.find((c) => c.action === `cognito-idp:${a}`);
    if (!call) out.push({ fn: g.handler, grant: `cognito ${a}`, why: 'never called' });
    else if (call.public) out.push({ fn: g.handler, grant: `cognito ${a}`, why: 'Cognito does not evaluate IAM policies for this operation' });
  }
  for (const s of g.secrets ?? []) {
    if (!mine.some((c) => 'secret' in c.target && c.target.secret === s)) out.push({ fn: g.handler, grant: `secrets ${s}`, why: 'never read' });
  }
  if (g.mail && !mine.some((c) => c.action === 'ses:SendEmail')) out.push({ fn: g.handler, grant: 'mail', why: 'no mail sent' });
  if (g.events && !mine.some((c) => c.action === 'events:PutEvents')) out.push({ fn: g.handler, grant: 'events', why: 'no event put' });
  return out;
}

/** An IAM pattern (`dynamodb:Get*`, `arn:...:table/x/index/*`) as a test of a string. */
const pattern = (p: string) => new RegExp(`^${p.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');

/** The services whose calls the recorder hears; statements of others (logs, X-Ray) are the platform's. */
export const HEARD = /^(dynamodb|s3|cognito-idp|secretsmanager|ses|events|lambda|codedeploy|kms):/;

/**
 * For a function the constructs grant: each Allow statement's actions (of the services heard) on
 * its resources that no recorded request used. `requests` are the function's recorded calls made
 * into requests on this stage (action and resource ARN).
 */
export function unusedStatements(fn: FunctionIam, requests: { action: string; resource: string }[]): Unused[] {
  const out: Unused[] = [];
  for (const p of fn.policies) {
    for (const st of p.policy.Statement) {
      if (st.Effect !== 'Allow') continue;
      const actions = ([] as string[]).concat(st.Action as string | string[]).filter((a) => HEARD.test(a));
      const resources = ([] as string[]).concat(st.Resource as string | string[]);
      for (const a of actions) {
        const used = requests.some((r) => pattern(a).test(r.action) && resources.some((res) => pattern(res).test(r.resource)));
        if (!used) out.push({ fn: fn.handler, grant: `${a} on ${resources.join(', ')}`, why: 'no recorded call used it' });
      }
    }
  }
  return out;
}
