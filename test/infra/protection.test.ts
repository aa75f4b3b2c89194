/**
 * Issue 13 items 2-4 on the synthesised templates: WAF on CloudFront (made in us-east-1) and on the
 * user pool, the API refusing requests that did not come through CloudFront, the optional custom
 * domain, and Cognito's mail through SES.
 */
import { routes } from '../../lambdas/routes.js';
import { TOO_MANY } from '../../lambdas/shared/data/rate-limits.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/platform/http.js';
import { fnProps, logicalId, ofType, refId, synth, type Synth } from './support/synth.js';

interface Rule {
  Name: string;
  Priority: number;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey?: string } } };
  OverrideAction?: unknown;
  Statement: Record<string, unknown>;
}
interface AclProps {
  Scope: string;
  DefaultAction: unknown;
  Rules: Rule[];
  CustomResponseBodies?: Record<string, { ContentType: string; Content: string }>;
}

const aclsOf = (r: Pick<Synth, 'resources'>) => ofType(r, 'AWS::WAFv2::WebACL').map(([id, a]) => ({ id, ...(a.Properties as unknown as AclProps) }));
const managedGroups = (acl: AclProps) =>
  acl.Rules.flatMap((r) => {
    const m = r.Statement.ManagedRuleGroupStatement as { VendorName: string; Name: string } | undefined;
    return m ? [`${m.VendorName}:${m.Name}`] : [];
  });
