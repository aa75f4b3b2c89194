/**
 * The local stack's user pool, made as the CDK app's (lambdas/shared/resources/definitions.ts): the pool
 * and its two clients (kept across restarts while the emulator still has them): the web app's and
 * the server client with its secret; the staff group, and the demo administrators' authenticator.
 */
import {
  AdminGetUserCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { log } from '../../lambdas/shared/platform/log.js';
import { serverClient, userPool, userPoolClient } from '../../lambdas/shared/resources/definitions.js';
import { triggerHandlers } from './cognito.js';
import type { DemoAccount } from './stack.js';
import { DEMO_TOTP_SECRET, enrolLocalAuthenticator } from './totp.js';

export async function poolAndClient(
  client: CognitoIdentityProviderClient,
  state: { userPoolId?: string; userPoolClientId?: string },
  productName: string,
  region: string,
  tokenSeconds?: number,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  if (state.userPoolId && state.userPoolClientId) {
    try {
      await client.send(new DescribeUserPoolClientCommand({ UserPoolId: state.userPoolId, ClientId: state.userPoolClientId }));
      return { userPoolId: state.userPoolId, userPoolClientId: state.userPoolClientId };
    } catch {
      log.warn('the recorded user pool is gone: creating a new one', { userPoolId: state.userPoolId });
    }
  }
  const p = userPool.passwordPolicy;
  const arn = (name: string) => `arn:aws:lambda:${region}:000000000000:function:portal-local-${name.replace(/\//g, '-')}`;
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: `portal-local`,
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: {
          MinimumLength: p.minLength,
          RequireLowercase: p.requireLowercase,
          RequireUppercase: p.requireUppercase,
          RequireNumbers: p.requireDigits,
          RequireSymbols: p.requireSymbols,
          TemporaryPasswordValidityDays: userPool.temporaryPasswordValidityDays,
        },
      },
      Schema: userPool.standardAttributes.map((name) => ({ Name: name, AttributeDataType: 'String', Mutable: true, Required: name === 'email' })),
      // As on AWS: TOTP optional per user (staff must enrol: the API holds them to it).
      MfaConfiguration: 'OPTIONAL',
      // As on AWS: a user's own email change waits for its code (cognito-local keeps it aside meanwhile).
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      // Recorded as on AWS; cognito-local invokes the triggers configured in cognito.ts.
      LambdaConfig: {
        PreTokenGeneration: arn(triggerHandlers.PreTokenGeneration),
        CustomMessage: arn(triggerHandlers.CustomMessage),
        PostConfirmation: arn(triggerHandlers.PostConfirmation),
      },
      UserPoolTags: { product: productName },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const c = userPoolClient;
  // The web client also allows USER_PASSWORD_AUTH: cognito-local has no SRP, so the browser signs in with the password locally.
  const flows = ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', ...(c.authFlows.userSrp ? ['ALLOW_USER_SRP_AUTH'] : [])];
  const created = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'portal-web',
      GenerateSecret: c.generateSecret,
      ExplicitAuthFlows: flows as never,
      ...sharedClientSettings(tokenSeconds),
      // As on AWS: the browser may write its name, no identity attribute (cognito-local records it).
      WriteAttributes: [...c.writeAttributes],
    }),
  );
  return { userPoolId, userPoolClientId: created.UserPoolClient!.ClientId! };
}

/** What both local app clients take from the web client's definition: token lifetimes (seconds in the tests that let tokens expire), existence errors, revocation. */
function sharedClientSettings(tokenSeconds?: number) {
  const c = userPoolClient;
  return {
    IdTokenValidity: tokenSeconds ?? c.idTokenValidityMinutes,
    AccessTokenValidity: tokenSeconds ?? c.accessTokenValidityMinutes,
    RefreshTokenValidity: c.refreshTokenValidityDays,
    TokenValidityUnits: tokenSeconds
      ? { IdToken: 'seconds' as const, AccessToken: 'seconds' as const, RefreshToken: 'days' as const }
      : { IdToken: 'minutes' as const, AccessToken: 'minutes' as const, RefreshToken: 'days' as const },
    PreventUserExistenceErrors: c.preventUserExistenceErrors ? ('ENABLED' as const) : ('LEGACY' as const),
    EnableTokenRevocation: c.enableTokenRevocation,
  };
}

/**
 * The server client (the sign-in, registration and reset routes'), as on AWS: USER_PASSWORD_AUTH
 * and a secret Cognito generates (cognito-local does, with GenerateSecret); also added to a pool
 * made by an earlier release. Its id and secret: the secret goes to the Secrets Manager stand-in only.
 */
export async function ensureServerClient(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  state: { serverClientId?: string },
  tokenSeconds?: number,
): Promise<{ serverClientId: string; serverClientSecret: string }> {
  if (state.serverClientId) {
    const known = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: state.serverClientId })).catch(() => undefined);
    const secret = known?.UserPoolClient?.ClientSecret;
    if (secret) return { serverClientId: state.serverClientId, serverClientSecret: secret };
  }
  const created = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'portal-server',
      GenerateSecret: serverClient.generateSecret,
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH', ...(serverClient.authFlows.userPassword ? (['ALLOW_USER_PASSWORD_AUTH'] as const) : [])],
      ...sharedClientSettings(tokenSeconds),
      EnablePropagateAdditionalUserContextData: serverClient.propagateUserContextData,
      WriteAttributes: [...userPoolClient.writeAttributes],
    }),
  );
  const made = created.UserPoolClient!;
  if (!made.ClientSecret) throw new Error('The local pool made the server client without a secret');
  return { serverClientId: made.ClientId!, serverClientSecret: made.ClientSecret };
}

/** The pool's staff group (administrators are its members), also in a pool made by an earlier release. */
export async function ensureStaffGroup(client: CognitoIdentityProviderClient, userPoolId: string) {
  // ListGroups, not GetGroup: cognito-local's "group not found" reaches the SDK as an UnknownError.
  const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (groups.Groups?.some((g) => g.GroupName === userPool.staffGroup)) return;
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: userPool.staffGroup, Description: 'Administrators (with a verified staff-domain email)' }));
}

/**
 * The demo's administrators sign in with a code from DEMO_TOTP_SECRET (printed by `npm run demo`)
 * from the first start on; one who has since set up an app of their own keeps it.
 */
export async function enrolDemoAdministrators(client: CognitoIdentityProviderClient, endpoint: string, userPoolId: string, accounts: DemoAccount[], staffDomains: string[]) {
  for (const a of accounts) {
    if (!staffDomains.includes(a.email.split('@').pop()!.toLowerCase())) continue;
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: a.email })).catch(() => undefined);
    if (!user || user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) continue;
    await enrolLocalAuthenticator(endpoint, userPoolId, a.email, DEMO_TOTP_SECRET);
  }
}
