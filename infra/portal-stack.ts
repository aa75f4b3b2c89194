/**
 * One environment of the portal: data, documents, secrets, web (CloudFront), auth (Cognito) and
 * the API, wired with the stage's settings. Named `Portal-<stage>`.
 */
import { Aws, CfnOutput, DefaultStackSynthesizer, Lazy, Stack, Tags, Token, Validations, type CfnResource, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { AlertingConstruct } from './alerting-construct.js';
import { ApiConstruct } from './api-construct.js';
import { AuthConstruct } from './auth-construct.js';
import { removalPolicyOf, type Stage } from './config.js';
import { DataConstruct } from './data-construct.js';
import { EDGE_REGION, EdgeResources } from './edge-stack.js';
import { EventsConstruct } from './events-construct.js';
import { Rollout } from './function-construct.js';
import { SecretsConstruct } from './secrets-construct.js';
import { StorageConstruct, documentsBucketName } from './storage-construct.js';
import { tables, type TableName } from '../lambdas/shared/resources/tables.js';
import { UserPoolWebAcl } from './waf.js';
import { WebConstruct } from './web-construct.js';

export const stackName = (stage: Pick<Stage, 'name'>) => `Portal-${stage.name}`;

/** The settings every API function reads, beside its own secret ids. */
export function functionEnvironment(
  stage: Stage,
  refs: {
    tableNames: Record<TableName, string>;
    documentsBucket: string;
    userPoolId: string;
    userPoolClientId: string;
    publicUrl: string;
    originVerify: string;
    /** The stage's SES configuration set (auth-construct.ts mailConfigurationSetOf), where there is one. */
    mailConfigurationSet?: string;
  },
) {
  const env: Record<string, string> = {
    ORIGIN_VERIFY: refs.originVerify,
    DOCUMENTS_BUCKET: refs.documentsBucket,
    USER_POOL_ID: refs.userPoolId,
    USER_POOL_CLIENT_ID: refs.userPoolClientId,
    PUBLIC_URL: refs.publicUrl,
    STAFF_DOMAINS: stage.staffDomains.join(','),
    EXCLUDED_CUSTOMER_DOMAINS: stage.excludedCustomerDomains.join(','),
    PRODUCT_NAME: stage.productName,
    CONTACT_URL: stage.contactUrl,
    PROVIDER_TIME_ZONE: stage.timeZone,
    LOG_LEVEL: stage.logLevel,
    MFA_FOR_CUSTOMERS: String(stage.mfaForCustomers),
    MALWARE_SCAN: String(stage.malwareScan),
    SIGMA_SESSION_SECONDS: String(stage.sigma.sessionSeconds),
    SIGMA_TEAMS: stage.sigma.teams.join(','),
    SIGMA_CUSTOMER_ATTRIBUTE: stage.sigma.customerAttribute,
    SIGMA_PROPERTY_ATTRIBUTE: stage.sigma.propertyAttribute,
    EMBED_TOKEN_TTL: String(stage.embedTokenSeconds),
    TELEMETRY_MAX_PAGES: String(stage.telemetry.maxPages),
    TELEMETRY_TIMEOUT_MS: String(stage.telemetry.timeoutMs),
  };
  if (stage.sigma.clientId) env.SIGMA_CLIENT_ID = stage.sigma.clientId;
  if (stage.sigma.accountType) env.SIGMA_ACCOUNT_TYPE = stage.sigma.accountType;
  if (stage.telemetry.baseUrl) env.TELEMETRY_BASE_URL = stage.telemetry.baseUrl;
  // The portal's own mail (service requests): from the stage's SES sender, to its dispatch mailbox.
  if (stage.mail) {
    env.MAIL_FROM = stage.mail.fromName ? `${stage.mail.fromName} <${stage.mail.from}>` : stage.mail.from;
    if (stage.mail.replyTo) env.MAIL_REPLY_TO = stage.mail.replyTo;
    if (stage.mail.sesRegion) env.SES_REGION = stage.mail.sesRegion;
    // Every mail through the configuration set: its reputation metrics, and its bounce and
    // complaint events to the jobs stack's mail-feedback function (suppressing the address).
    if (refs.mailConfigurationSet) env.MAIL_CONFIGURATION_SET = refs.mailConfigurationSet;
  }
  if (stage.dispatch?.email) env.DISPATCH_EMAIL = stage.dispatch.email;
  if (stage.dispatch?.phone) env.DISPATCH_PHONE = stage.dispatch.phone;
  for (const name of Object.keys(tables) as TableName[]) env[tables[name].env] = refs.tableNames[name];
  return env;
}

/**
 * The settings of a function in another stack of the stage (areas, jobs): the tables and the
 * documents bucket by the names the portal stack fixes, the rest read from the portal stack.
 */
export function siblingEnvironment(stage: Stage, main: PortalStack, mailConfigurationSet: string | undefined) {
  return functionEnvironment(stage, {
    tableNames: Object.fromEntries((Object.keys(tables) as TableName[]).map((n) => [n, `portal-${stage.name}-${tables[n].id}`])) as Record<TableName, string>,
    documentsBucket: documentsBucketName(stage),
    userPoolId: main.auth.pool.userPoolId,
    userPoolClientId: main.auth.client.userPoolClientId,
    publicUrl: main.web.url,
    originVerify: main.secrets.originVerifyValue,
    mailConfigurationSet,
  });
}

export interface PortalStackProps extends StackProps {
  /** CloudFront's WAF and certificate from the stage's edge stack; unset: made here (the stack must be in us-east-1). */
  edge?: EdgeResources;
}

export class PortalStack extends Stack {
  readonly data: DataConstruct;
  readonly storage: StorageConstruct;
  readonly secrets: SecretsConstruct;
  readonly auth: AuthConstruct;
  readonly api: ApiConstruct;
  readonly web: WebConstruct;
  readonly edge: EdgeResources;
  readonly userPoolWaf: UserPoolWebAcl;
  /** The stage's page and ticket topics, named by every other stack's alarms. */
  readonly alerting: AlertingConstruct;
  /** A canary stage's CodeDeploy application and role (stage setting `canary`). */
  readonly rollout?: Rollout;
  /** The stage's EventBridge bus (quote decisions). */
  readonly events: EventsConstruct;

  constructor(scope: Construct, stage: Stage, props: PortalStackProps = {}) {
    super(scope, stackName(stage), {
      description: `Customer portal, stage ${stage.name}`,
      ...props,
      env: { account: stage.account ?? props.env?.account, region: stage.region ?? props.env?.region },
    });
    Tags.of(this).add('portal:stage', stage.name);
    if (!props.edge && this.region !== EDGE_REGION) {
      throw new Error(`Portal-${stage.name} is in ${this.region}: CloudFront's WAF and certificate come from an edge stack in ${EDGE_REGION} (infra/app.ts)`);
    }
    this.edge = props.edge ?? new EdgeResources(this, 'Edge', { stage });

    this.data = new DataConstruct(this, 'Data', { stage });
    this.storage = new StorageConstruct(this, 'Storage', { stage });
    this.events = new EventsConstruct(this, 'Events', { stage });
    // The functions' PUBLIC_URL is the distribution's address, which is made after them: resolved
    // lazily at synth. No cycle: the distribution depends on the API resource, not its routes.
    const publicUrl = Lazy.string({ produce: () => this.web.url });

    this.alerting = new AlertingConstruct(this, 'Alerting', { stage });
    if (stage.canary) this.rollout = new Rollout(this, 'Rollout', { stage });
    const { tables: t } = this.data;
    this.auth = new AuthConstruct(this, 'Auth', { stage, users: t.users, publicUrl, rollout: this.rollout, ticketTopic: this.alerting.ticket });
    this.secrets = new SecretsConstruct(this, 'Secrets', { stage, serverClient: this.auth.serverClient });
    this.api = new ApiConstruct(this, 'Api', {
      stage,
      pool: this.auth.pool,
      client: this.auth.client,
      serverClient: this.auth.serverClient,
      retiringClients: [this.auth.retiringServerClient],
      originVerify: { current: this.secrets.originVerifyValue, previous: this.secrets.originVerifyPrevious },
      rollout: this.rollout,
      ticketTopic: this.alerting.ticket,
    });
    this.web = new WebConstruct(this, 'Web', {
      stage,
      api: this.api.api,
      logs: this.storage.logs,
      documentsBucketName: documentsBucketName(stage),
      webAclArn: this.edge.webAcl.acl.attrArn,
      certificate: this.edge.certificate,
      originVerify: this.secrets.originVerifyValue,
      runtimeConfig: {
        userPoolId: this.auth.pool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        region: Aws.REGION,
        productName: stage.productName,
        contactUrl: stage.contactUrl,
        staffDomains: stage.staffDomains,
        excludedCustomerDomains: stage.excludedCustomerDomains,
        signInFlow: 'USER_SRP_AUTH',
      },
    });
    // A new origin secret reaches the API's origin authorizer (its `live` alias, after any canary)
    // before CloudFront starts sending it.
    this.web.distribution.node.addDependency(this.api.originAuthorizerFunction.alias);
    this.storage.allowOrigin(...this.web.origins);
    this.userPoolWaf = new UserPoolWebAcl(this, 'SignInWaf', { stage, userPoolArn: this.auth.pool.userPoolArn });

    const out = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    out('PortalUrl', this.web.url, stage.domain ? 'The portal (custom domain on CloudFront)' : 'The portal (CloudFront)');
    out('DistributionDomain', this.web.distribution.distributionDomainName, 'CloudFront address of the portal');
    out('ApiUrl', this.api.stage.url, 'The HTTP API, also reachable as <PortalUrl>/api');
    out('UserPoolId', this.auth.pool.userPoolId, 'Cognito user pool');
    out('UserPoolClientId', this.auth.client.userPoolClientId, 'Cognito app client of the web app');
    out('Region', Aws.REGION, 'Region of the stack');
    out('DocumentsBucket', this.storage.documents.bucketName, 'Documents bucket');
    out('EventBusName', this.events.bus.eventBusName, 'EventBridge bus of portal.quote.decided events');
    for (const name of Object.keys(t) as TableName[]) out(tableOutputId(name), t[name].tableName, `DynamoDB table ${tables[name].id}`);
    this.acknowledgeLibraryProviders(stage);
  }

  /**
   * aws-cdk-lib's own provider functions (web file deployment, emptying buckets on destroy) come
   * with the managed basic-execution policy, the runtime their library version pins and the
   * wildcards their job needs. They run only during deployments.
   */
  private acknowledgeLibraryProviders(stage: Stage) {
    const providers = this.node.children.filter((c) => /^Custom::(CDKBucketDeployment|S3AutoDeleteObjects)/.test(c.node.id));
    for (const p of providers) {
      // The provider's own log group (aws-cdk-lib makes it with two years' retention, retained):
      // the stage's retention and removal policy, like every other log group.
      for (const c of p.node.findAll()) {
        if (!(c instanceof logs.CfnLogGroup)) continue;
        c.retentionInDays = stage.logRetentionDays;
        c.applyRemovalPolicy(removalPolicyOf(stage));
      }
      const deployment = p.node.id.startsWith('Custom::CDKBucketDeployment');
      const why = deployment ? 'CDK BucketDeployment provider copying the web build into the site bucket at deploy time' : 'CDK provider emptying a bucket when a destroy-policy stage is deleted';
      Validations.of(p).acknowledge(
        { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: `${why}; it runs only during deployments.` },
        { id: 'AwsSolutions-L1', reason: `${why}; its runtime is the one aws-cdk-lib pins.` },
      );
      if (!deployment) {
        autoDeleteLogs(stage, p);
        continue;
      }
      const site = this.resolve((this.web.bucket.node.defaultChild as CfnResource).logicalId) as string;
      const known = (v: string, pseudo: string) => (Token.isUnresolved(v) ? `<AWS::${pseudo}>` : v);
      const assets = `arn:${known(this.partition, 'Partition')}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${known(this.account, 'AccountId')}-${known(this.region, 'Region')}/*`;
      const wildcards = ['Action::s3:GetObject*', 'Action::s3:GetBucket*', 'Action::s3:List*', 'Action::s3:DeleteObject*', 'Action::s3:Abort*', 'Resource::*'];
      for (const id of [...wildcards, `Resource::<${site}.Arn>/*`, `Resource::${assets}`]) {
        Validations.of(p).acknowledge({ id: `AwsSolutions-IAM5[${id}]`, reason: `${why}: the library's grants on the asset and site buckets (read assets, write and prune site files, invalidate the distribution).` });
      }
    }
  }
}

/**
 * The bucket-emptying provider's function (a destroy stage's) has no log group in aws-cdk-lib, so
 * Lambda would make `/aws/lambda/<name>` at its first run, kept forever: it gets one of its own,
 * with the stage's retention, made before it and deleted after it (so after the buckets it empties).
 */
function autoDeleteLogs(stage: Stage, provider: Construct) {
  const handler = provider.node.tryFindChild('Handler') as CfnResource | undefined;
  if (!handler) throw new Error(`${provider.node.path}: aws-cdk-lib's provider has no Handler any more; give its function a log group again`);
  const group = new logs.CfnLogGroup(provider, 'Logs', { retentionInDays: stage.logRetentionDays });
  group.applyRemovalPolicy(removalPolicyOf(stage));
  handler.addPropertyOverride('LoggingConfig', { LogGroup: group.ref });
}

/** `reportRows` → `ReportRowsTable`: the output naming each table. */
export const tableOutputId = (name: TableName) => `${name.charAt(0).toUpperCase()}${name.slice(1)}Table`;
