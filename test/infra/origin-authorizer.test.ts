/**
 * No way around CloudFront for the public routes (docs/security.md "Trust boundaries"): every
 * public route of the route table has the API's request authorizer whose identity source is the
 * origin secret's header, so API Gateway refuses a request without it before any function runs,
 * with its answer cached; every other route keeps the JWT authorizer.
 */
import { ORIGIN_AUTHORIZER, ORIGIN_AUTHORIZER_CACHE_SECONDS } from '../../infra/api-construct.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/platform/http.js';
import { routeKey, routes } from '../../lambdas/routes.js';
import { fnProps, fromPortal, logicalId, ofType, refId, refsIn, synth, type Synth } from './support/synth.js';

const synths: Record<string, Synth> = {};
const of = (stage: string) => (synths[stage] ??= synth(stage));

/** Every route of the stage's area stacks, by route key, with the portal stack's values read as its own. */
function routesOf(s: Synth): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const area of Object.values(s.areas))
    for (const [, r] of ofType(area, 'AWS::ApiGatewayV2::Route')) out.set(r.Properties!.RouteKey as string, fromPortal(s, r.Properties!) as Record<string, unknown>);
  return out;
}

describe.each(['dev', 'staging', 'prod'])('stage %s', (stageName) => {
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

describe('after a rotation (originVerifyVersionId set)', () => {
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
