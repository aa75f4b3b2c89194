/**
 * What the portal's functions really call on AWS, heard while the tests run: every call of every
 * client made through lambdas/shared/platform/clients.ts (and each presigned POST form), with the function
 * whose invocation made it (infra/local/handlers.ts `runningFunction`), turned into what IAM
 * authorises: an action and what it acts on, by the portal's own names (a table of tables.ts, the
 * documents bucket and a key, a secret of the route table), so that the IAM check can build the
 * ARNs of any stage. Calls made outside an invocation (the tests' own set-up, the operator
 * commands, start-up) are not a function's and are left out.
 *
 * Recorded to `.tmp/test-results/aws-calls/` (one file per test stack stopped), which the IAM
 * check (test/iam/iam.test.ts) reads after the other tests have run (test/run.js).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AWS_CALL_LISTENER, type AwsCall } from '../../../lambdas/shared/platform/clients.js';
import { invocations, projectRoot, runningFunction } from '../../../infra/local/handlers.js';
import { tables, type TableName } from '../../../lambdas/shared/resources/tables.js';
import { secretEnvNames } from '../../../lambdas/shared/platform/secrets.js';
import type { SecretName } from '../../../lambdas/routes.js';

export const RECORDS_DIR = path.join(projectRoot, '.tmp', 'test-results', 'aws-calls');

/** What a call acts on, by the portal's names; the IAM check makes the stage's ARN of it. */
export type Target =
  | { table: TableName; index?: string; attributes?: string[]; returnValues?: string }
  | { object: string }
  | { bucket: true; prefix?: string }
  | { pool: true }
  | { secret: SecretName }
  | { mail: true }
  | { bus: true }
  | { function: string; qualifier?: string }
  | { deploymentGroup: true }
  | { unknown: string };

export interface Recorded {
  /** The handler file of the function that made the call (`documents/get-presigned-url`). */
  fn: string;
  /** The IAM action (`dynamodb:Query`). */
  action: string;
  target: Target;
  /** An operation AWS does not authorise with IAM (Cognito's public sign-in calls): no grant needed. */
  public?: true;
}

export interface RecordFile {
  calls: Recorded[];
  invocations: Record<string, number>;
}

/**
 * Cognito user pool operations that "Amazon Cognito doesn't evaluate IAM policies in requests for"
 * (each one's page of the API reference, e.g.
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_InitiateAuth.html):
 * a grant of them does nothing, so the check asks for none.
 */
export const COGNITO_PUBLIC = new Set([
  'InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword', 'SignUp', 'ConfirmSignUp',
  'ResendConfirmationCode', 'GetUser', 'ChangePassword', 'GlobalSignOut', 'RevokeToken', 'AssociateSoftwareToken',
  'VerifySoftwareToken', 'SetUserMFAPreference', 'UpdateUserAttributes', 'VerifyUserAttribute',
]);

/** lib-dynamodb's commands by the DynamoDB operation they send. */
const dynamoOps: Record<string, string> = {
  Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', BatchGet: 'BatchGetItem', BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems', TransactWrite: 'TransactWriteItems', Query: 'Query', Scan: 'Scan',
};
const transactOps: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem', Get: 'GetItem' };

const EXPRESSION_WORDS = new Set([
  'SET', 'REMOVE', 'ADD', 'DELETE', 'AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'if_not_exists', 'list_append', 'attribute_exists',
  'attribute_not_exists', 'attribute_type', 'begins_with', 'contains', 'size',
]);

/**
 * The top-level attribute names a one-item request names (its key or item, and every expression's
 * names, `#placeholders` resolved): IAM's `dynamodb:Attributes`.
 */
