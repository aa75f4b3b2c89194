/**
 * The HTTP API: one function per row of the route table (lambdas/routes.ts), the JWT authorizer on
 * the user pool for every route not marked public, stage throttling and access logs. Each
 * function's role gets exactly what its row lists: tables, bucket prefix and actions, Cognito
 * actions on the pool, secrets.
 */
import { type CfnResource, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { routes, type Route, type SecretName } from '../lambdas/routes.js';
import { mailConfigurationSetOf } from './auth-construct.js';
import { removalPolicyOf, type Stage } from './config.js';
import { serverClient } from './definitions.js';
import { PortalFunction, type Rollout } from './function-construct.js';
import { limitPublicRoutes } from './public-routes.js';
import { secretEnv } from './secrets-construct.js';
import { tables, type TableName } from './tables.js';

export interface ApiProps {
  stage: Stage;
  tables: Record<TableName, dynamodb.ITableV2>;
  documents: s3.IBucket;
  pool: cognito.IUserPool;
  /** The web app's client. */
  client: cognito.IUserPoolClient;
  /** The client of the server-side sign-in routes (infra/definitions.ts serverClient): its id reaches only their functions. */
  serverClient: cognito.IUserPoolClient;
  secrets: Record<SecretName, secretsmanager.ISecret>;
  /** Settings every function reads (table names, pool, stage settings, PUBLIC_URL). */
  environment: Record<string, string>;
  /** A canary stage's CodeDeploy application and role. */
  rollout?: Rollout;
}

/** `lambdas/users/get-property` → `UsersGetProperty`: a stable construct id per handler file. */
export const functionId = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const bucketActions = { read: 's3:GetObject', readTags: 's3:GetObjectTagging', write: 's3:PutObject', delete: 's3:DeleteObject' } as const;

export class ApiConstruct extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions = new Map<string, PortalFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stage } = props;
    this.api = new apigw.HttpApi(this, 'Http', {
      apiName: `portal-${stage.name}`,
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: stage.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(stage),
    });
    this.stage = this.api.addStage('Stage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: stage.throttle.rateLimit, burstLimit: stage.throttle.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: accessLogFormat(),
      },
    });
    limitPublicRoutes(this, stage);
    // Tokens of both clients: the web app's, and those the portal's login route answers.
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.pool, { userPoolClients: [props.client, props.serverClient] });

    for (const route of routes) {
      const fn = this.functionFor(route, props);
      // API Gateway sends `/path/` to the route `/path` (and refuses route keys ending in `/`),
      // so a `slash` row needs no second route.
      const added = this.api.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        // The `live` alias, never the function's $LATEST: a deploy (or its canary) moves the alias.
        integration: new HttpLambdaIntegration(`${functionId(route.handler)}Integration`, fn.alias),
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      if (route.access === 'public') {
        for (const r of added) {
          Validations.of(r).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: 'Public by the route table: sign-in, password reset and registration happen before there is a token; the report host checks its own embed token.',
          });
        }
      }
    }
  }

  private functionFor(route: Route, props: ApiProps): PortalFunction {
    const environment = { ...props.environment };
    for (const name of route.secrets ?? []) environment[secretEnv[name]] = props.secrets[name].secretArn;
    if ((serverClient.handlers as readonly string[]).includes(route.handler)) environment[serverClient.env] = props.serverClient.userPoolClientId;
    const pf = new PortalFunction(this, functionId(route.handler), {
      stage: props.stage,
      handler: route.handler,
      environment,
      memoryMb: route.memoryMb,
      timeoutSeconds: route.timeoutSeconds,
      description: `${route.method} ${route.path} (lambdas/${route.handler}.ts)`,
      rollout: props.rollout,
    });
    const fn = pf.fn;
    for (const [name, access] of Object.entries(route.tables ?? {}) as [TableName, 'read' | 'write'][]) {
      const table = props.tables[name];
      if (access === 'write') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
    }
    for (const grant of route.bucket ?? []) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: grant.actions.map((a) => bucketActions[a]),
          resources: [props.documents.arnForObjects(`${grant.prefix}*`)],
        }),
      );
    }
    if (route.cognito?.length) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: route.cognito.map((a) => `cognito-idp:${a}`), resources: [props.pool.userPoolArn] }),
      );
    }
    for (const name of route.secrets ?? []) props.secrets[name].grantRead(fn);
    if (route.mail) grantSendMail(pf, props.stage);
    acknowledgeScopedWildcards(pf, route, props);
    this.functions.set(route.handler, pf);
    return pf;
  }
}

/**
 * Mail only where the stage sends through SES (`mail`); without it the function sends none.
 * ses:SendEmail (SES API v2, lambdas/shared/mail.ts) on the stage's identity and, where the stage
 * has one in this region, on its configuration set (MAIL_CONFIGURATION_SET): SES authorises a send
 * against both.
 */
export function grantSendMail(pf: PortalFunction, stage: Stage) {
  const mail = stage.mail;
  if (!mail) return;
  const stack = Stack.of(pf);
  const sesRegion = mail.sesRegion ?? stack.region;
  const set = mailConfigurationSetOf(stage, stack.region);
  pf.fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        stack.formatArn({ service: 'ses', region: sesRegion, resource: 'identity', resourceName: mail.sesIdentity }),
        ...(set ? [stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: set })] : []),
      ],
    }),
  );
}

/** One JSON line per request, with HTTP API's own context variables (no tokens, no bodies). */
const accessLogFormat = () =>
  AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      time: '$context.requestTime',
      routeKey: '$context.routeKey',
      status: '$context.status',
      protocol: '$context.protocol',
      responseLength: '$context.responseLength',
      latency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
      authorizerError: '$context.authorizer.error',
    }),
  );

/**
 * The wildcards these grants carry are scoped: a table's own indexes (`<table>/index/*`, from
 * grantReadData) and the objects under the route's bucket prefix. Each is acknowledged by name.
 */
function acknowledgeScopedWildcards(pf: PortalFunction, route: Route, props: ApiProps) {
  const stack = Stack.of(pf);
  const logicalId = (c: Construct) => stack.resolve((c.node.defaultChild as CfnResource).logicalId) as string;
  for (const name of Object.keys(route.tables ?? {}) as TableName[]) {
    if (!('indexes' in tables[name])) continue;
    Validations.of(pf).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId(props.tables[name] as Construct & dynamodb.ITableV2)}.Arn>/index/*]`,
      reason: `Queries on the ${name} table's own secondary indexes (granted with the table).`,
    });
  }
  for (const grant of route.bucket ?? []) {
    Validations.of(pf).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId(props.documents as s3.IBucket & Construct)}.Arn>/${grant.prefix}*]`,
      reason: `Objects under ${grant.prefix} only: their keys are made by the portal per document.`,
    });
  }
}
