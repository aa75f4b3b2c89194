/**
 * The API's edge (docs/security.md "Trust boundaries"): CloudFront forwards the visitor's address to the API
 * with its origin secret, and what a flood sent past CloudFront to the execute-api address can take
 * is bounded: each public route's function has reserved concurrency, every route the stage throttle.
 * No way around CloudFront for the public routes: every public route of the route table has the
 * API's request authorizer whose identity source is the origin secret's header, so API Gateway
 * refuses a request without it before any function runs, with its answer cached; every other route
 * keeps the JWT authorizer. (One synthesis per stage for both.)
 */
import { Stack } from 'aws-cdk-lib';
import { loadStage } from '../../infra/config.js';
import { PortalFunction } from '../../infra/function-construct.js';
import { ORIGIN_AUTHORIZER, ORIGIN_AUTHORIZER_CACHE_SECONDS } from '../../infra/api-construct.js';
import { publicHandlers, UNRESERVED_MINIMUM } from '../../infra/public-routes.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/platform/http.js';
import { routeKey, routes } from '../../lambdas/routes.js';
import { CLOUDFRONT_LOG_DAYS, CLOUDFRONT_LOG_PREFIX } from '../../infra/storage-construct.js';
import { fnProps, fromPortal, logicalId, ofType, refId, refsIn, stages, synth, type Synth } from './support/synth.js';

/** The managed origin request policy AllViewerExceptHostHeader (using-managed-origin-request-policies.html). */
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
/** Lambda's default concurrency per account and region (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html). */
const ACCOUNT_CONCURRENCY = 1000;

const synths: Record<string, Synth> = {};
const of = (stage: string) => (synths[stage] ??= synth(stage));

/** Every PortalFunction of the stage, in whichever stack, with its function's template properties. */
function functions(s: Synth): { handler: string; props: Record<string, unknown> }[] {
  const { assembly } = s;
  return s.app.node
    .findAll()
    .filter(PortalFunction.isPortalFunction)
    .map((pf) => {
      const stack = Stack.of(pf);
      const resources = (assembly.getStackArtifact(stack.artifactId).template as { Resources: Record<string, { Properties?: Record<string, unknown> }> }).Resources;
      return { handler: pf.handler, props: resources[logicalId({ stack }, pf.fn)]!.Properties ?? {} };
    });
}

describe("CloudFront's /api/* behaviour", () => {
  it.each(['dev', 'staging', 'prod'])('%s: forwards the viewer address (AllViewerExceptHostHeader) with the origin secret', (stage) => {
    const s = of(stage);
    const [[, dist]] = [s, ...(s.edge ? [s.edge] : [])].flatMap((part) => ofType(part, 'AWS::CloudFront::Distribution'));
    const config = dist!.Properties!.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; OriginRequestPolicyId: string; TargetOriginId: string }[];
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    };
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    const origin = config.Origins.find((o) => o.Id === api.TargetOriginId)!;
    expect(origin.OriginCustomHeaders?.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
  });
});

describe("CloudFront's logs and the calendar feed's token", () => {
  it('the feed carries its token in the path, which every CloudFront log line records', () => {
    expect(routes.find((r) => r.handler === 'visits/calendar-feed')).toMatchObject({ method: 'GET', path: '/api/calendar/{token}', access: 'public' });
  });

  it.each(['dev', 'staging', 'prod'])(`%s: keeps the distribution's logs ${CLOUDFRONT_LOG_DAYS} days at most, whatever logRetentionDays says`, (stage) => {
    const s = of(stage);
    const [[, dist]] = ofType(s, 'AWS::CloudFront::Distribution');
    const logging = (dist!.Properties!.DistributionConfig as { Logging: { Bucket: unknown; Prefix: string } }).Logging;
    expect(logging.Prefix).toBe(CLOUDFRONT_LOG_PREFIX);
    const bucket = s.resources[refId(logging.Bucket)!]!;
    const rules = (bucket.Properties!.LifecycleConfiguration as { Rules: { Prefix?: string; ExpirationInDays?: number; Status: string }[] }).Rules;
    const covering = rules.filter((r) => r.Status === 'Enabled' && typeof r.ExpirationInDays === 'number' && CLOUDFRONT_LOG_PREFIX.startsWith(r.Prefix ?? ''));
    // Of the rules matching a log object, the shortest expiration deletes it.
    expect(Math.min(...covering.map((r) => r.ExpirationInDays!))).toBeLessThanOrEqual(CLOUDFRONT_LOG_DAYS);
    expect(CLOUDFRONT_LOG_DAYS).toBeLessThanOrEqual(31);
  });
});

