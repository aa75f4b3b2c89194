/**
 * The user pool and its clients as devops and security review them: what the web client may write,
 * that no OAuth flow is open, which sign-in flow each client allows, optional TOTP MFA, the staff
 * group, threat protection per stage, and the server client (with a secret, so that it passes on
 * the visitor's address) reaching only its functions: its id in their environment, its secret
 * through Secrets Manager, never in a template's plain text, an output or an environment.
 */
import { routes, scheduled } from '../../lambdas/routes.js';
import { serverClient, userPool } from '../../lambdas/shared/resources/definitions.js';
import { fnProps, logicalId, ofType, refId, synth, type Synth } from './support/synth.js';

type Props = Record<string, unknown>;

describe.each(['dev', 'prod'])('stage %s', (stageName) => {
  let s: Synth;
  beforeAll(() => {
    s = synth(stageName);
  });

  const pool = () => s.resources[logicalId(s, s.stack.auth.pool)]!.Properties!;
  const clients = () => Object.fromEntries(ofType(s, 'AWS::Cognito::UserPoolClient').map(([id, r]) => [r.Properties!.ClientName as string, { id, p: r.Properties! }]));
  const envOf = (id: string) => (s.resources[id]!.Properties!.Environment as { Variables: Props }).Variables;
  /** A route function's environment, in its area's stack. */
  const routeEnv = (handler: string) => (fnProps(s, handler).Environment as { Variables: Props }).Variables;

  it('has the app clients of the web app and the server-side sign-in, and the old server client kept for one release', () => {
    const c = clients();
    expect(Object.keys(c).sort()).toEqual([`portal-${stageName}-server`, `portal-${stageName}-sign-in`, `portal-${stageName}-web`]);
    for (const { p } of Object.values(c)) {
      expect(refId(p.UserPoolId)).toBe(logicalId(s, s.stack.auth.pool));
      expect(p.EnableTokenRevocation).toBe(true);
      expect(p.PreventUserExistenceErrors).toBe('ENABLED');
    }
  });

  it("gives the server client a secret and propagates its user context data (the visitor's address); the web client (the browser's SRP) has neither", () => {
    const c = clients();
    const server = c[`portal-${stageName}-sign-in`]!.p;
    const web = c[`portal-${stageName}-web`]!.p;
    expect(server.GenerateSecret).toBe(true);
    expect(server.EnablePropagateAdditionalUserContextData).toBe(true);
    expect(web.GenerateSecret).toBe(false);
    expect(web.EnablePropagateAdditionalUserContextData).toBeUndefined();
  });

  // AWS refuses EnablePropagateAdditionalUserContextData on a client without a secret:
  // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_UserPoolClientType.html
  it('propagates user context data only on a client that has a secret', () => {
    for (const { p } of Object.values(clients())) if (p.EnablePropagateAdditionalUserContextData) expect(p.GenerateSecret).toBe(true);
  });

  it('allows SRP on the web client and USER_PASSWORD_AUTH on the server client, with refresh on both', () => {
    const c = clients();
    expect([...(c[`portal-${stageName}-web`]!.p.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect([...(c[`portal-${stageName}-sign-in`]!.p.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
  });

  // Adding a secret replaces a client; changing the old one in place would have CloudFormation
  // delete it at the end of the portal stack's update while the area stacks' functions still name it.
  it('keeps the old server client unchanged (same logical id, no secret) for one release, named by no function, its tokens still accepted', () => {
    const old = clients()[`portal-${stageName}-server`]!;
    expect(old.id).toBe(logicalId(s, s.stack.auth.retiringServerClient));
    // The logical id every stage deployed before this release holds: unchanged, so CloudFormation keeps the client.
    expect(old.id).toBe('AuthUsersServer4A98C69E');
    expect(old.p.GenerateSecret).toBe(false);
    expect(old.p.EnablePropagateAdditionalUserContextData).toBeUndefined();
    for (const r of routes) expect(JSON.stringify(routeEnv(r.handler))).not.toContain(old.id);
    const authorizer = ofType(s, 'AWS::ApiGatewayV2::Authorizer').find(([, r]) => r.Properties!.AuthorizerType === 'JWT')![1].Properties! as { JwtConfiguration: { Audience: unknown[] } };
    expect(authorizer.JwtConfiguration.Audience.map(refId)).toContain(old.id);
  });

  it('opens no OAuth flow: no code or implicit grant, no scopes, no callback or logout URLs', () => {
    for (const { p } of Object.values(clients())) {
      expect(p.AllowedOAuthFlowsUserPoolClient).toBe(false);
      for (const key of ['AllowedOAuthFlows', 'AllowedOAuthScopes', 'CallbackURLs', 'LogoutURLs', 'DefaultRedirectURI']) expect(p[key]).toBeUndefined();
      // The pool's own users only: no federated identity provider.
      expect(p.SupportedIdentityProviders).toEqual(['COGNITO']);
    }
  });

  it('lets the clients write the name only (no email, no custom attribute) and read email, its verification and the name', () => {
    for (const { p } of Object.values(clients())) {
      expect(p.WriteAttributes).toEqual(['name']);
      expect([...(p.ReadAttributes as string[])].sort()).toEqual(['email', 'email_verified', 'name']);
    }
  });

  it('keeps the old email until a new one is verified', () => {
    expect(pool().UserAttributeUpdateSettings).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
  });

  it('has optional MFA by authenticator app only (no SMS, so no SMS role)', () => {
    expect(pool().MfaConfiguration).toBe('OPTIONAL');
    expect(pool().EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool().SmsConfiguration).toBeUndefined();
    expect(ofType(s, 'AWS::IAM::Role').filter(([, r]) => JSON.stringify(r.Properties!.AssumeRolePolicyDocument).includes('cognito-idp.amazonaws.com'))).toEqual([]);
  });

  it("lets the pre-token trigger read the pool's MFA settings (AdminGetUser on this pool only), in a policy the function does not wait for", () => {
    const triggerRole = refId((s.resources[logicalId(s, s.stack.auth.triggers.preTokenGeneration.fn)]!.Properties!.Role as object) ?? {});
    const granting = ofType(s, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties!.PolicyDocument).includes('cognito-idp:AdminGetUser'));
    expect(granting).toHaveLength(1);
    const [policyId, policy] = granting[0]!;
    expect((policy.Properties!.Roles as object[]).map(refId)).toEqual([triggerRole]);
    const statements = (policy.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement;
    expect(statements).toEqual([{ Action: 'cognito-idp:AdminGetUser', Effect: 'Allow', Resource: { 'Fn::GetAtt': [logicalId(s, s.stack.auth.pool), 'Arn'] } }]);
    // The pool invokes the function, so the function must not depend on a policy that names the pool.
    const dependsOn = (s.resources[logicalId(s, s.stack.auth.triggers.preTokenGeneration.fn)]!.DependsOn as string[] | undefined) ?? [];
    expect(dependsOn).not.toContain(policyId);
  });

  it('has the staff group of lambdas/shared/resources/definitions.ts on the pool, with a description', () => {
    const groups = ofType(s, 'AWS::Cognito::UserPoolGroup');
    expect(groups).toHaveLength(1);
    const g = groups[0]![1].Properties!;
    expect(g.GroupName).toBe(userPool.staffGroup);
    expect(g.GroupName).toBe('staff');
    expect(refId(g.UserPoolId)).toBe(logicalId(s, s.stack.auth.pool));
    expect(String(g.Description)).toMatch(/administrators/);
  });

  it('turns threat protection on (Plus, enforced) or off (Essentials, no add-on) as the stage says', () => {
    if (s.stage.threatProtection) {
      expect(pool().UserPoolTier).toBe('PLUS');
      expect(pool().UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
    } else {
      expect(pool().UserPoolTier).toBe('ESSENTIALS');
      expect(pool().UserPoolAddOns).toBeUndefined();
    }
  });

  it('gives SERVER_CLIENT_ID, the server client, and its secret (SIGN_IN_SECRET_ID) to the sign-in, registration and reset functions only', () => {
    const server = clients()[`portal-${stageName}-sign-in`]!.id;
    const web = clients()[`portal-${stageName}-web`]!.id;
    const holders = routes.filter((r) => routeEnv(r.handler).SERVER_CLIENT_ID !== undefined).map((r) => r.handler);
    expect(holders.sort()).toEqual([...serverClient.handlers].sort());
    expect(holders.sort()).toEqual(['accounts/login', 'accounts/registration-verify', 'accounts/reset-password', 'accounts/reset-password-verify', 'users/send-account-mail']);
    for (const h of holders) expect(refId(routeEnv(h).SERVER_CLIENT_ID)).toBe(server);
    const secretHolders = routes.filter((r) => routeEnv(r.handler).SIGN_IN_SECRET_ID !== undefined).map((r) => r.handler);
    expect(secretHolders.sort()).toEqual(holders.sort());
    for (const h of holders) expect(refId(routeEnv(h).SIGN_IN_SECRET_ID)).toBe(logicalId(s, s.stack.secrets.secrets.signIn));
    for (const t of Object.values(s.stack.auth.triggers)) {
      expect(envOf(logicalId(s, t.fn)).SERVER_CLIENT_ID).toBeUndefined();
      expect(envOf(logicalId(s, t.fn)).SIGN_IN_SECRET_ID).toBeUndefined();
    }
    // The web client stays the one every function knows as USER_POOL_CLIENT_ID.
    for (const r of routes) expect(refId(routeEnv(r.handler).USER_POOL_CLIENT_ID)).toBe(web);
  });

  it("keeps the server client's secret in Secrets Manager, copied by CloudFormation from the client (no plain value), and nowhere else", () => {
    const server = clients()[`portal-${stageName}-sign-in`]!.id;
    const secret = s.resources[logicalId(s, s.stack.secrets.secrets.signIn)]!;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties!.SecretString).toEqual({ 'Fn::GetAtt': [server, 'ClientSecret'] });
    expect(secret.Properties!.Name).toBe(`portal/${stageName}/sign-in-client`);
    // The client's secret is read nowhere else in any template of the stage: no function's
    // environment, no output (another stack's read of it would show it in the console).
    const readers: string[] = [];
    for (const part of [s, s.jobs, s.watch, ...Object.values(s.areas)]) {
      const t = part.template.toJSON() as { Resources: Record<string, unknown>; Outputs?: Record<string, unknown> };
      for (const [id, r] of Object.entries({ ...t.Resources, ...(t.Outputs ?? {}) })) if (JSON.stringify(r).includes('"ClientSecret"')) readers.push(`${part.stack.stackName}/${id}`);
    }
    expect(readers).toEqual([`${s.stack.stackName}/${logicalId(s, s.stack.secrets.secrets.signIn)}`]);
  });

  it("accepts the tokens of both clients at the API's authorizer", () => {
    const [, authorizer] = ofType(s, 'AWS::ApiGatewayV2::Authorizer')[0]!;
    const audience = (authorizer.Properties!.JwtConfiguration as { Audience: unknown[] }).Audience.map(refId).sort();
    expect(audience).toEqual(Object.values(clients()).map((c) => c.id).sort());
  });

  it('tells every API function and trigger whether customers need MFA', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) expect(routeEnv(r.handler).MFA_FOR_CUSTOMERS).toBe(String(s.stage.mfaForCustomers));
    for (const t of Object.values(s.stack.auth.triggers)) expect(envOf(logicalId(s, t.fn)).MFA_FOR_CUSTOMERS).toBe(String(s.stage.mfaForCustomers));
  });
});

describe('mfaForCustomers', () => {
  it("reaches every function as 'true' when the stage sets it", () => {
    const s = synth('dev', { change: (raw) => (raw.mfaForCustomers = true) });
    const values = new Set([s, ...Object.values(s.areas)].flatMap((part) => ofType(part, 'AWS::Lambda::Function')).flatMap(([, f]) => {
      const v = (f.Properties!.Environment as { Variables?: Props } | undefined)?.Variables?.MFA_FOR_CUSTOMERS;
      return v === undefined ? [] : [v];
    }));
    expect([...values]).toEqual(['true']);
    const withMfa = (part: Pick<typeof s, 'resources'>) => ofType(part, 'AWS::Lambda::Function').filter(([, f]) => (f.Properties!.Environment as { Variables?: Props } | undefined)?.Variables?.MFA_FOR_CUSTOMERS === 'true');
    // The three triggers in the portal stack, every route's function in its area's stack.
    expect(withMfa(s)).toHaveLength(3);
    expect(Object.values(s.areas).reduce((n, a) => n + withMfa(a).length, 0)).toBe(new Set(routes.map((r) => r.handler)).size);
    // The jobs stack's functions read the same settings (dev mails through Cognito: no mail-feedback function).
    expect(withMfa(s.jobs)).toHaveLength(scheduled.length);
  });
});
