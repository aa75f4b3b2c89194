/**
 * The Cognito user pool (email as username, no self sign-up, optional TOTP MFA, threat protection
 * per stage), the staff group, two app clients (the web app's: SRP, no secret; the portal's
 * server-side sign-in, registration and reset routes': USER_PASSWORD_AUTH, with a secret and user
 * context data) and the three triggers: pre-token-generation
 * (adds BUILDOPS_CUSTOMER_ID and userId to the ID token), custom message (invitation and reset
 * texts) and post-confirmation (moves the user's tokensValidAfter after a password reset).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { userPool as poolDef, userPoolClient as clientDef, serverClient as serverDef } from '../lambdas/shared/resources/definitions.js';
import { COGNITO_TRIGGER_WAIT_SECONDS, PortalFunction, type Rollout } from './function-construct.js';
import { tables } from '../lambdas/shared/resources/tables.js';

export interface AuthProps {
  stage: Stage;
  users: dynamodb.ITableV2;
  /** https://<portal host>, for the links in invitation mails. */
  publicUrl: string;
  /** A canary stage's CodeDeploy application and role: the triggers move by canary too. */
  rollout?: Rollout;
  /** Where the triggers' failures alarms file a ticket. */
  ticketTopic?: sns.ITopic;
}

export class AuthConstruct extends Construct {
  readonly pool: cognito.UserPool;
  /** The web app's client (its id is in config.json). */
  readonly client: cognito.UserPoolClient;
  /**
   * The client of the sign-in, registration and reset routes only (USER_PASSWORD_AUTH), with a
   * secret (kept in Secrets Manager by SecretsConstruct) so that it may pass on the visitor's address.
   */
  readonly serverClient: cognito.UserPoolClient;
  /**
   * The server client as it was before it had a secret, kept for one release so that no deploy has
   * a window without a client the running functions know: adding a secret replaces a client (a new
   * id), and CloudFormation would delete the old one at the end of the portal stack's update, while
   * the area stacks' functions still name it until they are updated. Nothing new uses it; its tokens
   * stay accepted by the API's authorizer until they expire. The release after removes it
   * (docs/deploying.md, "Updating").
   */
  readonly retiringServerClient: cognito.UserPoolClient;
  readonly staffGroup: cognito.CfnUserPoolGroup;
  /** With threatProtection: the pool's risk actions, in code (not whatever the console says). */
  readonly riskConfiguration?: cognito.CfnUserPoolRiskConfigurationAttachment;
  readonly triggers: Record<'preTokenGeneration' | 'customMessage' | 'postConfirmation', PortalFunction>;
  /** Where the stage sends mail through SES in its own region: the configuration set publishing its bounce and complaint rates. */
  readonly mailConfigurationSet?: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { stage } = props;
    const environment = {
      [tables.users.env]: props.users.tableName,
      PRODUCT_NAME: stage.productName,
      PUBLIC_URL: props.publicUrl,
      STAFF_DOMAINS: stage.staffDomains.join(','),
      LOG_LEVEL: stage.logLevel,
      MFA_FOR_CUSTOMERS: String(stage.mfaForCustomers),
    };
    const trigger = (name: string, handler: string) =>
      new PortalFunction(this, name, {
        stage,
        handler: `triggers/${handler}`,
        environment,
        description: `Cognito trigger ${handler}`,
        rollout: props.rollout,
        ticketTopic: props.ticketTopic,
        // Cognito waits 5 s for a trigger, then fails the sign-in: never wait longer than it does.
        timeoutSeconds: COGNITO_TRIGGER_WAIT_SECONDS,
      });
    this.triggers = {
      preTokenGeneration: trigger('PreTokenGeneration', 'pre-token-generation'),
      customMessage: trigger('CustomMessage', 'custom-message'),
      postConfirmation: trigger('PostConfirmation', 'post-confirmation'),
    };
    // The triggers read (pre-token) and update (post-confirmation) one item by its sub: no index, no scan.
    // (Table grants would add the table's indexes too.)
    const itemOnly = (fn: PortalFunction, action: string) =>
      fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: [action], resources: [props.users.tableArn] }));
    itemOnly(this.triggers.preTokenGeneration, 'dynamodb:GetItem');
    // Pre-token also notes each sign-in on the item, and may write that one attribute only.
    this.triggers.preTokenGeneration.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.users.tableArn],
        conditions: {
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['sub', 'lastSignInAt'] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
        },
      }),
    );
    itemOnly(this.triggers.postConfirmation, 'dynamodb:UpdateItem');

    const region = Stack.of(this).region;
    if (mailConfigurationSetOf(stage, region)) {
      this.mailConfigurationSet = new ses.ConfigurationSet(this, 'Mail', { configurationSetName: mailConfigurationSetName(stage), reputationMetrics: true });
    }

    const p = poolDef.passwordPolicy;
    this.pool = new cognito.UserPool(this, 'Users', {
      userPoolName: `portal-${stage.name}`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: Object.fromEntries(poolDef.standardAttributes.map((a) => [a === 'name' ? 'fullname' : a, { required: a === 'email', mutable: true }])),
      passwordPolicy: {
        minLength: p.minLength,
        requireLowercase: p.requireLowercase,
        requireUppercase: p.requireUppercase,
        requireDigits: p.requireDigits,
        requireSymbols: p.requireSymbols,
        tempPasswordValidity: Duration.days(poolDef.temporaryPasswordValidityDays),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: poolEmail(stage, region, this.mailConfigurationSet?.configurationSetName),
      keepOriginal: { email: poolDef.keepOriginalEmail },
      // Threat protection needs the Plus plan (billed per active user, no free tier: infra/cost.ts).
      ...(stage.threatProtection
        ? { featurePlan: cognito.FeaturePlan.PLUS, standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }
        : { featurePlan: cognito.FeaturePlan.ESSENTIALS }),
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: poolDef.mfaSecondFactor.otp, sms: poolDef.mfaSecondFactor.sms },
      // Their `live` aliases: a bad trigger would break every sign-in, so a canary stage shifts them slowly.
      lambdaTriggers: {
        preTokenGeneration: this.triggers.preTokenGeneration.alias,
        customMessage: this.triggers.customMessage.alias,
        postConfirmation: this.triggers.postConfirmation.alias,
      },
      deletionProtection: stage.removalPolicy === 'retain',
      removalPolicy: removalPolicyOf(stage),
    });
    Validations.of(this.pool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          `Spec section 5 sets the customers' password rule (length, upper, lower, digit, no symbol); the pool enforces it with Cognito's minimum length 6. ` +
          `Staff passwords need ${poolDef.staffPasswordMinLength} characters, checked by the portal's forms, routes and operator commands (one policy per pool).`,
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional in the pool (TOTP only, no SMS) because the spec lets customers sign in with email and password; the portal requires staff to enrol an authenticator app ' +
          `(enforced by the API and the web app)${stage.mfaForCustomers ? ', and this stage requires customers to as well (mfaForCustomers)' : ', and customers too where the stage sets mfaForCustomers'}.`,
      },
    );
    // cdk-nag 3 folds the old COG3 (threat protection) into COG8 (the Plus plan): raised only where it is off.
    if (!stage.threatProtection) {
      Validations.of(this.pool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          `Stage ${stage.name} sets threatProtection: false, so its pool stays on the Essentials plan and its free allowance: it holds test accounts, not customers (staging and production are on Plus with threat protection enforced). ` +
          "Password guessing there is limited by the user pool's WAF (a per-address limit on InitiateAuth, RespondToAuthChallenge, ForgotPassword and ConfirmForgotPassword) and Cognito's own lockout after repeated failed sign-ins; the portal's per-email limits cover only its own routes, not the browser's direct Cognito calls.",
      });
    }

    if (stage.threatProtection) this.riskConfiguration = riskConfiguration(this, this.pool, stage, region);

    // The pre-token trigger reads the account's MFA settings from the pool (AdminGetUser) to stamp
    // `mfa`. In a policy of its own, not the function's default one: the pool depends on the
    // function, and the function on its default policy, so that one cannot name the pool.
    new iam.Policy(this, 'PreTokenReadsMfa', {
      roles: [this.triggers.preTokenGeneration.fn.role!],
      statements: [new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [this.pool.userPoolArn] })],
    });

    this.staffGroup = new cognito.CfnUserPoolGroup(this, 'StaffGroup', {
      userPoolId: this.pool.userPoolId,
      groupName: poolDef.staffGroup,
      description:
        "The provider's staff: the portal's administrators. Operators add and remove members; the API grants staff-only routes to members (and requires them to use MFA).",
    });

    // No OAuth on either client: no hosted UI, no code or implicit flow, no scopes, no callback URLs.
    // Tokens from InitiateAuth (SRP or password) always carry the scope aws.cognito.signin.user.admin,
    // whatever the client says: the browser needs it to enrol a TOTP device (AssociateSoftwareToken,
    // VerifySoftwareToken, SetUserMFAPreference) and to revoke its refresh token. What it would also
    // allow the user to change is held back by writeAttributes (the name only) and keepOriginal
    // (an email stays until the new address is verified).
    const readAttributes = new cognito.ClientAttributes().withStandardAttributes(standardMask(clientDef.readAttributes));
    const writeAttributes = new cognito.ClientAttributes().withStandardAttributes(standardMask(clientDef.writeAttributes));
    const common = {
      generateSecret: clientDef.generateSecret,
      disableOAuth: true,
      idTokenValidity: Duration.minutes(clientDef.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(clientDef.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(clientDef.refreshTokenValidityDays),
      preventUserExistenceErrors: clientDef.preventUserExistenceErrors,
      enableTokenRevocation: clientDef.enableTokenRevocation,
      readAttributes,
      writeAttributes,
    };
    this.client = this.pool.addClient('Web', {
      ...common,
      userPoolClientName: `portal-${stage.name}-web`,
      authFlows: { userPassword: clientDef.authFlows.userPassword, userSrp: clientDef.authFlows.userSrp },
    });
    // Its secret makes threat protection see the visitor: the functions send the viewer address as
    // UserContextData, which Cognito takes only from a client with a secret and the flag. A client
    // of its own (a new logical id and name), not the old one changed: see retiringServerClient.
    this.serverClient = this.pool.addClient('SignIn', {
      ...common,
      generateSecret: serverDef.generateSecret,
      enablePropagateAdditionalUserContextData: serverDef.propagateUserContextData,
      userPoolClientName: `portal-${stage.name}-sign-in`,
      authFlows: { userPassword: serverDef.authFlows.userPassword, userSrp: serverDef.authFlows.userSrp },
    });
    this.retiringServerClient = this.pool.addClient('Server', {
      ...common,
      userPoolClientName: `portal-${stage.name}-server`,
      authFlows: { userPassword: serverDef.authFlows.userPassword, userSrp: serverDef.authFlows.userSrp },
    });
  }
}

