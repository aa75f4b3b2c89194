/**
 * The Cognito user pool (email as username, no self sign-up), the web app's client (no secret;
 * USER_PASSWORD_AUTH and SRP) and the three triggers: pre-token-generation (adds
 * BUILDOPS_CUSTOMER_ID and userId to the ID token), custom message (invitation and reset texts) and
 * post-confirmation (moves the user's tokensValidAfter after a password reset).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { userPool as poolDef, userPoolClient as clientDef } from './definitions.js';
import { PortalFunction } from './function-construct.js';
import { tables } from './tables.js';

export interface AuthProps {
  stage: Stage;
  users: dynamodb.ITableV2;
  /** https://<portal host>, for the links in invitation mails. */
  publicUrl: string;
}

export class AuthConstruct extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly triggers: Record<'preTokenGeneration' | 'customMessage' | 'postConfirmation', PortalFunction>;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { stage } = props;
    const environment = {
      [tables.users.env]: props.users.tableName,
      PRODUCT_NAME: stage.productName,
      PUBLIC_URL: props.publicUrl,
      STAFF_DOMAINS: stage.staffDomains.join(','),
      LOG_LEVEL: stage.logLevel,
    };
    const trigger = (name: string, handler: string) =>
      new PortalFunction(this, name, { stage, handler: `triggers/${handler}`, environment, description: `Cognito trigger ${handler}` });
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
    itemOnly(this.triggers.postConfirmation, 'dynamodb:UpdateItem');

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
      email: poolEmail(stage, Stack.of(this).region),
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      mfa: cognito.Mfa.OFF,
      lambdaTriggers: {
        preTokenGeneration: this.triggers.preTokenGeneration.fn,
        customMessage: this.triggers.customMessage.fn,
        postConfirmation: this.triggers.postConfirmation.fn,
      },
      deletionProtection: stage.removalPolicy === 'retain',
      removalPolicy: removalPolicyOf(stage),
    });
    Validations.of(this.pool).acknowledge(
      { id: 'AwsSolutions-COG1', reason: 'Spec section 5 sets the password rule (length, upper, lower, digit, no symbol); Cognito enforces it with its minimum length 6.' },
      { id: 'AwsSolutions-COG2', reason: 'The product has no MFA (spec section 5); sign-in is email and password with temporary-password invitations.' },
      { id: 'AwsSolutions-COG3', reason: 'Threat protection needs the Plus feature plan; failed sign-ins are rate-limited by the portal (per email and per client address).' },
      { id: 'AwsSolutions-COG8', reason: 'The Essentials plan covers what the portal uses (password sign-in, triggers); the Plus plan adds threat protection, see COG3.' },
    );

    this.client = this.pool.addClient('Web', {
      userPoolClientName: `portal-${stage.name}-web`,
      generateSecret: clientDef.generateSecret,
      authFlows: { userPassword: clientDef.authFlows.userPassword, userSrp: clientDef.authFlows.userSrp },
      idTokenValidity: Duration.minutes(clientDef.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(clientDef.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(clientDef.refreshTokenValidityDays),
      preventUserExistenceErrors: clientDef.preventUserExistenceErrors,
      enableTokenRevocation: clientDef.enableTokenRevocation,
    });
  }
}

/** Cognito's own mail without `mail` settings (dev); else Amazon SES with the verified identity. */
export function poolEmail(stage: Stage, region: string): cognito.UserPoolEmail {
  const mail = stage.mail;
  if (!mail) return cognito.UserPoolEmail.withCognito();
  const domainIdentity = !mail.sesIdentity.includes('@');
  return cognito.UserPoolEmail.withSES({
    fromEmail: mail.from,
    fromName: mail.fromName,
    replyTo: mail.replyTo,
    sesRegion: mail.sesRegion ?? region,
    // A domain identity lets any sender of the domain send; an address identity is `from` itself.
    ...(domainIdentity ? { sesVerifiedDomain: mail.sesIdentity } : {}),
  });
}
