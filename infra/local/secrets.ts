/**
 * A Secrets Manager stand-in: answers the SDK's GetSecretValue (JSON 1.1 protocol) for the secrets
 * the stack defines, so handlers read them exactly as they do on AWS (lambdas/shared/platform/secrets.ts).
 * Operator commands may also CreateSecret and PutSecretValue (the smoke accounts' secret); those
 * are kept in a file of the data folder, so a restart keeps them. DescribeSecret says whether a
 * secret exists and holds a value. Resource policies are not modelled (AWS enforces them; the
 * deploy-role stack's template test checks the smoke secret's).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readJson, replyJson } from './json-service.js';
import { listenLocal } from './ports.js';

export interface LocalSecrets {
  url: string;
  close(): Promise<void>;
}

/** Reads or creates a secret kept in the data folder, so restarts keep keys and links valid. */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

const reply = (res: ServerResponse, status: number, body: unknown) => replyJson(res, status, body, 'application/x-amz-json-1.1');

/** Secret id -> value; null for a secret made without one (as the deploy-role stack makes the smoke secret). */
function readStore(file: string | undefined): Record<string, string | null> {
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | null>;
  } catch {
    return {};
  }
}

/**
 * Serves `secrets` (secret id -> value) on 127.0.0.1, a random port; with `storeFile`, also the
 * secrets operators create there (CreateSecret, PutSecretValue; the stack's own stay read-only).
 */
export async function startSecrets(secrets: ReadonlyMap<string, string>, preferredPort?: number, storeFile?: string): Promise<LocalSecrets> {
  const created = Math.floor(Date.now() / 1000);
  const written = readStore(storeFile);
  const save = () => {
    writeFileSync(storeFile!, JSON.stringify(written, null, 2) + '\n', { mode: 0o600 });
    chmodSync(storeFile!, 0o600);
  };
  const server = createServer((req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const body = req.method === 'POST' ? await readJson(req) : {};
      if (storeFile && (target === 'secretsmanager.CreateSecret' || target === 'secretsmanager.PutSecretValue')) {
        const id = target === 'secretsmanager.CreateSecret' ? body.Name : body.SecretId;
        const value = typeof body.SecretString === 'string' ? body.SecretString : target === 'secretsmanager.CreateSecret' && body.SecretString === undefined ? null : undefined;
        if (typeof id !== 'string' || value === undefined) return reply(res, 400, { __type: 'InvalidParameterException', message: 'A secret name, and SecretString to put a value, are required.' });
        const exists = secrets.has(id) || id in written;
        if (target === 'secretsmanager.CreateSecret' && exists) return reply(res, 400, { __type: 'ResourceExistsException', message: `The operation failed because the secret ${id} already exists.` });
        if (target === 'secretsmanager.PutSecretValue' && !(id in written)) return reply(res, 400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
        written[id] = value;
        save();
        return reply(res, 200, { ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${id}`, Name: id, VersionId: 'local' });
      }
      if (req.method === 'POST' && target === 'secretsmanager.DescribeSecret') {
        const id = body.SecretId;
        if (typeof id !== 'string' || !(secrets.has(id) || id in written)) return reply(res, 400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
        const empty = !secrets.has(id) && written[id] === null;
        return reply(res, 200, { ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${id}`, Name: id, ...(empty ? {} : { VersionIdsToStages: { local: ['AWSCURRENT'] } }) });
      }
      if (req.method !== 'POST' || target !== 'secretsmanager.GetSecretValue') {
        return reply(res, 400, { __type: 'InvalidRequestException', message: `The local stack answers only GetSecretValue, DescribeSecret${storeFile ? ', CreateSecret and PutSecretValue' : ''}, not ${target || req.method}` });
      }
      const id = body.SecretId;
      const value = typeof id === 'string' ? (secrets.get(id) ?? written[id]) : undefined;
      if (typeof id !== 'string' || value === undefined || value === null) {
        return reply(res, 400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
      }
      reply(res, 200, {
        ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${id}`,
        Name: id,
        SecretString: value,
        VersionId: 'local',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: created,
      });
    })().catch(() => reply(res, 500, { __type: 'InternalServiceError', message: 'internal error' }));
  });
  await listenLocal(server, preferredPort);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