export function attributesOf(i: Record<string, unknown>): string[] {
  const names = new Set<string>(Object.keys((i.Key ?? i.Item ?? {}) as object));
  const placeholders = (i.ExpressionAttributeNames ?? {}) as Record<string, string>;
  for (const field of ['UpdateExpression', 'ConditionExpression', 'ProjectionExpression']) {
    const expr = i[field];
    if (typeof expr !== 'string') continue;
    // A name after a dot or in brackets is nested, not top-level; `:values` are values.
    for (const [w] of expr.matchAll(/(?<![.\w#:])(#?[A-Za-z_][A-Za-z0-9_]*)/g)) {
      if (w.startsWith('#')) {
        if (placeholders[w]) names.add(placeholders[w]);
      } else if (!EXPRESSION_WORDS.has(w) && !EXPRESSION_WORDS.has(w.toUpperCase())) names.add(w);
    }
  }
  return [...names].sort();
}

/**
 * A call → what IAM authorises for it, by the portal's names. `env` holds the functions' variables
 * (the local stack's: table names, the bucket, the secrets' ids), which say which of the portal's
 * resources a name is.
 */
export function authorisationsOf(call: AwsCall, env: NodeJS.ProcessEnv): Omit<Recorded, 'fn'>[] {
  const op = call.command.replace(/Command$/, '');
  const i = call.input;
  const table = (name: unknown): Target => {
    const found = (Object.keys(tables) as TableName[]).find((t) => env[tables[t].env] === name);
    return found ? { table: found } : { unknown: `table ${String(name)}` };
  };
  const object = (bucket: unknown, key: unknown): Target =>
    bucket === env.DOCUMENTS_BUCKET ? { object: String(key) } : { unknown: `object ${String(bucket)}/${String(key)}` };
  switch (call.client) {
    case 'DynamoDB': {
      const ddbOp = dynamoOps[op] ?? op;
      if (ddbOp === 'BatchGetItem' || ddbOp === 'BatchWriteItem')
        return Object.keys((i.RequestItems as object) ?? {}).map((t) => ({ action: `dynamodb:${ddbOp}`, target: table(t) }));
      if (ddbOp === 'TransactWriteItems' || ddbOp === 'TransactGetItems') {
        return ((i.TransactItems as Record<string, { TableName?: string }>[]) ?? []).flatMap((item) =>
          Object.entries(item).map(([kind, part]) => ({ action: `dynamodb:${transactOps[kind] ?? kind}`, target: table(part.TableName) })),
        );
      }
      const t = table(i.TableName);
      if ('table' in t && typeof i.IndexName === 'string') t.index = i.IndexName;
      // One item's read or write: what IAM's dynamodb:Attributes and dynamodb:ReturnValues see.
      if ('table' in t && ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'].includes(ddbOp)) {
        t.attributes = attributesOf(i);
        if (typeof i.ReturnValues === 'string') t.returnValues = i.ReturnValues;
      }
      return [{ action: `dynamodb:${ddbOp}`, target: t }];
    }
    case 'S3': {
      switch (op) {
        case 'GetObject':
        case 'HeadObject':
          return [{ action: 's3:GetObject', target: object(i.Bucket, i.Key) }];
        case 'PutObject':
        case 'PresignedPost':
          return [{ action: 's3:PutObject', target: object(i.Bucket, i.Key) }];
        case 'DeleteObject':
          return [{ action: 's3:DeleteObject', target: object(i.Bucket, i.Key) }];
        case 'DeleteObjects':
          return ((i.Delete as { Objects?: { Key: string }[] })?.Objects ?? []).map((o) => ({ action: 's3:DeleteObject', target: object(i.Bucket, o.Key) }));
        case 'GetObjectTagging':
        case 'PutObjectTagging':
          return [{ action: `s3:${op}`, target: object(i.Bucket, i.Key) }];
        case 'CopyObject': {
          const source = decodeURIComponent(String(i.CopySource ?? ''));
          const [bucket, ...key] = source.replace(/^\//, '').split('/');
          // S3 copies the source's tags unless told to replace them (reading and writing tags),
          // and writes the tags a REPLACE names.
          const tags = i.TaggingDirective !== 'REPLACE' || Boolean(i.Tagging);
          return [
            { action: 's3:GetObject', target: object(bucket, key.join('/')) },
            { action: 's3:PutObject', target: object(i.Bucket, i.Key) },
            ...(tags ? [{ action: 's3:GetObjectTagging', target: object(bucket, key.join('/')) }, { action: 's3:PutObjectTagging', target: object(i.Bucket, i.Key) }] : []),
          ];
        }
        case 'ListObjectsV2':
        case 'ListObjects':
        case 'HeadBucket':
          return [{ action: 's3:ListBucket', target: i.Bucket === env.DOCUMENTS_BUCKET ? { bucket: true, ...(typeof i.Prefix === 'string' ? { prefix: i.Prefix } : {}) } : { unknown: `bucket ${String(i.Bucket)}` } }];
        default:
          return [{ action: `s3:${op}`, target: { unknown: `bucket ${String(i.Bucket)}` } }];
      }
    }
    case 'CognitoIdentityProvider': {
      const pool: Target = i.UserPoolId === undefined || i.UserPoolId === env.USER_POOL_ID ? { pool: true } : { unknown: `user pool ${String(i.UserPoolId)}` };
      return [{ action: `cognito-idp:${op}`, target: pool, ...(COGNITO_PUBLIC.has(op) ? { public: true as const } : {}) }];
    }
    case 'SecretsManager': {
      const name = (Object.keys(secretEnvNames) as SecretName[]).find((n) => env[secretEnvNames[n]] && env[secretEnvNames[n]] === i.SecretId);
      return [{ action: `secretsmanager:${op}`, target: name ? { secret: name } : { unknown: `secret ${String(i.SecretId)}` } }];
    }
    case 'SESv2':
      return [{ action: `ses:${op}`, target: { mail: true } }];
    case 'EventBridge': {
      // PutEvents is authorised per entry against the bus each names.
      const buses = op === 'PutEvents' ? [...new Set(((i.Entries as { EventBusName?: string }[]) ?? []).map((e) => e.EventBusName ?? 'default'))] : [String(i.EventBusName ?? i.Name ?? 'default')];
      return buses.map((b) => ({ action: `events:${op}`, target: b === env.EVENT_BUS_NAME ? { bus: true as const } : { unknown: `event bus ${b}` } }));
    }
    case 'Lambda':
      return [{ action: op === 'Invoke' ? 'lambda:InvokeFunction' : `lambda:${op}`, target: { function: String(i.FunctionName), ...(i.Qualifier ? { qualifier: String(i.Qualifier) } : {}) } }];
    case 'CodeDeploy':
      return [{ action: `codedeploy:${op}`, target: { deploymentGroup: true } }];
    default:
      return [{ action: `${call.client.toLowerCase()}:${op}`, target: { unknown: call.client } }];
  }
}

/**
 * Object keys vary per document; a few of each function, action and first folder are enough to
 * show the prefix a grant must cover.
 */
const SAMPLES = 3;
const heard = new Map<string, Recorded>();
const samples = new Map<string, number>();

function remember(r: Recorded) {
  const key = JSON.stringify(r);
  if (heard.has(key)) return;
  if ('object' in r.target) {
    // `documents/<id>/<name>` → `documents/`, `uploads/requests/<id>/<name>` → `uploads/requests/`.
    const folders = r.target.object.split('/').slice(0, -1).filter((f) => !/\d/.test(f));
    const group = `${r.fn} ${r.action} ${folders.join('/')}`;
    const n = samples.get(group) ?? 0;
    if (n >= SAMPLES) return;
    samples.set(group, n + 1);
  }
  heard.set(key, r);
}

/** Starts hearing the calls of this process's functions (once; the local stack's harness calls it). */
export function listen(): void {
  const g = globalThis as { [AWS_CALL_LISTENER]?: (call: AwsCall) => void };
  if (g[AWS_CALL_LISTENER]) return;
  g[AWS_CALL_LISTENER] = (call) => {
    const fn = runningFunction();
    if (!fn) return;
    for (const a of authorisationsOf(call, process.env)) remember({ fn, ...a });
  };
}

let flushes = 0;
/** Writes what was heard since the last flush to a file of its own. */
export function flush(): void {
  if (heard.size === 0 && invocations.size === 0) return;
  const file: RecordFile = { calls: [...heard.values()], invocations: Object.fromEntries(invocations) };
  mkdirSync(RECORDS_DIR, { recursive: true });
  writeFileSync(path.join(RECORDS_DIR, `${process.pid}-${Date.now()}-${flushes++}.json`), JSON.stringify(file) + '\n');
  heard.clear();
  samples.clear();
  invocations.clear();
}
