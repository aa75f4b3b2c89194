/**
 * Cognito's protection in code (README "Cognito protection"): threat protection's risk actions
 * per stage, and the rule that ends a user's other sessions after a password change through
 * Cognito's public ChangePassword.
 */
import { loadStage } from '../../infra/config.js';
import { changePasswordPattern, PASSWORD_CHANGED_HANDLER } from '../../infra/password-change-construct.js';
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

describe('a password changed through Cognito ends the other sessions', () => {
  it.each(['dev', 'prod'])('%s: an EventBridge rule on CloudTrail ChangePassword invokes the handler live alias', (stage) => {
    const s = of(stage);
    const pc = s.stack.auth.passwordChange;
    const rule = s.resources[logicalId(s, pc.rule)]!.Properties!;
    expect(rule.EventPattern).toEqual({
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: ['ChangePassword'] },
    });
    expect(changePasswordPattern.detail).toEqual({ eventSource: ['cognito-idp.amazonaws.com'], eventName: ['ChangePassword'] });
    const [target] = rule.Targets as { Arn: unknown }[];
    expect(refId(target!.Arn)).toBe(logicalId(s, pc.fn.alias));
    expect(pc.fn.handler).toBe(PASSWORD_CHANGED_HANDLER);
    // EventBridge may invoke the alias.
    const permissions = ofType(s, 'AWS::Lambda::Permission').filter(([, p]) => refId(p.Properties!.FunctionName) === logicalId(s, pc.fn.alias));
    expect(permissions.map(([, p]) => p.Properties!.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('lets the handler read and update users items and sign this pool’s users out, nothing more', () => {
    const s = of('prod');
    const pc = s.stack.auth.passwordChange;
    const fn = s.resources[logicalId(s, pc.fn.fn)]!.Properties!;
    const roleId = refId(fn.Role)!;
    const statements = roleStatements(s, roleId).filter((st) => !JSON.stringify(st.Action).includes('xray:') && !JSON.stringify(st.Action).includes('logs:'));
    const actions = statements.flatMap((st) => [st.Action].flat()).sort();
    expect(actions).toEqual(['cognito-idp:AdminUserGlobalSignOut', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
    const cognitoStatement = statements.find((st) => JSON.stringify(st.Action).includes('cognito-idp'))!;
    expect(refId(cognitoStatement.Resource)).toBe(logicalId(s, s.stack.auth.pool));
    expect((fn.Environment as { Variables: Record<string, unknown> }).Variables).toHaveProperty('USER_POOL_ID');
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
