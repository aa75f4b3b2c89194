/**
 * Secrets Manager secrets: Sigma's client secret and the telemetry service key (values put by
 * devops after the first deploy), and the built-in report host's HS256 key (generated).
 */
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SecretName } from '../lambdas/routes.js';
import type { Stage } from './config.js';

/** The environment variable carrying each secret's id to the functions that list it. */
export const secretEnv: Record<SecretName, string> = { sigma: 'SIGMA_SECRET_ID', telemetry: 'TELEMETRY_SECRET_ID', embed: 'EMBED_SECRET_ID' };

export class SecretsConstruct extends Construct {
  readonly secrets: Record<SecretName, secretsmanager.Secret>;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    const removalPolicy = stage.removalPolicy === 'retain' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
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
    };
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Sigma and the telemetry service issue these credentials and devops put each new value; the embed key signs one-hour report tokens and is replaced by redeploying with a new secret.',
    });
  }
}