/** The strings a scope-down statement matches (a single match or an OR of them). */
function matched(statement: Record<string, unknown>): string[] {
  const or = statement.OrStatement as { Statements: Record<string, unknown>[] } | undefined;
  if (or) return or.Statements.flatMap(matched);
  const byte = statement.ByteMatchStatement as { SearchString: string } | undefined;
  return byte ? [byte.SearchString] : [];
}
const distributionConfig = (s: Synth) => ofType(s, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as Record<string, unknown>;
const getStackOutput = (v: unknown) => (v as { 'Fn::GetStackOutput'?: { StackName: string; Region: string; OutputName: string } })['Fn::GetStackOutput'];

describe('a stage outside us-east-1 (staging, eu-west-1)', () => {
  let s: Synth;
  beforeAll(() => {
    s = synth('staging');
  });

  it('makes the CloudFront web ACL in Portal-staging-edge (us-east-1) and attaches it by a cross-region read', () => {
    expect(s.stack.region).toBe('eu-west-1');
    expect(s.edge!.stack.stackName).toBe('Portal-staging-edge');
    expect(s.edge!.stack.region).toBe('us-east-1');
    const [acl] = aclsOf(s.edge!);
    expect(acl!.Scope).toBe('CLOUDFRONT');
    expect(aclsOf(s).map((a) => a.Scope)).toEqual(['REGIONAL']);
    const ref = getStackOutput(distributionConfig(s).WebACLId)!;
    expect(ref).toMatchObject({ StackName: 'Portal-staging-edge', Region: 'us-east-1' });
    expect(s.edge!.template.toJSON().Outputs[ref.OutputName].Value).toEqual({ 'Fn::GetAtt': [acl!.id, 'Arn'] });
    // No custom resource is needed for the cross-region values.
    expect(Object.values(s.resources).filter((r) => r.Type.startsWith('Custom::') && /Export|CrossRegion/i.test(r.Type))).toEqual([]);
  });

  it('puts the managed rule groups and the sign-in rate rule on CloudFront, answering 429 with the portal message', () => {
    const [acl] = aclsOf(s.edge!);
    expect(acl!.DefaultAction).toEqual({ Allow: {} });
    expect(managedGroups(acl!)).toEqual(['AWS:AWSManagedRulesAmazonIpReputationList', 'AWS:AWSManagedRulesCommonRuleSet', 'AWS:AWSManagedRulesKnownBadInputsRuleSet']);
    const rate = acl!.Rules.find((r) => r.Statement.RateBasedStatement)!;
    const stmt = rate.Statement.RateBasedStatement as { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number; ScopeDownStatement: Record<string, unknown> };
    expect(stmt).toMatchObject({ Limit: s.stage.waf.signInRateLimit, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const limited = matched(stmt.ScopeDownStatement);
    expect(limited).toEqual(expect.arrayContaining(['/api/users/login', '/api/users/reset-password', '/api/users/user-registration/verify']));
    // Every public call made before there is a session is limited; nothing else is.
    const publicUserCalls = routes.filter((r) => r.access === 'public' && r.path.startsWith('/api/users/'));
    for (const r of publicUserCalls) expect(limited.some((p) => r.path.startsWith(p))).toBe(true);
    for (const r of routes.filter((x) => x.access !== 'public')) expect(limited.some((p) => r.path.startsWith(p))).toBe(false);
    expect(rate.Action!.Block!.CustomResponse).toEqual({ ResponseCode: 429, CustomResponseBodyKey: 'too-many' });
    expect(acl!.CustomResponseBodies!['too-many']).toEqual({ ContentType: 'APPLICATION_JSON', Content: JSON.stringify({ error: TOO_MANY }) });
    expect(new Set(acl!.Rules.map((r) => r.Priority)).size).toBe(acl!.Rules.length);
  });

  it("keeps the common rule set off file uploads and counts (not blocks) its 8 KB body rule", () => {
    const [acl] = aclsOf(s.edge!);
    const common = acl!.Rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!.Statement.ManagedRuleGroupStatement as Record<string, unknown>;
    expect(common.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    const skipped = matched((common.ScopeDownStatement as { NotStatement: { Statement: Record<string, unknown> } }).NotStatement.Statement);
    expect(skipped).toEqual(routes.filter((r) => r.fileBody).map((r) => r.path));
    expect(skipped).toEqual(['/api/s3/uploaddocument']);
  });

  it('limits Cognito sign-in and reset calls per address with a regional web ACL on the user pool', () => {
    const [acl] = aclsOf(s);
    expect(managedGroups(acl!)).toEqual(['AWS:AWSManagedRulesAmazonIpReputationList']);
    const rate = acl!.Rules.find((r) => r.Statement.RateBasedStatement)!.Statement.RateBasedStatement as { Limit: number; ScopeDownStatement: Record<string, unknown> };
    expect(rate.Limit).toBe(s.stage.waf.signInRateLimit);
    expect(matched(rate.ScopeDownStatement).sort()).toEqual(
      ['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword'].map((a) => `AWSCognitoIdentityProviderService.${a}`).sort(),
    );
    const block = acl!.Rules.find((r) => r.Statement.RateBasedStatement)!.Action!.Block!.CustomResponse!;
    expect(block).toEqual({ ResponseCode: 429, CustomResponseBodyKey: 'too-many' });
    expect(JSON.parse(acl!.CustomResponseBodies!['too-many']!.Content)).toEqual({ __type: 'TooManyRequestsException', message: TOO_MANY });
    s.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [logicalId(s, s.stack.auth.pool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [acl!.id, 'Arn'] },
    });
  });

  it('sends a generated secret as x-origin-verify to the API origin only, and gives the same value to every route function', () => {
    const secretId = logicalId(s, s.stack.secrets.originVerify);
    const value = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    expect(s.resources[secretId]!.Properties!.GenerateSecretString).toMatchObject({ PasswordLength: 40, ExcludePunctuation: true });
    const origins = distributionConfig(s).Origins as { CustomOriginConfig?: unknown; S3OriginConfig?: unknown; OriginCustomHeaders?: unknown }[];
    const api = origins.filter((o) => o.CustomOriginConfig);
    expect(api).toHaveLength(1);
    expect(api[0]!.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: value }]);
    for (const o of origins.filter((x) => !x.CustomOriginConfig)) expect(o.OriginCustomHeaders).toBeUndefined();
    for (const r of routes) {
      const fn = { Properties: fnProps(s, r.handler) };
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_VERIFY).toEqual(value);
    }
    // Resolved at deploy: no role may read the secret at run time.
    for (const [, policy] of ofType(s, 'AWS::IAM::Policy')) expect(JSON.stringify(policy.Properties!.PolicyDocument)).not.toContain(secretId);
    // Cognito triggers are not called through the API: no copy of the value.
    for (const t of Object.values(s.stack.auth.triggers)) {
      expect((s.resources[logicalId(s, t.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables).not.toHaveProperty('ORIGIN_VERIFY');
    }
  });

  it('pins the value to the version named in originVerifyVersionId, in the distribution and every function together', () => {
    const versionId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    const v = synth('staging', { change: (raw) => (raw.originVerifyVersionId = versionId) });
    const secretId = logicalId(v, v.stack.secrets.originVerify);
    const pinned = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, `:SecretString:::${versionId}}}`]] };
    const origins = distributionConfig(v).Origins as { CustomOriginConfig?: unknown; OriginCustomHeaders?: unknown }[];
    expect(origins.find((o) => o.CustomOriginConfig)!.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: pinned }]);
    for (const r of routes) {
      const fn = { Properties: fnProps(v, r.handler) };
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_VERIFY).toEqual(pinned);
    }
  });

  it('stays within CloudFormation limits: under 60 dynamic references and 500 resources per stack', () => {
    const refs = JSON.stringify(s.template.toJSON()).match(/\{\{resolve:/g) ?? [];
    expect(refs.length).toBeLessThan(60);
    expect(Object.keys(s.resources).length).toBeLessThan(500);
  });

  it('sends Cognito mail through SES with the sender and reply-to of its settings', () => {
    const mail = s.stage.mail!;
    const pool = ofType(s, 'AWS::Cognito::UserPool')[0]![1].Properties!;
    expect(pool.EmailConfiguration).toEqual({
      EmailSendingAccount: 'DEVELOPER',
      // The display name is quoted: it holds parentheses.
      From: `"${mail.fromName}" <${mail.from}>`,
      ReplyToEmailAddress: mail.replyTo,
      // The stage is pinned to its account (cdk.json), so the identity's ARN names it.
      SourceArn: `arn:aws:ses:eu-west-1:${s.stage.account}:identity/${mail.sesIdentity}`,
      // The stage's configuration set, whose bounce and complaint rates are alarmed (test/infra/rollout.test.ts).
      ConfigurationSet: { Ref: logicalId(s, s.stack.auth.mailConfigurationSet!) },
    });
    expect(mail.fromName).toBe('Comfort Portal (staging)');
  });

  it('has no custom domain: no certificate, no alias records, the CloudFront address in mails', () => {
    expect(ofType(s.edge!, 'AWS::CertificateManager::Certificate')).toEqual([]);
    expect(ofType(s, 'AWS::Route53::RecordSet')).toEqual([]);
    expect(distributionConfig(s).Aliases).toBeUndefined();
  });
});