const RISK_EVENT_ACTION = { block: 'BLOCK', mfa: 'MFA_IF_CONFIGURED', notify: 'NO_ACTION', allow: 'NO_ACTION' } as const;

/**
 * Threat protection's actions per risk level, for every client of the pool (ClientId ALL), and on
 * compromised credentials: https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pool-settings-threat-protection.html,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-cognito-userpoolriskconfigurationattachment.html.
 * Risk mails (block, mfa, notify) go through the stage's SES identity (NotifyConfiguration.SourceArn), only where it has one.
 */
function riskConfiguration(scope: Construct, pool: cognito.UserPool, stage: Stage, region: string): cognito.CfnUserPoolRiskConfigurationAttachment {
  const mail = stage.mail;
  const action = (a: Stage['riskActions']['high']) => ({ eventAction: RISK_EVENT_ACTION[a], notify: a === 'notify' || (!!mail && a !== 'allow') });
  const r = stage.riskActions;
  return new cognito.CfnUserPoolRiskConfigurationAttachment(scope, 'RiskConfiguration', {
    userPoolId: pool.userPoolId,
    clientId: 'ALL',
    accountTakeoverRiskConfiguration: {
      actions: { highAction: action(r.high), mediumAction: action(r.medium), lowAction: action(r.low) },
      ...(mail
        ? {
            notifyConfiguration: {
              from: mail.from,
              replyTo: mail.replyTo,
              sourceArn: Stack.of(scope).formatArn({ service: 'ses', region: mail.sesRegion ?? region, resource: 'identity', resourceName: mail.sesIdentity }),
            },
          }
        : {}),
    },
    compromisedCredentialsRiskConfiguration: { actions: { eventAction: r.compromisedCredentials === 'block' ? 'BLOCK' : 'NO_ACTION' } },
  });
}

