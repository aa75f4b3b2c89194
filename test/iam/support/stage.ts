/**
 * A stage's synthesised stacks as IAM will see them once deployed: every CloudFormation value
 * resolved to the name or ARN the resource will have (tables, the bucket and the functions by the
 * names the stacks fix; generated ids such as the user pool's and the secrets' suffix by stand-ins
 * that are the same wherever they are read), each function's role with its policies, and the
 * resource policies of the bucket, the secrets, the tables and the KMS keys.
 */
import { Stack } from 'aws-cdk-lib';
import { documentsBucket } from '../../../lambdas/shared/resources/definitions.js';
import { logicalId, synth, type Synth } from '../../infra/support/synth.js';

type Resource = { Type: string; Properties?: Record<string, unknown>; Condition?: string };
interface Template {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
  Conditions?: Record<string, unknown>;
}
interface Part {
  name: string;
  template: Template;
}

export interface Policy {
  Version?: string;
  Statement: Record<string, unknown>[];
}

export interface FunctionIam {
  handler: string;
  /** The function's logical id and stack, for messages. */
  where: string;
  roleArn: string;
  /** The role's policies: each attached AWS::IAM::Policy and inline policy, by its logical id or name. */
  policies: { name: string; policy: Policy }[];
  /** The function's environment as it will be on AWS. */
  env: Record<string, string>;
}

export interface StageIam {
  stage: string;
  region: string;
  account: string;
  functions: Map<string, FunctionIam>;
  /** Resource policies by the ARN of what they protect (a bucket's under its own ARN, a key's under the key's ARN). */
  resourcePolicies: Map<string, Policy>;
  /** KMS keys that encrypt a resource, by the resource's ARN. */
  encryptedBy: Map<string, string>;
  /**
   * The names every function's environment carries, as any function of the stage has them, and
   * the user pool's id: for functions that are not told them (the Cognito triggers get the pool
   * from the event), the resources are the stage's all the same.
   */
  shared: Record<string, string>;
  mail?: { sesIdentity: string; sesRegion: string };
  scannedPrefixes: string[];
}

export const STANDIN_ACCOUNT = '111122223333';

/** Resolves CloudFormation values of one stage's stacks to the strings they will be. */
export class Resolver {
  private readonly byName = new Map<string, Part>();
  constructor(
    private readonly parts: Part[],
    readonly region: string,
    readonly account: string,
  ) {
    for (const p of parts) this.byName.set(p.name, p);
  }

  private resource(part: Part, id: string): Resource {
    const r = part.template.Resources[id];
    if (!r) throw new Error(`${part.name}: no resource ${id}`);
    return r;
  }

  private nameOf(part: Part, id: string, r: Resource): string {
    const p = r.Properties ?? {};
    const given = p.TableName ?? p.BucketName ?? p.FunctionName ?? p.RoleName ?? p.Name ?? p.TopicName ?? p.AliasName;
    return given !== undefined ? String(this.value(part, given)) : `${part.name}-${id}`;
  }

  private arn(service: string, resource: string, region = this.region) {
    return `arn:aws:${service}:${region}:${this.account}:${resource}`;
  }

  ref(part: Part, id: string): string {
    const pseudo: Record<string, string> = {
      'AWS::Region': this.region,
      'AWS::AccountId': this.account,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': part.name,
      'AWS::NoValue': '',
    };
    if (id in pseudo) return pseudo[id]!;
    const r = this.resource(part, id);
    const name = this.nameOf(part, id, r);
    switch (r.Type) {
      case 'AWS::SecretsManager::Secret':
        // Secrets Manager adds six random characters to the name in the ARN.
        return this.arn('secretsmanager', `secret:${name}-Ab12Cd`);
      case 'AWS::Cognito::UserPool':
        return `${this.region}_${id.slice(0, 9)}`;
      case 'AWS::SNS::Topic':
        return this.arn('sns', name);
      case 'AWS::KMS::Key':
        return `key-${id}`;
      case 'AWS::Lambda::Alias':
        return `${this.getAtt(part, String((r.Properties!.FunctionName as { Ref?: string }).Ref ?? ''), 'Arn')}:${name}`;
      default:
        return name;
    }
  }

  getAtt(part: Part, id: string, attr: string): string {
    const r = this.resource(part, id);
    const name = this.nameOf(part, id, r);
    if (attr !== 'Arn' && !attr.endsWith('Arn')) return `${id}.${attr}`;
    switch (r.Type) {
      case 'AWS::DynamoDB::Table':
      case 'AWS::DynamoDB::GlobalTable':
        return this.arn('dynamodb', `table/${name}`);
      case 'AWS::S3::Bucket':
        return `arn:aws:s3:::${name}`;
      case 'AWS::Cognito::UserPool':
        return this.arn('cognito-idp', `userpool/${this.ref(part, id)}`);
      case 'AWS::Lambda::Function':
        return this.arn('lambda', `function:${name}`);
      case 'AWS::IAM::Role':
        return `arn:aws:iam::${this.account}:role/${name}`;
      case 'AWS::KMS::Key':
        return this.arn('kms', `key/${this.ref(part, id)}`);
      case 'AWS::SNS::Topic':
      case 'AWS::SecretsManager::Secret':
        return this.ref(part, id);
      default:
        return this.arn(r.Type.split('::')[1]!.toLowerCase(), id);
    }
  }

