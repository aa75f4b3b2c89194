/**
 * The synthesised template of each example stage against the route table and the table
 * definitions: routes and authorizer, one function per route, runtimes, least privilege, data
 * protection, secrets, CloudFront behaviours, settings reaching the functions.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { areaOf, routeKey, routes, scheduled, type Route, type SecretName } from '../../lambdas/routes.js';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { functionId } from '../../infra/api-construct.js';
import { secretEnv } from '../../infra/secrets-construct.js';
import type { AreaStack } from '../../infra/area-stack.js';
import { tableNameOf } from '../../infra/jobs-stack.js';
import { tableOutputId } from '../../infra/portal-stack.js';
import { documentsBucketName } from '../../infra/storage-construct.js';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';
import { actionsOf, fromPortal, logicalId, ofType, refId, refsIn, resourcesOf, roleStatements, synth, byJson, type Synth } from './support/synth.js';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const tableNames = Object.keys(tables) as TableName[];
const DYNAMO_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe.each(['dev', 'staging', 'prod'])('stage %s', (stageName) => {
  let s: Synth;
  beforeAll(() => {
    s = synth(stageName);
  });

  /** The route function of a route-table row, found by the construct the API made for it. */
  const fnOf = (r: Route) => {
    const found = s.functions.get(r.handler);
    if (!found) throw new Error(`no function for ${r.handler}`);
    const { pf, at } = found;
    const id = logicalId(at, pf.fn);
    const role = refId(at.resources[id]!.Properties!.Role)!;
    // What the function's template says of the portal stack's resources, read as the portal stack's own values.
    const props = fromPortal(s, at.resources[id]!.Properties!) as Record<string, unknown>;
    return { id, role, props, at, statements: (fromPortal(s, roleStatements(at, role)) as ReturnType<typeof roleStatements>) };
  };
  /** Every area stack's resources of a type, with the part they are in. */
  const inAreas = (type: string) => Object.values(s.areas).flatMap((a) => ofType(a, type).map(([id, r]) => [id, r, a] as const));
  /** The distribution's own address; the portal's is the custom domain where the stage has one. */
  const cloudFrontUrl = () => ({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(s, s.stack.web.distribution), 'DomainName'] }]] });
  const portalUrl = () => (s.stage.domain ? `https://${s.stage.domain.name}` : cloudFrontUrl());

  it('is named after its stage', () => {
    expect(s.stack.stackName).toBe(`Portal-${stageName}`);
  });

  describe('API', () => {
    it("puts each route's function in the stack of its area", () => {
      for (const r of routes) expect(fnOf(r).at.stack.stackName).toBe(`Portal-${stageName}-${areaOf(r.handler)}`);
    });

    it('has exactly the route table, each with the JWT authorizer unless public, a public one with the origin authorizer', () => {
      const authorizers = ofType(s, 'AWS::ApiGatewayV2::Authorizer');
      expect(authorizers.map(([, a]) => a.Properties!.AuthorizerType).sort()).toEqual(['JWT', 'REQUEST']);
      const [authorizerId] = authorizers.find(([, a]) => a.Properties!.AuthorizerType === 'JWT')!;
      const [originId] = authorizers.find(([, a]) => a.Properties!.AuthorizerType === 'REQUEST')!;
      expect(ofType(s, 'AWS::ApiGatewayV2::Route')).toEqual([]);
      const actual = inAreas('AWS::ApiGatewayV2::Route')
        .map(([, r]) => {
          const p = r.Properties!;
          return `${p.RouteKey as string} ${p.AuthorizationType as string}${p.AuthorizerId ? ` ${refId(fromPortal(s, p.AuthorizerId))}` : ''}`;
        })
        .sort();
      const expected = routes.map((r) => `${routeKey(r)} ${r.access === 'public' ? `CUSTOM ${originId}` : `JWT ${authorizerId}`}`).sort();
      expect(actual).toEqual(expected);
    });

    it('serves the trailing-slash paths through the route without the slash (API Gateway refuses keys ending in /)', () => {
      const keys = inAreas('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey as string);
      expect(keys.filter((k) => k.endsWith('/'))).toEqual([]);
      for (const r of routes.filter((x) => x.slash)) expect(keys).toContain(routeKey(r));
    });

    it('has the authorizer on the user pool with the web client, the server-side sign-in client and (for one release) the old server client as audience', () => {
      s.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [{ Ref: logicalId(s, s.stack.auth.client) }, { Ref: logicalId(s, s.stack.auth.serverClient) }, { Ref: logicalId(s, s.stack.auth.retiringServerClient) }],
          Issuer: Match.anyValue(),
        },
      });
    });

    it('sends each route to the function of its own handler file', () => {
      for (const [, r, at] of inAreas('AWS::ApiGatewayV2::Route')) {
        const key = r.Properties!.RouteKey as string;
        const route = routes.find((x) => routeKey(x) === key)!;
        // In the stack of its function's area, on the portal stack's API.
        expect(fnOf(route).at).toBe(at);
        expect(refId(fromPortal(s, r.Properties!.ApiId))).toBe(logicalId(s, s.stack.api.api));
        const integrations = Object.fromEntries(ofType(at, 'AWS::ApiGatewayV2::Integration'));
        const target = (r.Properties!.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
        const integration = integrations[refId(target[1])!]!;
        // Through the function's `live` alias, never its $LATEST.
        const alias = at.resources[refId(integration.Properties!.IntegrationUri)!]!;
        expect(alias.Type).toBe('AWS::Lambda::Alias');
        expect(alias.Properties!.Name).toBe('live');
        expect(refId(alias.Properties!.FunctionName)).toBe(fnOf(route).id);
        expect(fnOf(route).props.Description).toBe(`${key} (lambdas/${route.handler}.ts)`);
      }
    });

    it('throttles the stage with the stage settings and writes access logs', () => {
      s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: s.stage.throttle.burstLimit, ThrottlingRateLimit: s.stage.throttle.rateLimit },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      });
    });
  });

  describe('functions', () => {
    it('has one function per route, plus the three Cognito triggers and the origin authorizer; the scheduled jobs are in the jobs stack', () => {
      const described = inAreas('AWS::Lambda::Function').filter(([, f]) => /^(GET|POST|PUT|PATCH|DELETE) .*\(lambdas\/.+\.ts\)$/.test(String(f.Properties!.Description)));
      expect(described).toHaveLength(routes.length);
      // The portal stack keeps only the Cognito triggers, the API's origin authorizer (and aws-cdk-lib's own providers).
      expect(ofType(s, 'AWS::Lambda::Function').filter(([, f]) => /\(lambdas\/.+\.ts\)$/.test(String(f.Properties!.Description))).map(([id]) => id)).toEqual([logicalId(s, s.stack.api.originAuthorizerFunction.fn)]);
      expect(s.stack.node.tryFindChild('Schedules')).toBeUndefined();
      expect(ofType(s, 'AWS::Events::Rule')).toEqual([]);
      expect(ofType(s, 'AWS::Scheduler::Schedule')).toEqual([]);
      expect(s.jobs.stack.schedules.functions.size).toBe(scheduled.length);
      expect(new Set(routes.map((r) => fnOf(r).id)).size).toBe(routes.length);
      expect(Object.values(s.areas).reduce((n, a) => n + a.stack.functions.size, 0)).toBe(routes.length);
      expect(Object.keys(s.stack.auth.triggers)).toHaveLength(3);
    });

    it('runs every portal function on nodejs22.x or newer, arm64, JSON logs kept for the stage', () => {
      const ours = [...s.functions.values()];
      expect(ours.length).toBe(routes.length + 3 + 1 + s.jobs.stack.functions.size); // the triggers, the origin authorizer
      for (const { pf, at } of ours) {
        const p = at.resources[logicalId(at, pf.fn)]!.Properties!;
        expect(Number(/^nodejs(\d+)\.x$/.exec(String(p.Runtime))?.[1])).toBeGreaterThanOrEqual(22);
        expect(p.Architectures).toEqual(['arm64']);
        expect(p.LoggingConfig).toEqual({ LogFormat: 'JSON', LogGroup: { Ref: expect.any(String) } });
        const logGroup = at.resources[(p.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref]!;
        expect(logGroup.Properties!.RetentionInDays).toBe(s.stage.logRetentionDays);
      }
    });

    it('uses the memory and timeout of the route row (256 MB and 10 s by default)', () => {
      for (const r of routes) {
        expect(fnOf(r).props.MemorySize).toBe(r.memoryMb ?? 256);
        expect(fnOf(r).props.Timeout).toBe(r.timeoutSeconds ?? 10);
      }
    });

    it('sets FAULTS on no function (failures on purpose are the local stack\'s alone: lambdas/shared/platform/faults.ts)', () => {
      expect(s.functions.size).toBeGreaterThan(routes.length);
      for (const [handler, { pf, at }] of s.functions) {
        const env = (at.resources[logicalId(at, pf.fn)]!.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        expect([handler, Object.keys(env).filter((k) => /FAULT/i.test(k))]).toEqual([handler, []]);
      }
    });

    it('gives every route function the shared settings, and secret ids only for the secrets its row lists', () => {
      const originVerify = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalId(s, s.stack.secrets.originVerify) }, ':SecretString:::}}']] };
      for (const r of routes) {
        const env = (fnOf(r).props.Environment as { Variables: Record<string, unknown> }).Variables;
        // By the names the portal stack fixes for its tables and bucket (checked under data and buckets).
        for (const n of tableNames) expect(env[tables[n].env]).toBe(tableNameOf(s.stage, n));
        expect(env.DOCUMENTS_BUCKET).toEqual(fnOf(r).at.stack.resolve(documentsBucketName(s.stage)));
        expect(refId(env.USER_POOL_ID)).toBe(logicalId(s, s.stack.auth.pool));
        expect(refId(env.USER_POOL_CLIENT_ID)).toBe(logicalId(s, s.stack.auth.client));
        expect(env.STAFF_DOMAINS).toBe(s.stage.staffDomains.join(','));
        expect(env.EXCLUDED_CUSTOMER_DOMAINS).toBe(s.stage.excludedCustomerDomains.join(','));
        expect(env.PRODUCT_NAME).toBe(s.stage.productName);
        expect(env.CONTACT_URL).toBe(s.stage.contactUrl);
        expect(env.PROVIDER_TIME_ZONE).toBe(s.stage.timeZone);
        expect(env.PUBLIC_URL).toEqual(portalUrl());
        expect(env.ORIGIN_VERIFY).toEqual(originVerify);
        expect(env.SIGMA_CUSTOMER_ATTRIBUTE).toBe(s.stage.sigma.customerAttribute);
        expect(env.TELEMETRY_MAX_PAGES).toBe(String(s.stage.telemetry.maxPages));
        expect(env).not.toHaveProperty('S3_FORCE_PATH_STYLE');
        for (const name of Object.keys(secretEnv) as SecretName[]) {
          if (r.secrets?.includes(name)) expect(refId(env[secretEnv[name]])).toBe(logicalId(s, s.stack.secrets.secrets[name]));
          else expect(env).not.toHaveProperty(secretEnv[name]);
        }
      }
    });
  });

  describe('least privilege', () => {
    it('has no wildcard action, and no wildcard resource on DynamoDB or S3 actions, in any portal function role', () => {
      for (const { pf, at } of s.functions.values()) {
        if (at === s.jobs) continue;
        const role = refId(at.resources[logicalId(at, pf.fn)]!.Properties!.Role)!;
        expect(at.resources[role]!.Properties!.ManagedPolicyArns).toBeUndefined();
        for (const st of roleStatements(at, role)) {
          for (const a of actionsOf(st)) expect(a).not.toMatch(/^\*$|:\*$/);
          if (actionsOf(st).some((a) => /^(dynamodb|s3):/.test(a))) for (const res of resourcesOf(st)) expect(res).not.toBe('*');
        }
      }
    });

    it('names in each function policy only the tables of its route row, writing only where the row says write', () => {
      /** The tables an ARN (or list of them) names: `...:table/portal-<stage>-<id>[/index/*]`. */
      const tablesIn = (resource: unknown) =>
        new Set([...JSON.stringify(resource).matchAll(new RegExp(`:table/portal-${stageName}-([a-z-]+?)(?:/index/\\*)?"`, 'g'))].map((m) => tableNames.find((n) => tables[n].id === m[1])!));
      for (const r of routes) {
        const statements = fnOf(r).statements.filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')));
        const named = new Set(statements.flatMap((st) => [...tablesIn(st.Resource)]));
        expect([...named].sort()).toEqual(Object.keys(r.tables ?? {}).sort());
        for (const name of named) {
          const writes = statements.filter((st) => tablesIn(st.Resource).has(name)).flatMap((st) => actionsOf(st).filter((a) => DYNAMO_WRITES.includes(a)));
          // append: PutItem only, never a change or delete of an item.
          const expected = r.tables![name] === 'write' ? DYNAMO_WRITES : r.tables![name] === 'append' ? ['dynamodb:PutItem'] : [];
          expect({ route: r.handler, table: name, writes: [...new Set(writes)].sort() }).toEqual({ route: r.handler, table: name, writes: [...expected].sort() });
        }
      }
    });

    it('grants bucket actions only under the prefixes of the route row', () => {
      const expectedAction = { read: 's3:GetObject', readTags: 's3:GetObjectTagging', write: 's3:PutObject', delete: 's3:DeleteObject' };
      for (const r of routes) {
        const statements = fnOf(r).statements.filter((st) => actionsOf(st).some((a) => a.startsWith('s3:')));
        const granted = statements.map((st) => ({ actions: actionsOf(st).sort(), resource: st.Resource }));
        const expected = (r.bucket ?? []).map((g) => ({
          actions: g.actions.map((a) => expectedAction[a]).sort(),
          resource: fnOf(r).at.stack.resolve((fnOf(r).at.stack as AreaStack).documents.arnForObjects(`${g.prefix}*`)),
        }));
        expect({ route: r.handler, granted }).toEqual({ route: r.handler, granted: expected });
      }
    });

    it('lets the functions whose row mails send through the stage\'s SES identity and configuration set only', () => {
      const sendersOf = routes.filter((r) => fnOf(r).statements.some((st) => actionsOf(st).some((a) => a.startsWith('ses:'))));
      if (!s.stage.mail) {
        expect(sendersOf).toEqual([]);
        return;
      }
      expect(sendersOf.map((r) => r.handler).sort()).toEqual(routes.filter((r) => r.mail).map((r) => r.handler).sort());
      const arn = (resource: string) => s.stack.resolve(s.stack.formatArn({ service: 'ses', resource: resource.split('/')[0]!, resourceName: resource.split('/')[1] })) as unknown;
      for (const r of sendersOf) {
        const ses = fnOf(r).statements.filter((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
        expect(ses.map((st) => ({ actions: actionsOf(st), resources: byJson(resourcesOf(st)) }))).toEqual([
          { actions: ['ses:SendEmail'], resources: byJson([arn(`identity/${s.stage.mail.sesIdentity}`), arn(`configuration-set/portal-${stageName}`)]) },
        ]);
        expect((fnOf(r).props.Environment as { Variables: Record<string, unknown> }).Variables.MAIL_CONFIGURATION_SET).toBe(`portal-${stageName}`);
      }
    });

    it('lets only the functions whose row puts events put them, on the stage\'s bus only, and nothing else of EventBridge', () => {
      const bus = s.stack.resolve(s.stack.formatArn({ service: 'events', resource: 'event-bus', resourceName: `portal-${stageName}` })) as unknown;
      for (const r of routes) {
        const ev = fnOf(r).statements.filter((st) => actionsOf(st).some((a) => a.startsWith('events:')));
        const env = (fnOf(r).props.Environment as { Variables: Record<string, unknown> }).Variables;
        if (!r.events) {
          expect({ route: r.handler, ev }).toEqual({ route: r.handler, ev: [] });
          expect(env).not.toHaveProperty('EVENT_BUS_NAME');
          continue;
        }
        expect(ev.map((st) => ({ actions: actionsOf(st), resources: resourcesOf(st) }))).toEqual([{ actions: ['events:PutEvents'], resources: [bus] }]);
        expect(env).toMatchObject({ EVENT_BUS_NAME: `portal-${stageName}`, EVENT_SOURCE: `portal.${stageName}` });
      }
      expect(routes.filter((r) => r.events).map((r) => r.handler)).toEqual(['quotes/decide-quote']);
    });

    it('keeps the quote decision records append-only: the deciding function may put, never update or delete, an item', () => {
      const decide = routes.find((r) => r.handler === 'quotes/decide-quote')!;
      const onTable = fnOf(decide).statements.filter((st) => JSON.stringify(st.Resource).includes(`:table/portal-${stageName}-quote-decisions`));
      const actions = onTable.flatMap(actionsOf);
      expect(actions).toContain('dynamodb:PutItem');
      for (const a of ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:*']) expect(actions).not.toContain(a);
      for (const r of routes.filter((x) => x.tables?.quoteDecisions)) expect({ route: r.handler, access: r.tables!.quoteDecisions }).toEqual({ route: r.handler, access: r.handler === decide.handler ? 'append' : 'read' });
    });

    it('has the stage\'s EventBridge bus, with a resource policy only where the stage names subscriber accounts', () => {
      const buses = ofType(s, 'AWS::Events::EventBus');
      expect(buses).toHaveLength(1);
      expect(buses[0]![1].Properties).toMatchObject({ Name: `portal-${stageName}` });
      const policies = ofType(s, 'AWS::Events::EventBusPolicy');
      const accounts = s.stage.events.subscriberAccounts;
      if (accounts.length === 0) {
        expect(policies).toEqual([]);
        expect(buses[0]![1].Properties!.Policy).toBeUndefined();
      } else {
        const statement = JSON.stringify(policies.length ? policies : buses[0]![1].Properties!.Policy);
        for (const a of accounts) expect(statement).toContain(a);
        expect(statement).not.toMatch(/"events:\*"|"\*"/);
      }
    });

    it('grants the Cognito actions of the row on the user pool only', () => {
      const pool = logicalId(s, s.stack.auth.pool);
      for (const r of routes) {
        const statements = fnOf(r).statements.filter((st) => actionsOf(st).some((a) => a.startsWith('cognito-idp:')));
        const actions = statements.flatMap(actionsOf).sort();
        expect(actions).toEqual((r.cognito ?? []).map((a) => `cognito-idp:${a}`).sort());
        for (const st of statements) expect(st.Resource).toEqual({ 'Fn::GetAtt': [pool, 'Arn'] });
      }
    });

    it('lets only the functions whose row lists a secret read it', () => {
      for (const name of Object.keys(secretEnv) as SecretName[]) {
        const secret = logicalId(s, s.stack.secrets.secrets[name]);
        const readers = routes
          .filter((r) => fnOf(r).statements.some((st) => actionsOf(st).includes('secretsmanager:GetSecretValue') && refsIn(st.Resource).has(secret)))
          .map((r) => r.handler)
          .sort();
        expect(readers).toEqual(routes.filter((r) => r.secrets?.includes(name)).map((r) => r.handler).sort());
        for (const t of Object.values(s.stack.auth.triggers)) {
          const role = refId(s.resources[logicalId(s, t.fn)]!.Properties!.Role)!;
          expect(roleStatements(s, role).some((st) => refsIn(st.Resource).has(secret))).toBe(false);
        }
      }
    });

    it('gives the triggers the users table only: pre-token reads and notes the sign-in, post-confirmation writes, custom message nothing', () => {
      const users = logicalId(s, s.stack.data.tables.users);
      const dynamo = (t: keyof typeof s.stack.auth.triggers) => {
        const role = refId(s.resources[logicalId(s, s.stack.auth.triggers[t].fn)]!.Properties!.Role)!;
        return roleStatements(s, role).filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')));
      };
      const writes = (sts: ReturnType<typeof dynamo>) => sts.some((st) => actionsOf(st).some((a) => DYNAMO_WRITES.includes(a)));
      for (const t of ['preTokenGeneration', 'postConfirmation'] as const) {
        expect([...new Set(dynamo(t).flatMap((st) => [...refsIn(st.Resource)]))]).toEqual([users]);
      }
      expect(writes(dynamo('postConfirmation'))).toBe(true);
      // One item by its sub each: no index, no scan. Pre-token's one write is the sign-in time, no other attribute.
      expect(dynamo('preTokenGeneration').flatMap(actionsOf).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
      const update = dynamo('preTokenGeneration').find((st) => actionsOf(st).includes('dynamodb:UpdateItem'))!;
      expect(update.Condition).toEqual({
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['sub', 'lastSignInAt'] },
        StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
      });
      expect(dynamo('postConfirmation').flatMap(actionsOf)).toEqual(['dynamodb:UpdateItem']);
      expect(dynamo('customMessage')).toEqual([]);
    });
  });

  describe('auth', () => {
    it('has a pool with email as case-insensitive username, no self sign-up, the password policy and the three triggers', () => {
      s.template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        Policies: { PasswordPolicy: { MinimumLength: 6, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: false, TemporaryPasswordValidityDays: 7 } },
        LambdaConfig: {
          PreTokenGeneration: { Ref: logicalId(s, s.stack.auth.triggers.preTokenGeneration.alias) },
          CustomMessage: { Ref: logicalId(s, s.stack.auth.triggers.customMessage.alias) },
          PostConfirmation: { Ref: logicalId(s, s.stack.auth.triggers.postConfirmation.alias) },
        },
      });
    });

    it('has a web client without secret allowing SRP and refresh only, with token revocation', () => {
      s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ClientName: `portal-${stageName}-web`,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
        IdTokenValidity: 60,
      });
    });

    it('gives the custom-message trigger the product name and the portal address', () => {
      const env = (s.resources[logicalId(s, s.stack.auth.triggers.customMessage.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env.PRODUCT_NAME).toBe(s.stage.productName);
      expect(env.PUBLIC_URL).toEqual(portalUrl());
    });
  });

  describe('data', () => {
    it('has one table per definition: on-demand, point-in-time recovery, encrypted, TTL and indexes as defined', () => {
      expect(ofType(s, 'AWS::DynamoDB::GlobalTable')).toHaveLength(tableNames.length);
      for (const n of tableNames) {
        const def = tables[n];
        const p = s.resources[logicalId(s, s.stack.data.tables[n])]!.Properties!;
        expect(p.TableName).toBe(`portal-${stageName}-${def.id}`);
        expect(p.BillingMode).toBe('PAY_PER_REQUEST');
        expect(p.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' });
        expect(p.Replicas).toEqual([expect.objectContaining({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })]);
        expect(p.TimeToLiveSpecification).toEqual('ttl' in def ? { AttributeName: def.ttl, Enabled: true } : undefined);
        const indexes = ((p.GlobalSecondaryIndexes ?? []) as { IndexName: string }[]).map((i) => i.IndexName);
        expect(indexes).toEqual('indexes' in def ? def.indexes.map((i) => i.name) : []);
      }
    });

    it(`keeps tables on delete only when the stage says retain`, () => {
      const policy = s.stage.removalPolicy === 'retain' ? 'RetainExceptOnCreate' : 'Delete';
      for (const n of tableNames) expect(s.template.toJSON().Resources[logicalId(s, s.stack.data.tables[n])].DeletionPolicy).toBe(policy);
    });
  });

  describe('buckets', () => {
    it('blocks public access, encrypts and refuses plain HTTP on every bucket', () => {
      const buckets = ofType(s, 'AWS::S3::Bucket');
      expect(buckets.length).toBe(3);
      const policies = ofType(s, 'AWS::S3::BucketPolicy');
      for (const [id, b] of buckets) {
        expect(b.Properties!.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
        expect(b.Properties!.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] });
        const policy = policies.find(([, p]) => refId(p.Properties!.Bucket) === id);
        const statements = (policy![1].Properties!.PolicyDocument as { Statement: { Effect: string; Condition?: unknown }[] }).Statement;
        expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      }
    });

    it('versions the documents bucket as the stage says, expires unconfirmed uploads, allows the portal origin', () => {
      const p = s.resources[logicalId(s, s.stack.storage.documents)]!.Properties!;
      expect(p.VersioningConfiguration).toEqual(s.stage.documentsBucketVersioned ? { Status: 'Enabled' } : undefined);
      const rules = (p.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      expect(rules).toContainEqual(expect.objectContaining({ Prefix: documentsBucket.uploadsPrefix, ExpirationInDays: documentsBucket.unconfirmedUploadExpiryDays, Status: 'Enabled' }));
      expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }));
      expect(rules.some((r) => 'NoncurrentVersionExpiration' in r)).toBe(s.stage.documentsBucketVersioned);
      const cors = (p.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
      expect(cors).toEqual([
        expect.objectContaining({
          AllowedOrigins: s.stage.domain ? [portalUrl(), cloudFrontUrl()] : [cloudFrontUrl()],
          AllowedMethods: [...documentsBucket.cors.allowedMethods],
        }),
      ]);
      // Uploads are form POSTs (a size-limited policy); no presigned PUT is ever made.
      expect([...(cors[0]!.AllowedMethods as string[])].sort()).toEqual(['GET', 'HEAD', 'POST']);
    });
  });

  describe('CloudFront', () => {
    const distribution = () => s.resources[logicalId(s, s.stack.web.distribution)]!.Properties!.DistributionConfig as Record<string, unknown>;

    it('sends /api/* to the HTTP API uncached, with every viewer header but Host, all methods', () => {
      const behaviours = distribution().CacheBehaviors as Record<string, unknown>[];
      expect(behaviours).toHaveLength(1);
      expect(behaviours[0]).toMatchObject({
        PathPattern: '/api/*',
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      });
      expect(behaviours[0]).not.toHaveProperty('FunctionAssociations');
      const origin = (distribution().Origins as { Id: string; DomainName: unknown }[]).find((o) => o.Id === behaviours[0]!.TargetOriginId)!;
      expect(refsIn(origin.DomainName)).toEqual(new Set([logicalId(s, s.stack.api.api)]));
    });

    it('rewrites no error answers, so an API 4xx reaches the client as the API sent it', () => {
      expect(distribution()).not.toHaveProperty('CustomErrorResponses');
    });

    it('runs the SPA fallback function on the default (web) behaviour only', () => {
      const fns = ofType(s, 'AWS::CloudFront::Function');
      expect(fns).toHaveLength(1);
      expect((distribution().DefaultCacheBehavior as Record<string, unknown>).FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fns[0]![0], 'FunctionARN'] } },
      ]);
    });

    it('serves the site bucket through origin access control', () => {
      expect(ofType(s, 'AWS::CloudFront::OriginAccessControl')).toHaveLength(1);
      const web = (distribution().Origins as { S3OriginConfig?: unknown; OriginAccessControlId?: unknown; DomainName: unknown }[]).find((o) => o.S3OriginConfig);
      expect(refId(web!.OriginAccessControlId)).toBeDefined();
      expect(refsIn(web!.DomainName)).toEqual(new Set([logicalId(s, s.stack.web.bucket)]));
    });

    it('adds HSTS, nosniff, same-origin frames, a referrer policy and the CSP to every answer', () => {
      const policies = ofType(s, 'AWS::CloudFront::ResponseHeadersPolicy');
      expect(policies).toHaveLength(1);
      const [id, policy] = policies[0]!;
      const sec = (policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }).SecurityHeadersConfig;
      expect(sec.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, Override: true });
      expect(sec.ContentTypeOptions).toEqual({ Override: true });
      expect(sec.FrameOptions).toEqual({ FrameOption: 'SAMEORIGIN', Override: true });
      expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: 'same-origin', Override: true });
      const csp = JSON.stringify(s.stack.resolve(sec.ContentSecurityPolicy!.ContentSecurityPolicy));
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.","?\{"Ref":"AWS::Region"\}/);
      expect(csp).toContain(`portal-${stageName}-docs-`);
      expect(csp).toContain("frame-ancestors 'self'");
      const dc = distribution();
      expect(refId((dc.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId)).toBe(id);
      expect(refId((dc.CacheBehaviors as Record<string, unknown>[])[0]!.ResponseHeadersPolicyId)).toBe(id);
    });
  });

  it('writes config.json at deploy time, not cached', () => {
    const deployments = ofType(s, 'Custom::CDKBucketDeployment');
    const config = deployments.find(([, d]) => JSON.stringify(d.Properties!.DistributionPaths) === '["/config.json"]');
    expect(config).toBeDefined();
    expect(config![1].Properties!.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    const markers = JSON.stringify(config![1].Properties!.SourceMarkers);
    for (const ref of [logicalId(s, s.stack.auth.pool), logicalId(s, s.stack.auth.client)]) expect(markers).toContain(ref);
  });

  it('caches hashed assets a year, revalidates the pages', () => {
    const deployments = ofType(s, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties!);
    const assets = deployments.find((d) => d.DestinationBucketKeyPrefix === 'assets/');
    expect(assets!.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    const pages = deployments.find((d) => String(JSON.stringify(d.DistributionPaths)).includes('/index.html'));
    expect(pages!.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
  });

  it('outputs the portal and API addresses, pool and client ids, region, bucket and every table', () => {
    // `PublishOutput…`: what the us-east-1 stacks read across regions (Fn::GetStackOutput), made by CDK.
    const outputs = Object.keys(s.template.toJSON().Outputs as object).filter((o) => !o.startsWith('PublishOutput'));
    const expected = ['PortalUrl', 'DistributionDomain', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'Region', 'DocumentsBucket', 'EventBusName', ...tableNames.map(tableOutputId)];
    expect(outputs.sort()).toEqual(expected.sort());
  });

  it('names each route function by its handler file', () => {
    for (const r of routes) expect(s.functions.get(r.handler)!.pf.node.id).toBe(functionId(r.handler));
  });
});