describe('a stage with a custom domain (prod)', () => {
  let s: Synth;
  beforeAll(() => {
    s = synth('prod');
  });

  it('validates a certificate for the name by DNS in the hosted zone, in us-east-1', () => {
    const d = s.stage.domain!;
    s.edge!.template.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: d.name,
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: d.name, HostedZoneId: d.hostedZoneId }],
    });
  });

  it('serves the name on CloudFront with that certificate and TLS 1.2, with A and AAAA aliases in the zone', () => {
    const d = s.stage.domain!;
    const dc = distributionConfig(s);
    expect(dc.Aliases).toEqual([d.name]);
    const cert = dc.ViewerCertificate as { AcmCertificateArn: unknown; MinimumProtocolVersion: string; SslSupportMethod: string };
    expect(cert.MinimumProtocolVersion).toBe('TLSv1.2_2021');
    expect(cert.SslSupportMethod).toBe('sni-only');
    expect(getStackOutput(cert.AcmCertificateArn)).toMatchObject({ StackName: 'Portal-prod-edge', Region: 'us-east-1' });
    const records = ofType(s, 'AWS::Route53::RecordSet').map(([, r]) => r.Properties as { Name: string; Type: string; HostedZoneId: string; AliasTarget: { DNSName: unknown } });
    expect(records.map((r) => r.Type).sort()).toEqual(['A', 'AAAA']);
    for (const r of records) {
      expect(r).toMatchObject({ Name: `${d.name}.`, HostedZoneId: d.hostedZoneId });
      expect(refId(r.AliasTarget.DNSName)).toBe(logicalId(s, s.stack.web.distribution));
    }
  });

  it('puts the custom address in invitation and reset mails and in the PortalUrl output', () => {
    const url = `https://${s.stage.domain!.name}`;
    const env = (s.resources[logicalId(s, s.stack.auth.triggers.customMessage.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.PUBLIC_URL).toBe(url);
    expect(s.template.toJSON().Outputs.PortalUrl.Value).toBe(url);
  });
});

describe('a stage in us-east-1', () => {
  it('is one stack: both web ACLs, the certificate and the CloudFront alarm sit in it', () => {
    const s = synth('prod', { change: (raw) => Object.assign(raw, { region: 'us-east-1' }) });
    expect(s.edge).toBeUndefined();
    expect(aclsOf(s).map((a) => a.Scope).sort()).toEqual(['CLOUDFRONT', 'REGIONAL']);
    const cloudFrontAcl = aclsOf(s).find((a) => a.Scope === 'CLOUDFRONT')!;
    expect(distributionConfig(s).WebACLId).toEqual({ 'Fn::GetAtt': [cloudFrontAcl.id, 'Arn'] });
    expect(ofType(s, 'AWS::CertificateManager::Certificate')).toHaveLength(1);
  });
});

describe("a stage using Cognito's own mail (dev)", () => {
  it('has no SES configuration', () => {
    const s = synth('dev');
    expect(s.stage.mail).toBeUndefined();
    s.template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
  });
});