  private condition(part: Part, name: string): boolean {
    const c = part.template.Conditions?.[name];
    return Boolean(this.value(part, c));
  }

  /** A template value of `part` as the string (or list, object) it will be. */
  value(part: Part, v: unknown): unknown {
    if (Array.isArray(v)) return v.map((x) => this.value(part, x));
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1) {
      const [k] = keys as [string];
      const a = o[k];
      switch (k) {
        case 'Ref':
          return this.ref(part, a as string);
        case 'Fn::GetAtt': {
          const [id, attr] = Array.isArray(a) ? (a as [string, string]) : (String(a).split('.') as [string, string]);
          return this.getAtt(part, id, attr);
        }
        case 'Fn::Join': {
          const [sep, items] = a as [string, unknown[]];
          return (this.value(part, items) as unknown[]).join(sep);
        }
        case 'Fn::Sub': {
          const [text, vars] = (Array.isArray(a) ? a : [a, {}]) as [string, Record<string, unknown>];
          return text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
            if (name in vars) return String(this.value(part, vars[name]));
            const [id, attr] = name.split('.') as [string, string | undefined];
            return attr ? this.getAtt(part, id, attr) : this.ref(part, id);
          });
        }
        case 'Fn::Select': {
          const [i, list] = a as [unknown, unknown];
          return (this.value(part, list) as unknown[])[Number(this.value(part, i))];
        }
        case 'Fn::Split': {
          const [sep, text] = a as [string, unknown];
          return String(this.value(part, text)).split(sep);
        }
        case 'Fn::GetStackOutput': {
          const { StackName, OutputName } = a as { StackName: string; OutputName: string };
          const from = this.byName.get(String(this.value(part, StackName)));
          if (!from) throw new Error(`Fn::GetStackOutput of a stack not in the stage: ${StackName}`);
          const out = from.template.Outputs?.[OutputName];
          if (!out) throw new Error(`${from.name} has no output ${OutputName}`);
          return this.value(from, out.Value);
        }
        case 'Fn::ImportValue': {
          const name = this.value(part, a);
          for (const p of this.parts) {
            for (const out of Object.values(p.template.Outputs ?? {})) {
              if (out.Export && this.value(p, out.Export.Name) === name) return this.value(p, out.Value);
            }
          }
          throw new Error(`no export named ${String(name)} in the stage`);
        }
        case 'Fn::If': {
          const [cond, yes, no] = a as [string, unknown, unknown];
          return this.value(part, this.condition(part, cond) ? yes : no);
        }
        case 'Fn::Equals': {
          const [x, y] = this.value(part, a) as [unknown, unknown];
          return JSON.stringify(x) === JSON.stringify(y);
        }
        case 'Fn::Not':
          return !(this.value(part, (a as unknown[])[0]) as boolean);
        case 'Fn::And':
          return (this.value(part, a) as boolean[]).every(Boolean);
        case 'Fn::Or':
          return (this.value(part, a) as boolean[]).some(Boolean);
        case 'Condition':
          return this.condition(part, a as string);
      }
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, this.value(part, x)]));
  }
}

const refTo = (v: unknown): string | undefined => {
  const o = v as { Ref?: string; 'Fn::GetAtt'?: [string, string] } | undefined;
  return o?.Ref ?? o?.['Fn::GetAtt']?.[0];
};

