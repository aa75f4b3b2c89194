/**
 * Secrets (Sigma client secret, telemetry key, the report host's signing key, the server app
 * client's secret) come from Secrets Manager by the id in `<NAME>_SECRET_ID`, read once per
 * container and kept in memory.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { SecretName } from '../../routes.js';
import { secretStore } from './clients.js';
import { oncePerContainer } from './container.js';
import { required } from './env.js';

/** The variable that carries each secret's id (the CDK app sets it where a row grants the secret). */
export const secretEnvNames: Record<SecretName, string> = { sigma: 'SIGMA_SECRET_ID', telemetry: 'TELEMETRY_SECRET_ID', embed: 'EMBED_SECRET_ID', signIn: 'SIGN_IN_SECRET_ID' };
const fetchSecret = (name: SecretName) =>
  secretStore()
    .send(new GetSecretValueCommand({ SecretId: required(secretEnvNames[name]) }))
    .then((r) => {
      if (!r.SecretString) throw new Error(`Secret ${name} has no string value`);
      return r.SecretString;
    });
const readers: Record<SecretName, () => Promise<string>> = {
  sigma: oncePerContainer(() => fetchSecret('sigma')),
  telemetry: oncePerContainer(() => fetchSecret('telemetry')),
  embed: oncePerContainer(() => fetchSecret('embed')),
  signIn: oncePerContainer(() => fetchSecret('signIn')),
};

export const secretConfigured = (name: SecretName) => Boolean(process.env[secretEnvNames[name]]);

export function readSecret(name: SecretName): Promise<string> {
  return readers[name]();
}
