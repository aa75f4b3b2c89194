/**
 * The IAM check: each recorded call (./record.ts) made into the request AWS would authorise for a
 * stage (action, the resource's ARN with the stage's names, account and region, the request's
 * context) and evaluated offline by an IAM policy simulator (@cloud-copilot/iam-simulate, a
 * devDependency used by these tests only) against the function's role policies and the resource's
 * own policy (bucket, secret, table, KMS key), as AWS evaluates a same-account request: allowed
 * when a statement of either allows it and none denies it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import { tables } from '../../../lambdas/shared/resources/tables.js';
import { secretEnvNames } from '../../../lambdas/shared/platform/secrets.js';
import { documentsBucket } from '../../../lambdas/shared/resources/definitions.js';
import { RECORDS_DIR, type Recorded, type RecordFile } from './record.js';
import type { FunctionIam, Policy, StageIam } from './stage.js';

/** One request IAM authorises for a recorded call on a stage. */
export interface IamRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
  /** What the call was, for messages. */
  from: Recorded;
}

export interface Denial {
  fn: string;
  action: string;
  resource: string;
  why: string;
}

/** Reads every record file the tests wrote. */
export function readRecords(dir = RECORDS_DIR): { calls: Recorded[]; invocations: Map<string, number> } {
  const calls = new Map<string, Recorded>();
  const invocations = new Map<string, number>();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    files = [];
  }
  for (const f of files) {
    const file = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as RecordFile;
    for (const c of file.calls) calls.set(JSON.stringify(c), c);
    for (const [fn, n] of Object.entries(file.invocations)) invocations.set(fn, (invocations.get(fn) ?? 0) + n);
  }
  return { calls: [...calls.values()], invocations };
}

/**
 * The requests a recorded call makes on `stage`, or a reason it makes none there (a mail where the
 * stage sends none). A target the check cannot name is an error: the call went somewhere the
 * portal's resources are not.
 */
export function requestsFor(c: Recorded, stage: StageIam, fn: FunctionIam): IamRequest[] | { none: string } {
  const t = c.target;
  const arn = (service: string, resource: string, region = stage.region) => `arn:aws:${service}:${region}:${stage.account}:${resource}`;
  const one = (resource: string, context: IamRequest['context'] = {}): IamRequest[] => [{ action: c.action, resource, context, from: c }];
  const env = (name: string) => {
    const v = fn.env[name] ?? stage.shared[name];
    if (!v) throw new Error(`${c.fn} calls ${c.action} on ${JSON.stringify(t)}, but no function of ${stage.stage} is told ${name}`);
    return v;
  };
  if ('unknown' in t) throw new Error(`${c.fn} called ${c.action} on ${t.unknown}, which is none of the portal's resources`);
  if ('table' in t) {
    const table = arn('dynamodb', `table/${env(tables[t.table].env)}`);
    const context: IamRequest['context'] = {};
    if (t.attributes) context['dynamodb:Attributes'] = t.attributes;
    if (t.returnValues) context['dynamodb:ReturnValues'] = t.returnValues;
    return one(t.index ? `${table}/index/${t.index}` : table, context);
  }
  if ('object' in t) {
    const context: IamRequest['context'] = {};
    // Where scanning is on, the portal serves and reads back only objects the scan tagged clean
    // (lambdas/shared/domain/documents/scan.ts): that is the object S3 sees the request on.
    if ((c.action === 's3:GetObject' || c.action === 's3:GetObjectTagging') && stage.scannedPrefixes.some((p) => t.object.startsWith(p))) {
      context[`s3:ExistingObjectTag/${documentsBucket.malwareTag.key}`] = documentsBucket.malwareTag.clean;
    }
    return one(`arn:aws:s3:::${env('DOCUMENTS_BUCKET')}/${t.object}`, context);
  }
  if ('bucket' in t) return one(`arn:aws:s3:::${env('DOCUMENTS_BUCKET')}`, t.prefix !== undefined ? { 's3:prefix': t.prefix } : {});
  if ('pool' in t) return one(arn('cognito-idp', `userpool/${env('USER_POOL_ID')}`));
  if ('secret' in t) return one(env(secretEnvNames[t.secret]));
  if ('mail' in t) {
    if (!stage.mail) return { none: `${stage.stage} sends no mail through SES` };
    // SES authorises a send against the identity of the From address and the configuration set.
    const from = env('MAIL_FROM').replace(/^.*</, '').replace(/>.*$/, '');
    const identity = from === stage.mail.sesIdentity || from.endsWith(`@${stage.mail.sesIdentity}`) || from.endsWith(`.${stage.mail.sesIdentity}`) ? stage.mail.sesIdentity : from;
    const set = fn.env.MAIL_CONFIGURATION_SET;
    return [
      ...one(arn('ses', `identity/${identity}`, stage.mail.sesRegion)),
      ...(set ? one(arn('ses', `configuration-set/${set}`, stage.mail.sesRegion)) : []),
    ];
  }
  if ('bus' in t) return one(arn('events', `event-bus/${env('EVENT_BUS_NAME')}`));
  if ('function' in t) return one(t.function.startsWith('arn:') ? t.function : arn('lambda', `function:${t.function}${t.qualifier ? `:${t.qualifier}` : ''}`));
  if ('deploymentGroup' in t) return { none: 'the deployment group is named by CodeDeploy at run time (checked by the hook\'s template test)' };
  return { none: 'nothing to authorise' };
}