/** The IAM view of a synthesised stage (see `synth` of test/infra/support). */
export function stageIam(s: Synth): StageIam {
  const stacks: { stack: Stack; template: { toJSON(): unknown } }[] = [
    { stack: s.stack, template: s.template },
    s.jobs,
    s.watch,
    ...Object.values(s.areas),
    ...(s.edge ? [s.edge] : []),
    ...(s.edgeWatch ? [s.edgeWatch] : []),
  ];
  const parts: Part[] = stacks.map((x) => ({ name: x.stack.stackName, template: x.template.toJSON() as Template }));
  const region = s.stage.region ?? 'eu-west-1';
  const account = s.stage.account ?? STANDIN_ACCOUNT;
  const r = new Resolver(parts, region, account);
  const partOf = (stack: Stack) => parts.find((p) => p.name === stack.stackName)!;

  const functions = new Map<string, FunctionIam>();
  for (const [handler, { pf, at }] of s.functions) {
    const part = partOf(at.stack);
    const id = logicalId(at, pf.fn);
    const fn = part.template.Resources[id]!;
    const roleId = refTo(fn.Properties!.Role);
    if (!roleId) throw new Error(`${handler}: its function's role is not in its stack`);
    const role = part.template.Resources[roleId]!;
    const policies: FunctionIam['policies'] = [];
    for (const [pid, p] of Object.entries(part.template.Resources)) {
      if (p.Type !== 'AWS::IAM::Policy' && p.Type !== 'AWS::IAM::ManagedPolicy') continue;
      if (!((p.Properties!.Roles as unknown[] | undefined) ?? []).some((x) => refTo(x) === roleId)) continue;
      policies.push({ name: pid, policy: r.value(part, p.Properties!.PolicyDocument) as Policy });
    }
    for (const inline of (role.Properties!.Policies as { PolicyName: string; PolicyDocument: unknown }[] | undefined) ?? []) {
      policies.push({ name: `${roleId}/${inline.PolicyName}`, policy: r.value(part, inline.PolicyDocument) as Policy });
    }
    const variables = (fn.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    functions.set(handler, {
      handler,
      where: `${part.name}/${id}`,
      roleArn: r.getAtt(part, roleId, 'Arn'),
      policies,
      env: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, String(r.value(part, v))])),
    });
  }

  const resourcePolicies = new Map<string, Policy>();
  const encryptedBy = new Map<string, string>();
  for (const part of parts) {
    for (const [id, res] of Object.entries(part.template.Resources)) {
      const p = res.Properties ?? {};
      switch (res.Type) {
        case 'AWS::S3::BucketPolicy':
          resourcePolicies.set(`arn:aws:s3:::${String(r.value(part, p.Bucket))}`, r.value(part, p.PolicyDocument) as Policy);
          break;
        case 'AWS::SecretsManager::ResourcePolicy':
          resourcePolicies.set(String(r.value(part, p.SecretId)), r.value(part, p.ResourcePolicy) as Policy);
          break;
        case 'AWS::KMS::Key':
          resourcePolicies.set(r.getAtt(part, id, 'Arn'), r.value(part, p.KeyPolicy) as Policy);
          break;
        case 'AWS::DynamoDB::Table':
        case 'AWS::DynamoDB::GlobalTable': {
          const arn = r.getAtt(part, id, 'Arn');
          const policy = (p.ResourcePolicy as { PolicyDocument?: unknown } | undefined)?.PolicyDocument;
          if (policy) resourcePolicies.set(arn, r.value(part, policy) as Policy);
          const key = (p.SSESpecification as { KMSMasterKeyId?: unknown } | undefined)?.KMSMasterKeyId;
          if (key) encryptedBy.set(arn, keyArn(r, part, key));
          break;
        }
        case 'AWS::S3::Bucket': {
          const rules = (p.BucketEncryption as { ServerSideEncryptionConfiguration?: { ServerSideEncryptionByDefault?: { KMSMasterKeyID?: unknown } }[] } | undefined)
            ?.ServerSideEncryptionConfiguration ?? [];
          const key = rules.find((x) => x.ServerSideEncryptionByDefault?.KMSMasterKeyID)?.ServerSideEncryptionByDefault?.KMSMasterKeyID;
          if (key) encryptedBy.set(r.getAtt(part, id, 'Arn'), keyArn(r, part, key));
          break;
        }
        case 'AWS::SecretsManager::Secret':
          if (p.KmsKeyId) encryptedBy.set(r.ref(part, id), keyArn(r, part, p.KmsKeyId));
          break;
      }
    }
  }
  const shared: Record<string, string> = {};
  for (const fn of functions.values()) for (const [k, v] of Object.entries(fn.env)) shared[k] ??= v;
  const main = parts[0]!;
  const pools = Object.entries(main.template.Resources).filter(([, x]) => x.Type === 'AWS::Cognito::UserPool');
  if (pools.length !== 1) throw new Error(`${main.name}: ${pools.length} user pools, expected one`);
  shared.USER_POOL_ID = r.ref(main, pools[0]![0]);
  const mail = s.stage.mail ? { sesIdentity: s.stage.mail.sesIdentity, sesRegion: s.stage.mail.sesRegion ?? region } : undefined;

  return {
    stage: s.stage.name,
    region,
    account,
    functions,
    resourcePolicies,
    encryptedBy,
    shared,
    ...(mail ? { mail } : {}),
    scannedPrefixes: s.stage.malwareScan ? [...documentsBucket.scannedPrefixes] : [],
  };
}

function keyArn(r: Resolver, part: Part, key: unknown): string {
  const v = String(r.value(part, key));
  return v.startsWith('arn:') ? v : `arn:aws:kms:${r.region}:${r.account}:key/${v}`;
}

const cache = new Map<string, StageIam>();
/** The IAM view of a stage of cdk.json, synthesised once per test file. */
export function iamOf(stage: string): StageIam {
  let found = cache.get(stage);
  if (!found) cache.set(stage, (found = stageIam(synth(stage))));
  return found;
}
