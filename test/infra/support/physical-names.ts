/**
 * The physical names a stage's templates give their resources, resolved offline as far as they
 * can be: an explicit name (AlarmName, FunctionName, TableName, ...) is the resource's identity in
 * its account (and region, for a regional service), so a second stack creating the same name fails
 * "already exists" instead of sharing it. Used by the AWS-limits test layer.
 */

export interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
export interface NamedTemplate {
  /** The stack's name and region (its account is the stage's). */
  stack: string;
  region: string;
  resources: Record<string, Resource>;
  outputs: Record<string, { Value: unknown }>;
}

/**
 * Where a name must be unique: `region` (per account and region), `account` (IAM, CloudFront and
 * dashboards: one namespace for every region of the account) or `partition` (S3 buckets: every
 * account). `within`: the property whose value scopes the name further (a schedule in its group, a
 * rule on its bus, a deployment group in its application), with its default when unset.
 */
interface Identity {
  name: string;
  scope: 'region' | 'account' | 'partition';
  /** Types that share one namespace (an alarm and a composite alarm cannot share a name). */
  namespace?: string;
  within?: { prop: string; default: string }[];
}
const region = (name: string, extra: Partial<Identity> = {}): Identity => ({ name, scope: 'region', ...extra });
const account = (name: string, extra: Partial<Identity> = {}): Identity => ({ name, scope: 'account', ...extra });

/** Each resource type whose name is its identity, and the property carrying it. */
export const IDENTITIES: Record<string, Identity> = {
  'AWS::CloudWatch::Alarm': region('AlarmName', { namespace: 'cloudwatch alarm' }),
  'AWS::CloudWatch::CompositeAlarm': region('AlarmName', { namespace: 'cloudwatch alarm' }),
  'AWS::CloudWatch::Dashboard': account('DashboardName'),
  'AWS::Lambda::Function': region('FunctionName'),
  'AWS::IAM::Role': account('RoleName'),
  'AWS::IAM::ManagedPolicy': account('ManagedPolicyName'),
  'AWS::IAM::User': account('UserName'),
  'AWS::IAM::Group': account('GroupName'),
  'AWS::IAM::InstanceProfile': account('InstanceProfileName'),
  'AWS::IAM::OIDCProvider': account('Url'),
  'AWS::DynamoDB::Table': region('TableName', { namespace: 'dynamodb table' }),
  'AWS::DynamoDB::GlobalTable': region('TableName', { namespace: 'dynamodb table' }),
  'AWS::SNS::Topic': region('TopicName'),
  'AWS::SQS::Queue': region('QueueName'),
  'AWS::Scheduler::Schedule': region('Name', { within: [{ prop: 'GroupName', default: 'default' }] }),
  'AWS::Scheduler::ScheduleGroup': region('Name'),
  'AWS::Events::Rule': region('Name', { within: [{ prop: 'EventBusName', default: 'default' }] }),
  'AWS::Events::EventBus': region('Name'),
  'AWS::Events::Archive': region('ArchiveName'),
  'AWS::Events::Connection': region('Name'),
  'AWS::Events::ApiDestination': region('Name'),
  'AWS::SSM::Parameter': region('Name'),
  'AWS::SecretsManager::Secret': region('Name'),
  'AWS::Logs::LogGroup': region('LogGroupName'),
  'AWS::CodeDeploy::Application': region('ApplicationName'),
  'AWS::CodeDeploy::DeploymentGroup': region('DeploymentGroupName', { within: [{ prop: 'ApplicationName', default: '' }] }),
  'AWS::CodeDeploy::DeploymentConfig': region('DeploymentConfigName'),
  'AWS::S3::Bucket': { name: 'BucketName', scope: 'partition' },
  'AWS::WAFv2::WebACL': region('Name', { within: [{ prop: 'Scope', default: '' }] }),
  'AWS::WAFv2::IPSet': region('Name', { within: [{ prop: 'Scope', default: '' }] }),
  'AWS::WAFv2::RegexPatternSet': region('Name', { within: [{ prop: 'Scope', default: '' }] }),
  'AWS::WAFv2::RuleGroup': region('Name', { within: [{ prop: 'Scope', default: '' }] }),
  'AWS::CloudFront::Function': account('Name'),
  'AWS::SES::ConfigurationSet': region('Name'),
  'AWS::KMS::Alias': region('AliasName'),
  'AWS::Cognito::UserPoolDomain': region('Domain'),
  'AWS::Route53::RecordSet': account('Name', { within: [{ prop: 'HostedZoneId', default: '' }, { prop: 'Type', default: '' }] }),
};

/**
 * Types with a property named like a name that is not their identity: a display name, a name AWS
 * lets several resources share (pools, clients, APIs), a name scoped to its parent (an inline
 * policy, a stage of one API, a pool's group), or a reference to another resource by its name.
 */
export const NOT_IDENTITIES = new Set([
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::ApiGatewayV2::Stage',
  'AWS::CertificateManager::Certificate',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolGroup',
  'AWS::Events::EventBusPolicy',
  'AWS::IAM::Policy',
  'AWS::Lambda::Alias',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Lambda::Permission',
  'AWS::Lambda::Version',
  'AWS::SES::ConfigurationSetEventDestination',
]);

/** A property that reads like a name: a resource type that has one must be classified above. */
const NAME_LIKE = /(^Name|Name)$|^Domain$/;

