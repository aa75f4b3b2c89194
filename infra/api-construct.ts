/**
 * The HTTP API (portal stack: the API, its stage with throttling and access logs, the JWT
 * authorizer on the user pool) and an area's route functions (area stacks: one function per row of
 * the route table, lambdas/routes.ts, each route with the authorizer unless public). Each
 * function's role gets exactly what its row lists: tables, bucket prefix and actions, Cognito
 * actions on the pool, secrets.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { originAuthorizer, type Route, type SecretName } from '../lambdas/routes.js';
import { mailConfigurationSetOf } from './auth-construct.js';
import { ORIGIN_VERIFY_HEADER } from '../lambdas/shared/platform/http.js';
import { removalPolicyOf, type Stage } from './config.js';
import { serverClient } from '../lambdas/shared/resources/definitions.js';
import { PortalFunction, type RolloutTarget } from './function-construct.js';
import { limitPublicRoutes } from './public-routes.js';
import { eventBusName, eventSource } from './events-construct.js';
import { secretEnv } from './secrets-construct.js';
import { tables, type TableName } from '../lambdas/shared/resources/tables.js';

export interface ApiProps {
  stage: Stage;
  pool: cognito.IUserPool;
  /** The web app's client. */
  client: cognito.IUserPoolClient;
  /** The client of the server-side sign-in routes (lambdas/shared/resources/definitions.ts serverClient): its id reaches only their functions. */
  serverClient: cognito.IUserPoolClient;
  /** Clients kept for one release whose tokens the authorizer still takes (AuthConstruct.retiringServerClient). */
  retiringClients?: cognito.IUserPoolClient[];
  /** The origin secret CloudFront sends (SecretsConstruct originVerifyValue) and, after a rotation, the one it sent before. */
  originVerify: { current: string; previous?: string };
  /** A canary stage's CodeDeploy application and role (the origin authorizer's function). */
  rollout?: RolloutTarget;
  /** Where the origin authorizer's failures alarm files a ticket. */
  ticketTopic?: sns.ITopic;
}

/** The public routes' request authorizer's handler file (lambdas/routes.ts originAuthorizer). */
export const ORIGIN_AUTHORIZER = originAuthorizer.handler;
/** How long API Gateway keeps the origin authorizer's answer for one `x-origin-verify` value. */
export const ORIGIN_AUTHORIZER_CACHE_SECONDS = originAuthorizer.cacheSeconds;

/** `lambdas/users/get-property` → `UsersGetProperty`: a stable construct id per handler file. */
export const functionId = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** A route row's bucket actions as IAM names them (test/iam reads them too). */
export const bucketActions = { read: 's3:GetObject', readTags: 's3:GetObjectTagging', write: 's3:PutObject', delete: 's3:DeleteObject' } as const;

/**
 * The HTTP API itself, in the portal stack: the API, its `$default` stage (throttling, access logs),
 * the JWT authorizer on the user pool and the public routes' origin authorizer with its function. The routes, their integrations and functions are made
 * by the area stacks (infra/area-stack.ts) on this API, so that this stack keeps room.
 */