describe('stage setting publicRouteConcurrency: reserved concurrency of the public routes', () => {
  it('covers every public route of the route table and nothing else', () => {
    expect([...publicHandlers].sort()).toEqual([...new Set(routes.filter((r) => r.access === 'public').map((r) => r.handler))].sort());
    expect(publicHandlers.has('accounts/login')).toBe(true);
    expect(publicHandlers.has('documents/get-presigned-url')).toBe(false);
  });

  it.each([
    ['staging', 10],
    ['prod', 20],
  ])('%s: each public route function reserves %i, no other function reserves any', (stage, n) => {
    const s = of(stage);
    expect(s.stage.publicRouteConcurrency).toBe(n);
    const fns = functions(s);
    const reserved = Object.fromEntries(fns.filter((f) => f.props.ReservedConcurrentExecutions !== undefined).map((f) => [f.handler, f.props.ReservedConcurrentExecutions]));
    expect(Object.keys(reserved).sort()).toEqual([...publicHandlers].sort());
    for (const h of publicHandlers) expect(reserved[h]).toBeGreaterThanOrEqual(n);
    // Reserved concurrency must leave 100 of the account's unreserved (configuration-concurrency.html).
    const total = Object.values(reserved).reduce((a: number, b) => a + Number(b), 0);
    expect(total).toBeLessThanOrEqual(ACCOUNT_CONCURRENCY - UNRESERVED_MINIMUM);
  });

  it('keeps a warm public function at least at its provisioned instances', () => {
    const s = synth('dev', { change: (raw) => Object.assign(raw, { publicRouteConcurrency: 2, warmFunctions: { 'reports/embed-data': 3 } }) });
    const fn = functions(s).find((f) => f.handler === 'reports/embed-data')!;
    expect(fn.props.ReservedConcurrentExecutions).toBe(3);
    expect(functions(s).find((f) => f.handler === 'accounts/login')!.props.ReservedConcurrentExecutions).toBe(2);
  });

  it('is unset in dev (no reservation), and refuses a value out of range naming it', () => {
    expect(of('dev').stage.publicRouteConcurrency).toBeUndefined();
    expect(functions(of('dev')).filter((f) => f.props.ReservedConcurrentExecutions !== undefined)).toEqual([]);
    expect(() => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), publicRouteConcurrency: 0 } })).toThrow(/stages\.dev\.publicRouteConcurrency/);
  });

  it.each(['dev', 'staging', 'prod'])('%s: the API stage throttles every route (a token bucket per route)', (stage) => {
    const s = of(stage);
    const [[, st]] = ofType(s, 'AWS::ApiGatewayV2::Stage');
    expect(st!.Properties!.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: s.stage.throttle.rateLimit, ThrottlingBurstLimit: s.stage.throttle.burstLimit });
  });
});

/** Every route of the stage's area stacks, by route key, with the portal stack's values read as its own. */
function routesOf(s: Synth): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const area of Object.values(s.areas))
    for (const [, r] of ofType(area, 'AWS::ApiGatewayV2::Route')) out.set(r.Properties!.RouteKey as string, fromPortal(s, r.Properties!) as Record<string, unknown>);
  return out;
}

