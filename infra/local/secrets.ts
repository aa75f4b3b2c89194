/**
 * A Secrets Manager stand-in: answers the SDK's GetSecretValue (JSON 1.1 protocol) for the secrets
 * the stack defines, so handlers read them exactly as they do on AWS (lambdas/shared/secrets.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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

function reply(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Serves `secrets` (secret id -> value) on 127.0.0.1, a random port. */
export async function startSecrets(secrets: ReadonlyMap<string, string>, preferredPort?: number): Promise<LocalSecrets> {
  const created = Math.floor(Date.now() / 1000);
  const server = createServer((req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || target !== 'secretsmanager.GetSecretValue') {
        return reply(res, 400, { __type: 'InvalidRequestException', message: `The local stack answers only GetSecretValue, not ${target || req.method}` });
      }
      const id = (await readJson(req)).SecretId;
      const value = typeof id === 'string' ? secrets.get(id) : undefined;
      if (typeof id !== 'string' || value === undefined) {
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