/** Types of which `Ref` returns the explicit name (so another name built on it can be resolved). */
const REF_IS_NAME: Record<string, string> = {
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::Events::EventBus': 'Name',
  'AWS::CodeDeploy::Application': 'ApplicationName',
  'AWS::CodeDeploy::DeploymentConfig': 'DeploymentConfigName',
  'AWS::SES::ConfigurationSet': 'Name',
};

/** What stays of the account id: equal in every stage that may share the account, as the real id would be. */
export const ACCOUNT_ID = '${AWS::AccountId}';

/**
 * The value a name will have once deployed, with what cannot be known offline kept as a marker that
 * equals only itself: a generated name (a `Ref` to a resource with no explicit name) is unique by
 * construction, marked by its stack and logical id.
 */
export function resolveName(v: unknown, t: NamedTemplate, all: NamedTemplate[]): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (!v || typeof v !== 'object') return `<unresolved ${JSON.stringify(v)}>`;
  const o = v as Record<string, unknown>;
  const pseudo = (p: string): string | undefined =>
    ({ 'AWS::AccountId': ACCOUNT_ID, 'AWS::Region': t.region, 'AWS::Partition': 'aws', 'AWS::URLSuffix': 'amazonaws.com', 'AWS::StackName': t.stack })[p];
  const ref = (id: string): string => {
    const known = pseudo(id);
    if (known !== undefined) return known;
    const r = t.resources[id];
    const nameProp = r && REF_IS_NAME[r.Type];
    const name = nameProp && r.Properties?.[nameProp];
    return name !== undefined ? resolveName(name, t, all) : `<generated ${t.stack}/${id}>`;
  };
  if (typeof o.Ref === 'string') return ref(o.Ref);
  if ('Fn::Join' in o) {
    const [sep, parts] = o['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => resolveName(p, t, all)).join(sep);
  }
  if ('Fn::Sub' in o) {
    const [text, vars] = Array.isArray(o['Fn::Sub']) ? (o['Fn::Sub'] as [string, Record<string, unknown>]) : [o['Fn::Sub'] as string, {}];
    return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => (name in vars ? resolveName(vars[name], t, all) : name.includes('.') ? `<generated ${t.stack}/${name}>` : ref(name)));
  }
  if ('Fn::GetStackOutput' in o) {
    const { StackName, OutputName } = o['Fn::GetStackOutput'] as { StackName: string; OutputName: string };
    const from = all.find((x) => x.stack === StackName);
    const out = from?.outputs[OutputName];
    return out ? resolveName(out.Value, from!, all) : `<unresolved output ${StackName}.${OutputName}>`;
  }
  if ('Fn::GetAtt' in o) return `<generated ${t.stack}/${(o['Fn::GetAtt'] as string[]).join('.')}>`;
  return `<unresolved ${JSON.stringify(v)}>`;
}

export interface PhysicalName {
  stage: string;
  stack: string;
  id: string;
  type: string;
  /** What must differ: scope (region, account or partition), namespace, qualifiers and name. */
  key: string;
  name: string;
}

/** Every explicit physical name of a stage's templates; throws on a type with a name-like property that is in neither list. */
export function physicalNames(stage: string, templates: NamedTemplate[]): PhysicalName[] {
  const names: PhysicalName[] = [];
  const unclassified = new Set<string>();
  for (const t of templates) {
    for (const [id, r] of Object.entries(t.resources)) {
      const props = r.Properties ?? {};
      const identity = IDENTITIES[r.Type];
      if (!identity) {
        const named = Object.keys(props).filter((k) => NAME_LIKE.test(k));
        if (named.length && !NOT_IDENTITIES.has(r.Type) && !r.Type.startsWith('Custom::')) unclassified.add(`${r.Type} (${named.join(', ')})`);
        continue;
      }
      if (props[identity.name] === undefined) continue;
      const name = resolveName(props[identity.name], t, templates);
      const where = identity.scope === 'region' ? t.region : identity.scope;
      const within = (identity.within ?? []).map((w) => (props[w.prop] === undefined ? w.default : resolveName(props[w.prop], t, templates)));
      const key = [where, identity.namespace ?? r.Type, ...within, name].join(' | ');
      names.push({ stage, stack: t.stack, id, type: r.Type, key, name });
    }
  }
  if (unclassified.size) {
    throw new Error(`Resource types with a name-like property that test/infra/support/physical-names.ts does not classify: ${[...unclassified].join('; ')}. Add each to IDENTITIES (with where its name must be unique) or to NOT_IDENTITIES.`);
  }
  return names;
}

/** Names given twice, each with where it is: `<key>: <stage>/<stack>/<logical id>, ...`. */
export function duplicates(names: PhysicalName[]): string[] {
  const byKey = new Map<string, PhysicalName[]>();
  for (const n of names) byKey.set(n.key, [...(byKey.get(n.key) ?? []), n]);
  return [...byKey]
    .filter(([, xs]) => xs.length > 1)
    .map(([key, xs]) => `${key}: ${xs.map((x) => `${x.stage}/${x.stack}/${x.id}`).join(', ')}`);
}

/**
 * Whether two stages may deploy into one account: the same pinned account, or either with none
 * pinned (`accountFromCredentials`: wherever the credentials point, which may be the other's).
 */
export const mayShareAccount = (a: { account?: string }, b: { account?: string }) => a.account === undefined || b.account === undefined || a.account === b.account;