/** Implied calls: reading or writing what a customer-managed KMS key encrypts asks KMS too. */
function kmsRequests(r: IamRequest, stage: StageIam): IamRequest[] {
  const resourceArn = r.resource.startsWith('arn:aws:s3:::') ? r.resource.split('/')[0]! : r.resource.replace(/\/index\/.*$/, '');
  const key = stage.encryptedBy.get(resourceArn);
  if (!key) return [];
  const writes = /:(Put|Update|BatchWrite|Delete)/.test(r.action) || r.action === 's3:PutObject';
  return [{ action: writes ? 'kms:GenerateDataKey' : 'kms:Decrypt', resource: key, context: {}, from: r.from }];
}

/** The resource policy that applies to a request's resource, if any. */
function resourcePolicyOf(resource: string, stage: StageIam): Policy | undefined {
  if (resource.startsWith('arn:aws:s3:::')) return stage.resourcePolicies.get(resource.split('/')[0]!);
  return stage.resourcePolicies.get(resource.replace(/\/index\/.*$/, ''));
}

/** Evaluates one request as AWS would for the function's role; undefined when allowed. */
export async function evaluate(r: IamRequest, fn: FunctionIam, stage: StageIam): Promise<Denial | undefined> {
  const resourcePolicy = resourcePolicyOf(r.resource, stage);
  const sim: Simulation = {
    request: {
      principal: fn.roleArn,
      action: r.action,
      resource: { resource: r.resource, accountId: stage.account },
      contextVariables: {
        'aws:SecureTransport': 'true',
        'aws:PrincipalArn': fn.roleArn,
        'aws:PrincipalAccount': stage.account,
        'aws:RequestedRegion': stage.region,
        ...r.context,
      },
    },
    identityPolicies: fn.policies.map((p) => ({ name: p.name, policy: p.policy })),
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    ...(resourcePolicy ? { resourcePolicy } : {}),
  };
  const result = await runSimulation(sim, {});
  const base = { fn: fn.handler, action: r.action, resource: r.resource };
  if (result.resultType === 'error') return { ...base, why: `the simulator refused the request: ${JSON.stringify(result.errors)}` };
  if (result.overallResult === 'Allowed') return undefined;
  if (result.overallResult === 'ExplicitlyDenied') {
    const analysis = result.resultType === 'single' ? result.result.analysis : undefined;
    const denies = [
      ...(analysis?.identityAnalysis?.denyStatements ?? []).map((s) => `statement ${s.explain.identifier ?? ''} of the role's policies`),
      ...(analysis?.resourceAnalysis?.denyStatements ?? []).map((s) => `statement ${s.explain.identifier ?? ''} of the resource's policy`),
    ];
    return { ...base, why: `explicitly denied by ${denies.join(', ') || 'a Deny statement'}` };
  }
  return { ...base, why: `no statement of the role's policies (${fn.policies.map((p) => p.name).join(', ') || 'none'}) ${resourcePolicy ? 'or of the resource\'s policy ' : ''}allows it` };
}

/** Every recorded call of every function of the stage, evaluated; the denials and what was not applicable. */
export async function checkStage(stage: StageIam, calls: Recorded[]): Promise<{ denials: Denial[]; checked: number; notApplicable: string[] }> {
  const denials: Denial[] = [];
  const notApplicable = new Set<string>();
  let checked = 0;
  const seen = new Set<string>();
  for (const c of calls) {
    if (c.public) continue;
    const fn = stage.functions.get(c.fn);
    if (!fn) {
      // A function some stages have and others not (the mail feedback, where SES has a configuration set).
      notApplicable.add(`${c.fn}: ${stage.stage} has no such function`);
      continue;
    }
    const made = requestsFor(c, stage, fn);
    if ('none' in made) {
      notApplicable.add(`${c.fn} ${c.action}: ${made.none}`);
      continue;
    }
    for (const r of made.flatMap((x) => [x, ...kmsRequests(x, stage)])) {
      const key = `${c.fn} ${r.action} ${r.resource} ${JSON.stringify(r.context)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      checked += 1;
      const d = await evaluate(r, fn, stage);
      if (d && !denials.some((x) => x.fn === d.fn && x.action === d.action && x.resource === d.resource)) denials.push(d);
    }
  }
  return { denials, checked, notApplicable: [...notApplicable] };
}

export const explainDenial = (d: Denial) => `lambdas/${d.fn}.ts: ${d.action} on ${d.resource} would be denied: ${d.why}`;