export class ApiConstruct extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly authorizer: apigw.HttpAuthorizer;
  /** What a route of another stack names as its authorizer: this one, by id. */
  readonly routeAuthorizer: apigw.IHttpRouteAuthorizer;
  /** The public routes' request authorizer (CloudFront's origin secret) and its function. */
  readonly originAuthorizer: apigw.HttpAuthorizer;
  readonly originAuthorizerFunction: PortalFunction;
  /** What a public route of another stack names as its authorizer: the origin authorizer, by id. */
  readonly publicRouteAuthorizer: apigw.IHttpRouteAuthorizer;

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
    // Tokens of both clients: the web app's, and those the portal's login route answers. Made
    // here, at the construct path an earlier release's first route made it (Api/Http/Cognito), so
    // that a stage deployed before the area stacks keeps its authorizer.
    this.authorizer = new apigw.HttpAuthorizer(this.api, 'Cognito', {
      httpApi: this.api,
      authorizerName: 'Cognito',
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtAudience: [props.client.userPoolClientId, props.serverClient.userPoolClientId, ...(props.retiringClients ?? []).map((c) => c.userPoolClientId)],
      jwtIssuer: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${props.pool.userPoolId}`,
    });
    const authorizerId = this.authorizer.authorizerId;
    this.routeAuthorizer = { bind: () => ({ authorizerId, authorizationType: 'JWT' }) };

    // The public routes: API Gateway refuses a request without CloudFront's origin secret before
    // any route function runs (docs/security.md "Trust boundaries"). A missing header is a 401 from
    // API Gateway alone (an identity source that is absent); a present one is checked by the tiny
    // function below, its answer cached by the header's value.
    this.originAuthorizerFunction = new PortalFunction(this, 'OriginAuthorizer', {
      stage,
      handler: ORIGIN_AUTHORIZER,
      environment: {
        ORIGIN_VERIFY: props.originVerify.current,
        ...(props.originVerify.previous ? { ORIGIN_VERIFY_PREVIOUS: props.originVerify.previous } : {}),
        LOG_LEVEL: stage.logLevel,
      },
      memoryMb: 128,
      timeoutSeconds: 3,
      description: `Request authorizer of the public routes: CloudFront's origin secret (lambdas/${ORIGIN_AUTHORIZER}.ts)`,
      rollout: props.rollout,
      ticketTopic: props.ticketTopic,
    });
    const alias = this.originAuthorizerFunction.alias;
    const stack = Stack.of(this);
    this.originAuthorizer = new apigw.HttpAuthorizer(this.api, 'OriginVerify', {
      httpApi: this.api,
      authorizerName: 'OriginVerify',
      type: apigw.HttpAuthorizerType.LAMBDA,
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      authorizerUri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${alias.functionArn}/invocations`,
      payloadFormatVersion: apigw.AuthorizerPayloadVersion.VERSION_2_0,
      enableSimpleResponses: true,
      resultsCacheTtl: Duration.seconds(ORIGIN_AUTHORIZER_CACHE_SECONDS),
    });
    alias.addPermission('ApiGatewayInvoke', {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: stack.formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `authorizers/${this.originAuthorizer.authorizerId}` }),
    });
    const originAuthorizerId = this.originAuthorizer.authorizerId;
    this.publicRouteAuthorizer = { bind: () => ({ authorizerId: originAuthorizerId, authorizationType: 'CUSTOM' }) };
  }
}

export interface RouteFunctionsProps {
  stage: Stage;
  /** The routes of this area (lambdas/routes.ts `areaOf`). */
  routes: Route[];
  /** The portal stack's API and authorizer. */
  api: ApiConstruct;
  tables: Record<TableName, dynamodb.ITableV2>;
  documents: s3.IBucket;
  pool: cognito.IUserPool;
  /** The client of the server-side sign-in routes: its id reaches only their functions. */
  serverClient: cognito.IUserPoolClient;
  secrets: Record<SecretName, secretsmanager.ISecret>;
  /** Settings every function reads (table names, pool, stage settings, PUBLIC_URL). */
  environment: Record<string, string>;
  /** A canary stage's CodeDeploy application and role. */
  rollout?: RolloutTarget;
  /** Where the functions' failures alarms file a ticket. */
  ticketTopic?: sns.ITopic;
  /** What CodeDeploy runs before traffic moves to a new version (the area's pre-traffic hook). */
  preHook?: lambda.IFunction;
}

/**
 * One function per row of an area's routes, with exactly the grants its row lists (tables, bucket
 * prefix and actions, Cognito actions on the pool, secrets, mail), and its route on the portal
 * stack's API. Construct ids are those the portal stack used before the area stacks (`Api/<fn>`,
 * routes under `Api/Http`), so the logical ids do not change when a stage's functions move.
 */
export class RouteFunctions extends Construct {
  readonly functions = new Map<string, PortalFunction>();

  constructor(scope: Construct, id: string, props: RouteFunctionsProps) {
    super(scope, id);
    const routesScope = new Construct(this, 'Http');
    for (const route of props.routes) {
      const fn = this.functionFor(route, props);
      // API Gateway sends `/path/` to the route `/path` (and refuses route keys ending in `/`),
      // so a `slash` row needs no second route.
      new apigw.HttpRoute(routesScope, `${route.method}${route.path}`, {
        httpApi: props.api.api,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        // The `live` alias, never the function's $LATEST: a deploy (or its canary) moves the alias.
        integration: new HttpLambdaIntegration(`${functionId(route.handler)}Integration`, fn.alias),
        // Public by the route table (no token yet: sign-in, reset, registration; the report host
        // checks its own embed token): the origin authorizer, so that only CloudFront reaches them.
        authorizer: route.access === 'public' ? props.api.publicRouteAuthorizer : props.api.routeAuthorizer,
      });
    }
  }

  private functionFor(route: Route, props: RouteFunctionsProps): PortalFunction {
    const environment = { ...props.environment };
    for (const name of route.secrets ?? []) environment[secretEnv[name]] = props.secrets[name].secretArn;
    if ((serverClient.handlers as readonly string[]).includes(route.handler)) environment[serverClient.env] = props.serverClient.userPoolClientId;
    if (route.events) Object.assign(environment, { EVENT_BUS_NAME: eventBusName(props.stage), EVENT_SOURCE: eventSource(props.stage) });
    const pf = new PortalFunction(this, functionId(route.handler), {
      stage: props.stage,
      handler: route.handler,
      environment,
      memoryMb: route.memoryMb,
      timeoutSeconds: route.timeoutSeconds,
      description: `${route.method} ${route.path} (lambdas/${route.handler}.ts)`,
      rollout: props.rollout,
      answersHttp: true,
      ticketTopic: props.ticketTopic,
      preHook: props.preHook,
    });
    const fn = pf.fn;
    for (const [name, access] of Object.entries(route.tables ?? {}) as [TableName, 'read' | 'write' | 'append'][]) {
      const table = props.tables[name];
      if (access === 'write') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
      // Append-only: new items, never a change or a delete of one (the decision records).
      if (access === 'append') table.grant(fn, 'dynamodb:PutItem');
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
    if (route.events) {
      const stack = Stack.of(pf);
      pf.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [stack.formatArn({ service: 'events', resource: 'event-bus', resourceName: eventBusName(props.stage) })] }));
    }
    acknowledgeScopedWildcards(pf, route, props);
    this.functions.set(route.handler, pf);
    return pf;
  }
}

/**
 * Mail only where the stage sends through SES (`mail`); without it the function sends none.
 * ses:SendEmail (SES API v2, lambdas/shared/platform/mail.ts) on the stage's identity and, where the stage
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
 * A resolved template value as cdk-nag writes it in a finding's id: text as it is, `<AWS::Region>`
 * for a pseudo parameter, `<Id>` and `<Id.Attr>` for references, a join joined.
 */
export function nagName(v: unknown): string {
  if (typeof v === 'string') return v;
  const o = v as { Ref?: string; 'Fn::GetAtt'?: [string, string]; 'Fn::Join'?: [string, unknown[]] };
  if (o.Ref) return `<${o.Ref}>`;
  if (o['Fn::GetAtt']) return `<${o['Fn::GetAtt'][0]}.${o['Fn::GetAtt'][1]}>`;
  if (o['Fn::Join']) return o['Fn::Join'][1].map(nagName).join(o['Fn::Join'][0]);
  return JSON.stringify(v);
}

/**
 * The wildcards these grants carry are scoped: a table's own indexes (`<table>/index/*`, from
 * grantReadData) and the objects under the route's bucket prefix. Each is acknowledged by name.
 */
function acknowledgeScopedWildcards(pf: PortalFunction, route: Route, props: RouteFunctionsProps) {
  const named = (arn: string) => nagName(Stack.of(pf).resolve(arn));
  for (const name of Object.keys(route.tables ?? {}) as TableName[]) {
    if (!('indexes' in tables[name])) continue;
    Validations.of(pf).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${named(props.tables[name].tableArn)}/index/*]`,
      reason: `Queries on the ${name} table's own secondary indexes (granted with the table).`,
    });
  }
  for (const grant of route.bucket ?? []) {
    Validations.of(pf).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${named(props.documents.bucketArn)}/${grant.prefix}*]`,
      reason: `Objects under ${grant.prefix} only: their keys are made by the portal per document.`,
    });
  }
}
