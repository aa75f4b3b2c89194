/**
 * The example stages of cdk.json differ where their settings say and nowhere else that matters to
 * devops: log retention, mail (Cognito's own or SES), WAF limits, alarms and where they mail,
 * keeping data on deletion, document versions, custom domain, API throttling, and Cognito's feature
 * plan with threat protection and MFA. Each stage's expected values are written out here, so a
 * changed setting or construct shows in this table.
 */
import { areas, routes, scheduled } from '../../lambdas/routes.js';
import { tables } from '../../lambdas/shared/resources/tables.js';
import { logicalId, ofType, stages, synth, type Synth } from './support/synth.js';

type Resources = Synth['resources'];
type Raw = Resources[string] & { DeletionPolicy?: string };

function summary(s: Synth) {
  const stacks = [s.edge, s, ...Object.values(s.areas), s.jobs, s.watch, s.edgeWatch].filter((x): x is NonNullable<typeof x> => !!x);
  const all: [string, Raw][] = stacks.flatMap((x) => Object.entries(x.resources) as [string, Raw][]);
  const of = (type: string) => all.filter(([, r]) => r.Type === type).map(([, r]) => r);
  const pool = of('AWS::Cognito::UserPool')[0]!;
  const mail = pool.Properties!.EmailConfiguration as { EmailSendingAccount: string; From?: string };
  const documents = s.resources[logicalId(s, s.stack.storage.documents)] as Raw;
  const apiStage = of('AWS::ApiGatewayV2::Stage')[0]!.Properties!.DefaultRouteSettings as { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
  const distribution = of('AWS::CloudFront::Distribution')[0]!.Properties!.DistributionConfig as { Aliases?: string[] };
  const rateLimits = of('AWS::WAFv2::WebACL').flatMap((a) =>
    (a.Properties!.Rules as { Statement: { RateBasedStatement?: { Limit: number } } }[]).flatMap((r) => (r.Statement.RateBasedStatement ? [r.Statement.RateBasedStatement.Limit] : [])),
  );
  return {
    stacks: stacks.map((x) => `${x.stack.stackName} (${x.stack.region})`),
    logRetentionDays: [...new Set(of('AWS::Logs::LogGroup').map((g) => g.Properties!.RetentionInDays))],
    mail: mail.EmailSendingAccount === 'DEVELOPER' ? `SES ${mail.From}` : 'Cognito',
    webAcls: of('AWS::WAFv2::WebACL').map((a) => a.Properties!.Scope).sort(),
    signInRateLimits: [...new Set(rateLimits)],
    alarms: of('AWS::CloudWatch::Alarm').length,
    cloudFrontAlarms: of('AWS::CloudWatch::Alarm').filter((a) => a.Properties!.Namespace === 'AWS/CloudFront').length,
    alarmMailTo: of('AWS::SNS::Subscription').filter((x) => x.Properties!.Protocol === 'email').map((x) => x.Properties!.Endpoint),
    keptOnDeletion: [...new Set([pool, ...of('AWS::DynamoDB::GlobalTable'), documents].map((r) => r.DeletionPolicy))],
    deletionProtection: {
      pool: pool.Properties!.DeletionProtection,
      tables: [...new Set(of('AWS::DynamoDB::GlobalTable').map((t) => (t.Properties!.Replicas as { DeletionProtectionEnabled?: boolean }[])[0]!.DeletionProtectionEnabled ?? false))],
    },
    documentsVersioned: !!documents.Properties!.VersioningConfiguration,
    domain: distribution.Aliases ?? [],
    certificates: of('AWS::CertificateManager::Certificate').length,
    apiThrottle: [apiStage.ThrottlingRateLimit, apiStage.ThrottlingBurstLimit],
    cognito: {
      plan: pool.Properties!.UserPoolTier,
      threatProtection: (pool.Properties!.UserPoolAddOns as { AdvancedSecurityMode?: string } | undefined)?.AdvancedSecurityMode ?? 'none',
      mfa: [pool.Properties!.MfaConfiguration, ...(pool.Properties!.EnabledMfas as string[])],
      mfaForCustomers: [...new Set(of('AWS::Lambda::Function').flatMap((f) => {
        const v = (f.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.MFA_FOR_CUSTOMERS;
        return v === undefined ? [] : [v];
      }))],
    },
  };
}

/**
 * Per function (the routes', the jobs', the three Cognito triggers' and the API's origin authorizer's): its failures alarm (in its
 * own stack), throttles and duration (tickets); throttling per table (tickets); the pages: API 5xx
 * rate, the first visit's p99, failed sign-ins, the triggers' errors and duration, each scheduled
 * job's failures and heartbeat; CloudFront 5xx rate. A canary stage adds each area's pre-traffic
 * hook (its failures alarm, its ticket alarms); SES mail the bounce and complaint rates and the
 * mail-feedback function's three.
 */
const FUNCTIONS = new Set(routes.map((r) => r.handler)).size + scheduled.length + 3 + 1 + 1;
const ALARMS = FUNCTIONS * 3 + Object.keys(tables).length + 1 + 4 + 2 * scheduled.length + 1;
const HOOK_ALARMS = Object.keys(areas).length;
const SES_ALARMS = 2 + 3;
const base = { webAcls: ['CLOUDFRONT', 'REGIONAL'], cloudFrontAlarms: 1, alarms: ALARMS };
const plus = { plan: 'PLUS', threatProtection: 'ENFORCED', mfa: ['OPTIONAL', 'SOFTWARE_TOKEN_MFA'], mfaForCustomers: ['false'] };

const expected: Record<string, ReturnType<typeof summary>> = {
  dev: {
    ...base,
    stacks: ['Portal-dev-edge (us-east-1)', 'Portal-dev (eu-west-1)', 'Portal-dev-accounts (eu-west-1)', 'Portal-dev-users (eu-west-1)', 'Portal-dev-documents (eu-west-1)', 'Portal-dev-reports (eu-west-1)', 'Portal-dev-operations (eu-west-1)', 'Portal-dev-jobs (eu-west-1)', 'Portal-dev-watch (eu-west-1)', 'Portal-dev-edge-watch (us-east-1)'],
    logRetentionDays: [14],
    mail: 'Cognito',
    signInRateLimits: [300],
    alarmMailTo: ['portal-dev-alarms@example.com', 'portal-dev-alarms@example.com', 'portal-dev-alarms@example.com'],
    keptOnDeletion: ['Delete'],
    deletionProtection: { pool: 'INACTIVE', tables: [false] },
    documentsVersioned: false,
    domain: [],
    certificates: 0,
    apiThrottle: [50, 100],
    cognito: { plan: 'ESSENTIALS', threatProtection: 'none', mfa: ['OPTIONAL', 'SOFTWARE_TOKEN_MFA'], mfaForCustomers: ['false'] },
  },
  staging: {
    ...base,
    alarms: ALARMS + SES_ALARMS + HOOK_ALARMS,
    stacks: ['Portal-staging-edge (us-east-1)', 'Portal-staging (eu-west-1)', 'Portal-staging-accounts (eu-west-1)', 'Portal-staging-users (eu-west-1)', 'Portal-staging-documents (eu-west-1)', 'Portal-staging-reports (eu-west-1)', 'Portal-staging-operations (eu-west-1)', 'Portal-staging-jobs (eu-west-1)', 'Portal-staging-watch (eu-west-1)', 'Portal-staging-edge-watch (us-east-1)'],
    logRetentionDays: [30],
    mail: 'SES "Comfort Portal (staging)" <portal-staging@example.com>',
    signInRateLimits: [100],
    alarmMailTo: ['portal-staging-alarms@example.com', 'portal-staging-alarms@example.com', 'portal-staging-alarms@example.com'],
    keptOnDeletion: ['Delete'],
    deletionProtection: { pool: 'INACTIVE', tables: [false] },
    documentsVersioned: true,
    domain: [],
    certificates: 0,
    apiThrottle: [50, 100],
    cognito: plus,
  },
  prod: {
    ...base,
    alarms: ALARMS + SES_ALARMS + HOOK_ALARMS,
    stacks: ['Portal-prod-edge (us-east-1)', 'Portal-prod (eu-west-1)', 'Portal-prod-accounts (eu-west-1)', 'Portal-prod-users (eu-west-1)', 'Portal-prod-documents (eu-west-1)', 'Portal-prod-reports (eu-west-1)', 'Portal-prod-operations (eu-west-1)', 'Portal-prod-jobs (eu-west-1)', 'Portal-prod-watch (eu-west-1)', 'Portal-prod-edge-watch (us-east-1)'],
    logRetentionDays: [365],
    mail: 'SES Comfort Portal <portal@example.com>',
    signInRateLimits: [100],
    alarmMailTo: ['portal-alarms@example.com', 'portal-alarms@example.com', 'portal-alarms@example.com'],
    keptOnDeletion: ['RetainExceptOnCreate'],
    deletionProtection: { pool: 'ACTIVE', tables: [true] },
    documentsVersioned: true,
    domain: ['portal.example.com'],
    certificates: 1,
    apiThrottle: [200, 400],
    cognito: plus,
  },
};

describe('the example stages', () => {
  const summaries: Record<string, ReturnType<typeof summary>> = {};
  // With aws-cdk-lib's check of each template against CloudFormation's schemas, off in the other
  // template tests' syntheses: a template it refuses fails here.
  beforeAll(() => {
    for (const name of Object.keys(stages)) summaries[name] = summary(synth(name, { validate: true }));
  });

  it('are dev, staging and prod', () => {
    expect(Object.keys(stages)).toEqual(['dev', 'staging', 'prod']);
  });

  it.each(Object.keys(expected))('%s has the retention, mail, WAF, alarms, data keeping, domain, throttling and Cognito plan its settings say', (name) => {
    expect(summaries[name]).toEqual(expected[name]);
  });

  it('every log group keeps logs as its stage says, none forever', () => {
    for (const [name, x] of Object.entries(summaries)) expect(x.logRetentionDays).toEqual([(stages[name] as { logRetentionDays: number }).logRetentionDays]);
  });

  // The summaries are read from every stack of the stage, not the main stack alone.
  it('reads the us-east-1 stacks too', () => {
    expect(ofType(synth('dev').edge!, 'AWS::WAFv2::WebACL')).toHaveLength(1);
  });
});
