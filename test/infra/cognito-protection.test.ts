/**
 * Cognito's protection in code (docs/deploying.md "Cognito protection"): threat protection's risk actions
 * per stage, and the rule that ends a user's other sessions after a password change through
 * Cognito's public ChangePassword.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { loadStage } from '../../infra/config.js';
import { SKIP_BUNDLING_CONTEXT } from '../../infra/function-construct.js';
import { changePasswordPattern, PASSWORD_CHANGED_HANDLER, PasswordChangeConstruct } from '../../infra/password-change-construct.js';
import { logicalId, ofType, refId, roleStatements, stages, synth, type Synth } from './support/synth.js';

const synths: Record<string, Synth> = {};
const of = (stage: string) => (synths[stage] ??= synth(stage));

describe('threat protection risk actions (CfnUserPoolRiskConfigurationAttachment)', () => {
  it.each(['staging', 'prod'])('%s: blocks high risk and asks for the authenticator at medium, mailing the user through SES; blocks leaked passwords', (stage) => {
    const s = of(stage);
    const attachments = ofType(s, 'AWS::Cognito::UserPoolRiskConfigurationAttachment');
    expect(attachments).toHaveLength(1);
    const p = attachments[0]![1].Properties!;
    expect(refId(p.UserPoolId)).toBe(logicalId(s, s.stack.auth.pool));
    expect(p.ClientId).toBe('ALL');
    const takeover = p.AccountTakeoverRiskConfiguration as { Actions: Record<string, { EventAction: string; Notify: boolean }>; NotifyConfiguration: { From: string; SourceArn: unknown } };
    expect(takeover.Actions).toEqual({
      HighAction: { EventAction: 'BLOCK', Notify: true },
      MediumAction: { EventAction: 'MFA_IF_CONFIGURED', Notify: true },
      LowAction: { EventAction: 'NO_ACTION', Notify: false },
    });
    expect(takeover.NotifyConfiguration.From).toBe(s.stage.mail!.from);
    expect(JSON.stringify(takeover.NotifyConfiguration.SourceArn)).toContain(`:identity/${s.stage.mail!.sesIdentity}`);
    expect(p.CompromisedCredentialsRiskConfiguration).toEqual({ Actions: { EventAction: 'BLOCK' } });
  });

  it('has none where threat protection is off (dev: Essentials, where risk configuration is not available)', () => {
    expect(ofType(of('dev'), 'AWS::Cognito::UserPoolRiskConfigurationAttachment')).toEqual([]);
  });

  it("follows the stage's settings, and refuses 'notify' without mail, naming the setting", () => {
    const s = synth('dev', { change: (raw) => Object.assign(raw, { threatProtection: true, riskActions: { high: 'mfa', medium: 'allow', compromisedCredentials: 'allow' } }) });
    const p = ofType(s, 'AWS::Cognito::UserPoolRiskConfigurationAttachment')[0]![1].Properties!;
    expect((p.AccountTakeoverRiskConfiguration as { Actions: unknown }).Actions).toEqual({
      HighAction: { EventAction: 'MFA_IF_CONFIGURED', Notify: false },
      MediumAction: { EventAction: 'NO_ACTION', Notify: false },
      LowAction: { EventAction: 'NO_ACTION', Notify: false },
    });
    expect(p.AccountTakeoverRiskConfiguration).not.toHaveProperty('NotifyConfiguration');
    expect(p.CompromisedCredentialsRiskConfiguration).toEqual({ Actions: { EventAction: 'NO_ACTION' } });
    expect(() => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), riskActions: { medium: 'notify' } } })).toThrow(/stages\.dev\.riskActions: needs `mail`/);
    expect(() => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), riskActions: { high: 'maybe' } } })).toThrow(/stages\.dev\.riskActions\.high/);
  });
});

describe('a password changed through Cognito ends the other sessions (PasswordChangeConstruct)', () => {
  // Stack-agnostic: made here in a stack of its own with the users table and the pool by reference,
  // as the jobs stack would make it.
  const stage = loadStage('prod', stages);
  const app = new App({ context: { [SKIP_BUNDLING_CONTEXT]: true, 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'Jobs', { env: { account: '222222222222', region: 'eu-west-1' } });
  const users = dynamodb.TableV2.fromTableArn(stack, 'Users', 'arn:aws:dynamodb:eu-west-1:222222222222:table/portal-prod-users');
  const pool = cognito.UserPool.fromUserPoolArn(stack, 'Pool', 'arn:aws:cognito-idp:eu-west-1:222222222222:userpool/eu-west-1_Example');
  const pc = new PasswordChangeConstruct(stack, 'PasswordChange', { stage, users, pool });
  const resources = Template.fromStack(stack).toJSON().Resources as Synth['resources'];
  const s = { stack, resources };

  it('has an EventBridge rule on CloudTrail ChangePassword invoking the handler live alias, and nothing else may', () => {
    const rule = resources[logicalId(s, pc.rule)]!.Properties!;
    expect(rule.EventPattern).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: ['ChangePassword'] },
    });
    expect(changePasswordPattern.detail).toEqual({ eventSource: ['cognito-idp.amazonaws.com'], eventName: ['ChangePassword'] });
    const [target] = rule.Targets as { Arn: unknown }[];
    expect(refId(target!.Arn)).toBe(logicalId(s, pc.fn.alias));
    expect(pc.fn.handler).toBe(PASSWORD_CHANGED_HANDLER);
    const permissions = ofType(s, 'AWS::Lambda::Permission').filter(([, p]) => refId(p.Properties!.FunctionName) === logicalId(s, pc.fn.alias));
    expect(permissions.map(([, p]) => p.Properties!.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('lets the handler read and update users items and sign this pool’s users out, nothing more', () => {
    const fn = resources[logicalId(s, pc.fn.fn)]!.Properties!;
    const statements = roleStatements(s, refId(fn.Role)!).filter((st) => !/xray:|logs:/.test(JSON.stringify(st.Action)));
    expect(statements.flatMap((st) => [st.Action].flat()).sort()).toEqual(['cognito-idp:AdminUserGlobalSignOut', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
    const resourcesOf = (action: string) => JSON.stringify(statements.filter((st) => JSON.stringify(st.Action).includes(action)).map((st) => st.Resource));
    expect(resourcesOf('cognito-idp')).toContain('userpool/eu-west-1_Example');
    expect(resourcesOf('dynamodb')).toContain('table/portal-prod-users');
    expect(resourcesOf('dynamodb')).not.toContain('index');
    expect((fn.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({ USER_POOL_ID: 'eu-west-1_Example', USERS_TABLE: 'portal-prod-users' });
  });
});

describe("the server-side client's reach (kept, README 'Cognito protection')", () => {
  it.each(['dev', 'prod'])("%s: allows password sign-in and refresh only, and the user pool's WAF limits InitiateAuth per address whatever the client", (stage) => {
    const s = of(stage);
    const client = s.resources[logicalId(s, s.stack.auth.serverClient)]!.Properties!;
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    const acl = s.resources[s.stack.resolve(s.stack.userPoolWaf.acl.logicalId) as string]!.Properties!;
    const rule = (acl.Rules as { Name: string; Statement: { RateBasedStatement: { AggregateKeyType: string; ScopeDownStatement: unknown } } }[]).find((r) => r.Name === 'SignInRateLimit')!;
    expect(rule.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
    const scope = JSON.stringify(rule.Statement.RateBasedStatement.ScopeDownStatement);
    expect(scope).toContain('AWSCognitoIdentityProviderService.InitiateAuth');
    // Matched on the action alone: a direct call on the server client is counted like the web app's.
    expect(scope).not.toMatch(/ClientId|Body|JsonBody/);
  });
});
