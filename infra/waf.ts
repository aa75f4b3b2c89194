/**
 * AWS WAF for one stage:
 * - on CloudFront (scope CLOUDFRONT, so made in us-east-1): Amazon's IP-reputation list, a
 *   rate-based rule on the portal's sign-in, reset and registration calls, the common rule set and
 *   the known-bad-inputs rule set;
 * - on the user pool (scope REGIONAL, the stage's region): the browser signs in against Cognito's
 *   own endpoint, not through CloudFront, so the same per-address limit is put on Cognito's
 *   sign-in, challenge and reset actions there, beside the IP-reputation list.
 */
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { TOO_MANY } from '../lambdas/shared/data/rate-limits.js';
import { routes } from '../lambdas/routes.js';
import type { Stage } from './config.js';

/** The portal's calls made before there is a session: limited per client address. */
export const signInPaths = [...new Set(routes.filter((r) => r.access === 'public' && r.path.startsWith('/api/users/')).map((r) => r.path))];
/** Cognito's calls of sign-in, the new-password challenge and reset (the `X-Amz-Target` header). */
export const cognitoSignInTargets = ['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword'].map(
  (a) => `AWSCognitoIdentityProviderService.${a}`,
);
/** Routes whose body is a file: the common rule set does not read them (size and script rules would refuse documents). */
export const fileBodyPaths = routes.filter((r) => r.fileBody).map((r) => r.path);
/** The rate-based rules count requests over this window (the setting is per 5 minutes). */
export const RATE_WINDOW_SECONDS = 300;
const TOO_MANY_BODY = 'too-many';

/** The web ACLs' names (also their metric names, read by the dashboard). */
export const webAclName = (stage: Pick<Stage, 'name'>, on: 'cloudfront' | 'cognito') => `portal-${stage.name}-${on}`;

type Statement = wafv2.CfnWebACL.StatementProperty;
const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });

function managed(prefix: string, name: string, priority: number, extra: Partial<wafv2.CfnWebACL.ManagedRuleGroupStatementProperty> = {}): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...extra } },
    visibilityConfig: visibility(`${prefix}-${name}`),
  };
}

function rateLimit(prefix: string, priority: number, limit: number, scopeDown: Statement): wafv2.CfnWebACL.RuleProperty {
  return {
    name: 'SignInRateLimit',
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_BODY } } },
    statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement: scopeDown } },
    visibilityConfig: visibility(`${prefix}-SignInRateLimit`),
  };
}

const uriStartsWith = (path: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

const headerIs = (header: string, value: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { singleHeader: { Name: header.toLowerCase() } },
    positionalConstraint: 'EXACTLY',
    searchString: value,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** The web ACL of the CloudFront distribution: must be made in us-east-1. */
export class CloudFrontWebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    const prefix = webAclName(stage, 'cloudfront');
    const notFileBodies: Statement | undefined = fileBodyPaths.length ? { notStatement: { statement: anyOf(fileBodyPaths.map(uriStartsWith)) } } : undefined;
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: prefix,
      description: `Portal ${stage.name} - CloudFront, web app and /api`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(prefix),
      // The portal's own answer to too many attempts, so the web app shows its usual message.
      customResponseBodies: { [TOO_MANY_BODY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: TOO_MANY }) } },
      rules: [
        managed(prefix, 'AWSManagedRulesAmazonIpReputationList', 0),
        rateLimit(prefix, 1, stage.waf.signInRateLimit, anyOf(signInPaths.map(uriStartsWith))),
        managed(prefix, 'AWSManagedRulesCommonRuleSet', 2, {
          // API bodies are bounded by the functions (1 MiB, then 413), not by the set's 8 KB rule.
          ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
          ...(notFileBodies ? { scopeDownStatement: notFileBodies } : {}),
        }),
        managed(prefix, 'AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
  }
}

/** The web ACL of the user pool, in the stage's region, and its association. */
export class UserPoolWebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: Stage; userPoolArn: string }) {
    super(scope, id);
    const { stage } = props;
    const prefix = webAclName(stage, 'cognito');
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: prefix,
      description: `Portal ${stage.name} - Cognito user pool, sign-in from the browser`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(prefix),
      // Shaped as Cognito's own throttling error, which the web app shows as "Too many attempts".
      customResponseBodies: {
        [TOO_MANY_BODY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ __type: 'TooManyRequestsException', message: TOO_MANY }) },
      },
      rules: [
        managed(prefix, 'AWSManagedRulesAmazonIpReputationList', 0),
        rateLimit(prefix, 1, stage.waf.signInRateLimit, anyOf(cognitoSignInTargets.map((t) => headerIs('X-Amz-Target', t)))),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', { resourceArn: props.userPoolArn, webAclArn: this.acl.attrArn });
  }
}