describe.each(['dev', 'staging', 'prod'])('the origin authorizer: stage %s', (stageName) => {
  let s: Synth;
  beforeAll(() => {
    s = of(stageName);
  });

  it("has a request authorizer on the origin secret's header, cached, calling the authorizer function's live alias", () => {
    const api = s.stack.api;
    const id = logicalId(s, api.originAuthorizer);
    const props = s.resources[id]!.Properties!;
    expect(props).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: ORIGIN_AUTHORIZER_CACHE_SECONDS,
    });
    // Cached, and no longer than API Gateway allows (3600 s): a flood with one wrong value costs one call per period.
    expect(ORIGIN_AUTHORIZER_CACHE_SECONDS).toBeGreaterThan(0);
    expect(ORIGIN_AUTHORIZER_CACHE_SECONDS).toBeLessThanOrEqual(3600);
    const pf = api.originAuthorizerFunction;
    expect(pf.handler).toBe(ORIGIN_AUTHORIZER);
    expect(refsIn(props.AuthorizerUri)).toContain(logicalId(s, pf.alias));
    // API Gateway may invoke the alias, for this authorizer only.
    const permissions = ofType(s, 'AWS::Lambda::Permission').filter(([, p]) => refsIn(p.Properties!.FunctionName).has(logicalId(s, pf.alias)));
    expect(permissions).toHaveLength(1);
    expect(permissions[0]![1].Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
    expect(JSON.stringify(permissions[0]![1].Properties!.SourceArn)).toContain('/authorizers/');
    expect(refsIn(permissions[0]![1].Properties!.SourceArn)).toContain(id);
  });

  it('puts it on every public route, and keeps the JWT authorizer on every other', () => {
    const originId = logicalId(s, s.stack.api.originAuthorizer);
    const jwtId = logicalId(s, s.stack.api.authorizer);
    const deployed = routesOf(s);
    expect([...deployed.keys()].sort()).toEqual(routes.map(routeKey).sort());
    for (const r of routes) {
      const p = deployed.get(routeKey(r))!;
      const seen = { route: routeKey(r), type: p.AuthorizationType, authorizer: refId(p.AuthorizerId) };
      if (r.access === 'public') expect(seen).toEqual({ route: routeKey(r), type: 'CUSTOM', authorizer: originId });
      else expect(seen).toEqual({ route: routeKey(r), type: 'JWT', authorizer: jwtId });
    }
    expect(routes.filter((r) => r.access === 'public').length).toBeGreaterThan(0);
  });

  it('gives the authorizer the value CloudFront sends, and CloudFront takes a new value only after the authorizer', () => {
    const pf = s.stack.api.originAuthorizerFunction;
    const vars = (fnProps(s, ORIGIN_AUTHORIZER).Environment as { Variables: Record<string, unknown> }).Variables;
    const [[distId, dist]] = ofType(s, 'AWS::CloudFront::Distribution');
    const origins = (dist!.Properties!.DistributionConfig as { Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderValue: unknown }[] }[] }).Origins;
    expect(vars.ORIGIN_VERIFY).toEqual(origins.find((o) => o.CustomOriginConfig)!.OriginCustomHeaders![0]!.HeaderValue);
    expect(vars).not.toHaveProperty('ORIGIN_VERIFY_PREVIOUS');
    expect(s.resources[distId!]!.DependsOn).toContain(logicalId(s, pf.alias));
  });

  it('is tiny and watched like every function: its own log group, a failures alarm, small memory and timeout', () => {
    const pf = s.stack.api.originAuthorizerFunction;
    const props = fnProps(s, ORIGIN_AUTHORIZER);
    expect(props).toMatchObject({ MemorySize: 128, Timeout: 3 });
    expect(s.functions.get(ORIGIN_AUTHORIZER)?.pf).toBe(pf);
    expect(s.resources[logicalId(s, pf.failuresAlarm)]!.Type).toBe('AWS::CloudWatch::Alarm');
    expect(s.resources[refId((props.LoggingConfig as { LogGroup: unknown }).LogGroup)!]!.Properties!.RetentionInDays).toBe(s.stage.logRetentionDays);
  });
});

describe('the origin authorizer after a rotation (originVerifyVersionId set)', () => {
  it('accepts the pinned value and the one CloudFront sent before it (staged AWSPREVIOUS); the functions only the pinned one', () => {
    const versionId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    const v = synth('staging', { change: (raw) => (raw.originVerifyVersionId = versionId) });
    const secretId = logicalId(v, v.stack.secrets.originVerify);
    const vars = (fnProps(v, ORIGIN_AUTHORIZER).Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars.ORIGIN_VERIFY).toEqual({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, `:SecretString:::${versionId}}}`]] });
    expect(vars.ORIGIN_VERIFY_PREVIOUS).toEqual({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString::AWSPREVIOUS:}}']] });
    for (const r of routes) expect((fnProps(v, r.handler).Environment as { Variables: Record<string, unknown> }).Variables).not.toHaveProperty('ORIGIN_VERIFY_PREVIOUS');
  });
});
