/**
 * Secrets Manager secrets: Sigma's client secret and the telemetry service key (values put by
 * devops after the first deploy), the built-in report host's HS256 key (generated) and the server
 * app client's secret (Cognito's, copied by CloudFormation).
 */
import { SecretValue, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SecretName } from '../lambdas/routes.js';
import { removalPolicyOf, type Stage } from './config.js';

/** The environment variable carrying each secret's id to the functions that list it. */
export const secretEnv: Record<SecretName, string> = { sigma: 'SIGMA_SECRET_ID', telemetry: 'TELEMETRY_SECRET_ID', embed: 'EMBED_SECRET_ID', signIn: 'SIGN_IN_SECRET_ID' };

export class SecretsConstruct extends Construct {
  readonly secrets: Record<SecretName, secretsmanager.Secret>;
  /**
   * The value CloudFront adds to every request it sends to the API (header `x-origin-verify`) and
   * the API functions compare: requests sent straight to the execute-api address, past WAF, are
   * refused. A CloudFormation dynamic reference, resolved at deploy into the distribution's origin
   * and the functions' environment: no read at run time. CloudFormation re-reads it only for the
   * resources a deploy updates, so a new value is taken up by naming its version in the stage's
   * `originVerifyVersionId` (which changes the distribution and every function together).
   */
  readonly originVerify: secretsmanager.Secret;
  readonly originVerifyValue: string;
  /**
   * After a rotation (originVerifyVersionId set): the value CloudFront sent before it, staged
   * AWSPREVIOUS by put-secret-value. Only the API's origin authorizer accepts it beside the current
   * one, so that edges still sending it while the distribution's change spreads are not refused
   * (and a refusal is not cached for all of CloudFront's traffic). Undefined before any rotation.
   */
  readonly originVerifyPrevious?: string;

  constructor(scope: Construct, id: string, props: { stage: Stage; serverClient: cognito.UserPoolClient }) {
    super(scope, id);
    const { stage } = props;
    const removalPolicy = removalPolicyOf(stage);
    const put = (name: SecretName, description: string) =>
      new secretsmanager.Secret(this, name, {
        secretName: `portal/${stage.name}/${name}`,
        description: `${description} Put the value with: aws secretsmanager put-secret-value --secret-id portal/${stage.name}/${name} --secret-string <value>`,
        removalPolicy,
      });
    this.secrets = {
      sigma: put('sigma', 'Sigma embed client secret (paired with the stage setting sigma.clientId).'),
      telemetry: put('telemetry', 'Telemetry service key (sent by the functions only, never to the browser).'),
      embed: new secretsmanager.Secret(this, 'embed', {
        secretName: `portal/${stage.name}/embed`,
        description: "HS256 key of the built-in report host's embed tokens (generated).",
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
        removalPolicy,
      }),
      // The server app client's secret, as CloudFormation reads it from the client (Fn::GetAtt
      // ClientSecret): no value in the template, none in any function's environment; the sign-in,
      // registration and reset functions read it at cold start. A replaced client (a new id and
      // secret) changes the attribute, so the deploy updates the value with it.
      signIn: new secretsmanager.Secret(this, 'signIn', {
        secretName: `portal/${stage.name}/sign-in-client`,
        description: "The server app client's secret (Cognito's, copied at deploy): the sign-in, registration and reset functions compute SECRET_HASH with it.",
        secretStringValue: SecretValue.resourceAttribute((props.serverClient.node.defaultChild as cognito.CfnUserPoolClient).attrClientSecret),
        removalPolicy,
      }),
    };
    this.originVerify = new secretsmanager.Secret(this, 'originVerify', {
      secretName: `portal/${stage.name}/origin-verify`,
      description: 'Header value CloudFront sends to the API; the API refuses requests without it (generated).',
      generateSecretString: { passwordLength: 40, excludePunctuation: true },
      removalPolicy,
    });
    // Not a credential to data: it only proves a request came through CloudFront (and its WAF).
    const version = stage.originVerifyVersionId;
    this.originVerifyValue = (version ? SecretValue.secretsManager(this.originVerify.secretArn, { versionId: version }) : this.originVerify.secretValue).unsafeUnwrap();
    if (version) this.originVerifyPrevious = SecretValue.secretsManager(this.originVerify.secretArn, { versionStage: 'AWSPREVIOUS' }).unsafeUnwrap();
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Sigma and the telemetry service issue these credentials and devops put each new value; the embed key signs one-hour report tokens and the origin-verify value only marks requests from CloudFront: both are replaced by putting a new value and deploying. ' +
        "The sign-in client's secret is Cognito's own, copied at deploy: it changes with the client.",
    });
  }
}
