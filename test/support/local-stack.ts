/**
 * The integration tests' harness: a local stack per test file (temporary DATA_DIR, port 0, staff
 * domain `staff.test`, no demo data), and helpers that put users and rows straight into the
 * emulators (users through Cognito's admin API and the users table, rows through the data-access
 * modules), sign in against the pool, and call the gateway over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { putCustomers, type CustomerItem } from '../../lambdas/shared/data/customers.js';
import { getProperties, putProperties, type PropertyItem } from '../../lambdas/shared/data/properties.js';
import { createUser, type UserItem } from '../../lambdas/shared/data/users.js';
import { userPool } from '../../lambdas/shared/resources/definitions.js';
import { readMails, type Mail } from '../../infra/local/outbox.js';
import { REGION, startLocalStack, type LocalStack } from '../../infra/local/stack.js';
import { enrolLocalAuthenticator, newTotpSecret, totpCode } from '../../infra/local/totp.js';
import { flush as flushAwsCalls, listen as listenToAwsCalls } from '../iam/support/record.js';

export interface TestStackOptions {
  /** Settings as environment variables (STAFF_DOMAINS, PRODUCT_NAME, ...). */
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); default: a new temporary one, removed by stop(). */
  dataDir?: string;
}

export interface TestStack {
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  stack: LocalStack;
  /** Stops the stack; removes the data folder unless it was given or `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  outbox(): Promise<Mail[]>;
  db: DynamoDBDocumentClient;
  cognito: CognitoIdentityProviderClient;
  /** The stack's S3 (path-style), for looking into the documents bucket. */
  storage: S3Client;
}

let current: TestStack | undefined;
const active = (): TestStack => {
  if (!current) throw new Error('No test stack is running: call startTestStack() first');
  return current;
};

export async function startTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-it-'));
  // Every AWS call the functions make is recorded for the IAM check (test/iam).
  listenToAwsCalls();
  const env = { STAFF_DOMAINS: 'staff.test', LOG_LEVEL: 'warn', ...opts.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
  let stack: LocalStack;
  try {
    stack = await startLocalStack({ env });
  } catch (err) {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const credentials = { accessKeyId: stack.env.AWS_ACCESS_KEY_ID!, secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY! };
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: REGION, credentials }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.endpoints.cognito, region: REGION, credentials, maxAttempts: 1 });
  const storage = new S3Client({ endpoint: stack.endpoints.s3, region: REGION, forcePathStyle: true, credentials });
  const t: TestStack = {
    baseUrl: stack.url,
    dataDir,
    env: stack.env,
    stack,
    db,
    cognito,
    storage,
    outbox: () => readMails(stack.outboxDir),
    async stop({ keepData = false } = {}) {
      await stack.stop();
      flushAwsCalls();
      db.destroy();
      cognito.destroy();
      storage.destroy();
      if (current === t) current = undefined;
      if (!opts.dataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  current = t;
  return t;
}

export interface TestUser {
  email: string;
  name?: string;
  password: string;
  customers?: string[];
  /** Property ids (their customers are looked up) or { propertyId: customerId }. */
  properties?: string[] | Record<string, string>;
  /** In the pool's staff group; default: when the email is in a staff domain. */
  staffGroup?: boolean;
  /**
   * An authenticator app enrolled with a new secret (signIn answers its code); default: for members
   * of the staff group, who must have one. `false`: an administrator who has not set one up yet.
   */
  authenticator?: boolean;
}

/** The authenticator secrets of the test accounts that have one, by email. */
const secrets = new Map<string, string>();

/** The authenticator secret createTestUser enrolled for `email` (or a test enrolled with `enrolAuthenticator`). */
export const authenticatorSecret = (email: string) => secrets.get(email.toLowerCase());

/** Enrols an authenticator app for an existing test account (a new secret unless given); gives the secret. */
export async function enrolAuthenticator(email: string, secret = newTotpSecret()): Promise<string> {
  const t = active();
  await enrolLocalAuthenticator(t.stack.endpoints.cognito, t.stack.userPoolId, email.toLowerCase(), secret);
  secrets.set(email.toLowerCase(), secret);
  return secret;
}

/**
 * A Cognito user with a permanent password (staff-domain emails in the staff group, unless
 * `staffGroup: false`) and its users row keyed by the pool's sub, as an administrator would leave them.
 */
export async function createTestUser(user: TestUser): Promise<UserItem> {
  const t = active();
  const email = user.email.toLowerCase();
  let properties: Record<string, string> = {};
  if (Array.isArray(user.properties)) {
    const found = await getProperties(t.db, user.properties);
    properties = Object.fromEntries(found.map((p) => [p.id, p.customerId]));
  } else if (user.properties) properties = { ...user.properties };
  const name = user.name ?? email.split('@')[0]!;
  const UserPoolId = t.stack.userPoolId;
  const created = await t.cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`createTestUser: the pool gave no sub for ${email}`);
  await t.cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: user.password, Permanent: true }));
  const staffGroup = user.staffGroup ?? isStaffDomain(email);
  if (staffGroup) await t.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: userPool.staffGroup }));
  if (user.authenticator ?? staffGroup) await enrolAuthenticator(email);
  const now = new Date().toISOString();
  const row: UserItem = { sub, email, userId: randomUUID(), name, customerIds: user.customers ?? [], properties, createdAt: now, updatedAt: now };
  if (!(await createUser(t.db, row))) throw new Error(`createTestUser: ${email} exists already`);
  return row;
}

/** The stack's staff-domain rule (its STAFF_DOMAINS). */
function isStaffDomain(email: string) {
  const domains = (active().env.STAFF_DOMAINS ?? '').split(',').map((d) => d.trim().toLowerCase());
  return domains.includes(email.split('@').pop()!.toLowerCase());
}

/**
 * The ID token of a USER_PASSWORD_AUTH sign-in against the pool (not through the portal's login
 * call), answering the authenticator-app challenge with the code of the account's known secret.
 */
export async function signIn(email: string, password: string): Promise<string> {
  const t = active();
  let r = await t.cognito.send(
    new InitiateAuthCommand({ ClientId: t.stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const secret = authenticatorSecret(email);
  if (r.ChallengeName === 'SOFTWARE_TOKEN_MFA' && secret) {
    r = await t.cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: t.stack.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: r.Session,
        ChallengeResponses: { USERNAME: r.ChallengeParameters?.USER_ID_FOR_SRP ?? email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
      }),
    );
  }
  const token = r.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`signIn: no ID token for ${email} (challenge ${r.ChallengeName ?? 'none'})`);
  return token;
}

export const putCustomer = (item: CustomerItem) => putCustomers(active().db, [item]);
export const putProperty = (item: PropertyItem) => putProperties(active().db, [item]);

export interface TestResponse {
  status: number;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  text: string;
  headers: Headers;
}

export async function request(
  method: string,
  urlPath: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined;
  if (typeof opts.body === 'string' || Buffer.isBuffer(opts.body)) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${active().baseUrl}${urlPath}`, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}