const ATTRIBUTE_MASK = { email: 'email', email_verified: 'emailVerified', name: 'fullname' } as const;

/** Cognito attribute names (`name`, `email_verified`) as CDK's mask (`fullname`, `emailVerified`). */
function standardMask(names: readonly (keyof typeof ATTRIBUTE_MASK)[]): cognito.StandardAttributesMask {
  return Object.fromEntries(names.map((n) => [ATTRIBUTE_MASK[n], true]));
}

/** The stage's SES configuration set (reputation metrics: bounce and complaint rates). */
export const mailConfigurationSetName = (stage: Pick<Stage, 'name'>) => `portal-${stage.name}`;

/**
 * The configuration set the stage's mail goes through from a stack in `region`, or undefined: none
 * without `mail`, and none where the SES identity is in another region (configuration sets are
 * regional, and the stack makes its set in its own region only).
 */
export const mailConfigurationSetOf = (stage: Pick<Stage, 'name' | 'mail'>, region: string) =>
  stage.mail && (stage.mail.sesRegion ?? region) === region ? mailConfigurationSetName(stage) : undefined;

/**
 * Cognito's own mail without `mail` settings (dev); else Amazon SES with the verified identity,
 * through the configuration set when there is one (an SES configuration set is regional: none
 * where `sesRegion` is another region than the stack's).
 */
export function poolEmail(stage: Stage, region: string, configurationSetName?: string): cognito.UserPoolEmail {
  const mail = stage.mail;
  if (!mail) return cognito.UserPoolEmail.withCognito();
  const domainIdentity = !mail.sesIdentity.includes('@');
  return cognito.UserPoolEmail.withSES({
    fromEmail: mail.from,
    fromName: mail.fromName,
    replyTo: mail.replyTo,
    sesRegion: mail.sesRegion ?? region,
    ...(configurationSetName ? { configurationSetName } : {}),
    // A domain identity lets any sender of the domain send; an address identity is `from` itself.
    ...(domainIdentity ? { sesVerifiedDomain: mail.sesIdentity } : {}),
  });
}
