/**
 * AWS clients, created once per container. Endpoints come from the SDK's standard variables
 * (`AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`, ...), which the local stack sets; handlers
 * never know where they run. Every call is counted for the request it belongs to (see `calls`),
 * and where tracing is on (Lambda), recorded as an X-Ray subsegment by Powertools' Tracer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CodeDeployClient } from '@aws-sdk/client-codedeploy';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { faultMiddleware } from './faults.js';
import { traced } from './observability.js';

export type Service = 'dynamodb' | 's3' | 'cognito' | 'secrets';
export type CallCounts = Record<Service, number>;
const counts = new AsyncLocalStorage<CallCounts>();

/** Runs `fn` with a fresh call counter; `calls()` inside it reads the counts so far. */
export const countCalls = <T>(fn: () => Promise<T>) => counts.run({ dynamodb: 0, s3: 0, cognito: 0, secrets: 0 }, fn);
export const calls = (): CallCounts | undefined => counts.getStore();

/**
 * One AWS call as the SDK is about to make it: the client (`DynamoDB`, `S3`, ...), the command's
 * name (`QueryCommand`) and its input. `PresignedPost` stands for a presigned POST form, which S3
 * authorises as a PutObject by the function's role when the browser sends it.
 */
export interface AwsCall {
  client: string;
  command: string;
  input: Record<string, unknown>;
}

/**
 * Where the tests' IAM check listens (test/iam): a function set under this key on `globalThis`
 * hears every call of every client below. Nothing sets it in a function on AWS, where a call costs
 * one property read more.
 */
export const AWS_CALL_LISTENER = Symbol.for('portal.awsCallListener');
type Listener = (call: AwsCall) => void;
const listener = () => (globalThis as { [AWS_CALL_LISTENER]?: Listener })[AWS_CALL_LISTENER];

/** Tells the listener of a call that does not go through a client's middleware (a presigned POST). */
export function noteCall(call: AwsCall): void {
  listener()?.(call);
}

type Next = (args: object) => Promise<object>;
type Context = { clientName?: string; commandName?: string };
type AddMiddleware = (mw: (next: Next, context: Context) => Next, options: { step: 'initialize'; name: string }) => void;

type AddAt = (mw: (next: Next, context: Context) => Next, options: { step: 'deserialize'; priority: 'low'; name: string }) => void;

/**
 * Every client a function makes goes through this: its calls counted for the request they belong
 * to (under `service`, where given), and each told to the listener, if one is set. Where the local
 * stack sets FAULTS, a call may meet a failure on purpose (./faults.ts), inside the SDK's retries
 * and deserializer, as a real failure would come.
 */
export function watched<C extends { middlewareStack: object }>(client: C, service?: Service): C {
  // Not in the deployed bundles (PORTAL_FAULT_INJECTION 'off': infra/function-bundling.ts): no stage sets FAULTS.
  if (process.env.PORTAL_FAULT_INJECTION !== 'off') (client.middlewareStack as { add: AddAt }).add(faultMiddleware, { step: 'deserialize', priority: 'low', name: 'portalFaults' });
  (client.middlewareStack as { add: AddMiddleware }).add(
    (next, context) => async (args) => {
      const c = service && counts.getStore();
      if (c) c[service] += 1;
      const input = (args as { input?: Record<string, unknown> }).input ?? {};
      listener()?.({ client: (context.clientName ?? '').replace(/Client$/, ''), command: context.commandName ?? '', input });
      return next(args);
    },
    { step: 'initialize', name: 'portalWatch' },
  );
  return client;
}

let ddb: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let secrets: SecretsManagerClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  ddb ??= DynamoDBDocumentClient.from(traced(watched(new DynamoDBClient(apiBudget()), 'dynamodb')), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return ddb;
}

export function storage(): S3Client {
  s3 ??= traced(watched(
    new S3Client({
      ...apiBudget(),
      // Path-style addressing for S3-compatible stores (the local one); AWS uses virtual hosts.
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
      // Presigned PUTs must not carry an empty-body checksum the browser cannot match.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    's3',
  ));
  return s3;
}

export function identity(): CognitoIdentityProviderClient {
  cognito ??= traced(watched(new CognitoIdentityProviderClient(apiBudget(COGNITO_CALLS)), 'cognito'));
  return cognito;
}

export function secretStore(): SecretsManagerClient {
  secrets ??= traced(watched(new SecretsManagerClient(apiBudget()), 'secrets'));
  return secrets;
}

/**
 * How long a client may wait and how often it tries, where a caller has a budget: each attempt is
 * cut off after `requestTimeoutMs` (connecting included: the request's own timer starts before the
 * socket), `maxAttempts` attempts at most, `backoffMs` between two. Worst case of one call:
 * maxAttempts × requestTimeoutMs + (maxAttempts − 1) × backoffMs.
 */
export interface CallBudget {
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  maxAttempts: number;
  backoffMs: number;
}

export const worstCaseMs = (b: CallBudget) => b.maxAttempts * b.requestTimeoutMs + (b.maxAttempts - 1) * b.backoffMs;

type RetryStrategy = Extract<NonNullable<DynamoDBClientConfig['retryStrategy']>, { acquireInitialRetryToken: unknown }>;

/**
 * Retries with a fixed wait and no more than `maxAttempts` attempts. The SDK's standard strategy
 * waits up to a second after a throttle and follows a service's Retry-After hint (up to 5 s more),
 * which a caller with a budget cannot afford. A client error (validation, AccessDenied) is not retried.
 */
export function boundedRetry(maxAttempts: number, backoffMs: number): RetryStrategy {
  const token = (count: number) => ({ getRetryCount: () => count, getRetryDelay: () => backoffMs });
  return {
    acquireInitialRetryToken: async () => token(0),
    refreshRetryTokenForRetry: async (last, info) => {
      if (last.getRetryCount() + 1 >= maxAttempts || info.errorType === 'CLIENT_ERROR') throw new Error('No retry left');
      return token(last.getRetryCount() + 1);
    },
    recordSuccess: () => undefined,
  };
}

/**
 * The SDK's standard retry as AWS describes it (up to `maxAttempts` attempts, only for what AWS says
 * to retry: throttles, 5xx, dropped connections; full-jitter exponential backoff from 100 ms, from
 * 500 ms after a throttle), with one change: an attempt cut off by its timeout is not tried again.
 * The call may have been done (a retried conditional write would then be refused as a conflict, a
 * retried AdminCreateUser as "exists"), and a hung service would take the request's whole time.
 */
const cutOffByTimeout = (info: unknown) => {
  // The SDK names a reset or broken connection a TimeoutError too (its `code` says which): those
  // are retried, as AWS says; only an attempt our own timer ended is not.
  const e = (info as { error?: { name?: string; code?: string } }).error;
  return e?.name === 'TimeoutError' && e.code !== 'ECONNRESET' && e.code !== 'EPIPE';
};

export function apiRetry(maxAttempts: number): RetryStrategy {
  const token = (count: number, delay: number) => ({ getRetryCount: () => count, getRetryDelay: () => delay });
  return {
    acquireInitialRetryToken: async () => token(0, 0),
    refreshRetryTokenForRetry: async (last, info) => {
      const count = last.getRetryCount();
      if (count + 1 >= maxAttempts || info.errorType === 'CLIENT_ERROR' || cutOffByTimeout(info)) throw new Error('No retry left');
      const base = info.errorType === 'THROTTLING' ? 500 : 100;
      return token(count + 1, Math.random() * Math.min(20_000, base * 2 ** count));
    },
    recordSuccess: () => undefined,
  };
}

/**
 * The calls of the API functions and jobs (DynamoDB, S3, Secrets Manager, SES, EventBridge), which
 * run 10 s by default (API Gateway waits 29 s at most). These services answer in milliseconds to a
 * few hundred; an attempt that has sent nothing back for 3 s is cut off (the timer is the socket's
 * idle time, so an upload that keeps flowing is not) and not tried again; throttles and 5xx are
 * retried (apiRetry), 3 attempts at most. A hung service thus costs a request about 3 s, a
 * throttling one about 1.5 s of backoff, then the route answers 503 (middleware.ts) instead of
 * taking the function's whole timeout and a 502 from API Gateway.
 */
export const API_CALLS: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 3000, maxAttempts: 3, backoffMs: 100 };
/**
 * Cognito's calls wait for its triggers, which Cognito itself gives 5 s (a cold custom-message
 * trigger on AdminCreateUser, ForgotPassword): 7 s per attempt, so a slow trigger is not cut off;
 * still under the 10 s of a function, as a timeout is not retried.
 */
export const COGNITO_CALLS: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 7000, maxAttempts: 3, backoffMs: 100 };

/** An API client's configuration for a budget: timeouts that end the attempt, apiRetry. */
export const apiBudget = (b: CallBudget = API_CALLS) => ({
  maxAttempts: b.maxAttempts,
  retryStrategy: apiRetry(b.maxAttempts),
  requestHandler: { connectionTimeout: b.connectionTimeoutMs, requestTimeout: b.requestTimeoutMs, socketTimeout: b.requestTimeoutMs, throwOnRequestTimeout: true },
});

/** A client's configuration for a budget: timeouts that end the attempt (not only warn), the bounded retry. */
export const budgeted = (b: CallBudget) => ({
  maxAttempts: b.maxAttempts,
  retryStrategy: boundedRetry(b.maxAttempts, b.backoffMs),
  requestHandler: { connectionTimeout: b.connectionTimeoutMs, requestTimeout: b.requestTimeoutMs, socketTimeout: b.requestTimeoutMs, throwOnRequestTimeout: true },
});

/**
 * The Cognito triggers' calls. Cognito waits 5 s for a trigger, then fails the sign-in: one call
 * takes at most 2 × 700 + 100 = 1.5 s (DynamoDB and Cognito answer these reads and writes in tens
 * of milliseconds), and a trigger waits on at most two calls in a row (pre-token-generation: the
 * user's row, and the sign-in note after it; the authenticator-app read runs beside the row's), so
 * 3.0 s at worst, under the 4 s the trigger functions' 5 s timeout leaves for a cold start.
 */
export const TRIGGER_CALLS: CallBudget = { connectionTimeoutMs: 300, requestTimeoutMs: 700, maxAttempts: 2, backoffMs: 100 };

let triggerDdb: DynamoDBDocumentClient | undefined;
let triggerCognito: CognitoIdentityProviderClient | undefined;

/** DynamoDB for the Cognito triggers, within TRIGGER_CALLS. */
export function triggerDynamo(): DynamoDBDocumentClient {
  triggerDdb ??= DynamoDBDocumentClient.from(traced(watched(new DynamoDBClient(budgeted(TRIGGER_CALLS)))), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return triggerDdb;
}

/** Cognito for the Cognito triggers, within TRIGGER_CALLS. */
export function triggerIdentity(): CognitoIdentityProviderClient {
  triggerCognito ??= traced(watched(new CognitoIdentityProviderClient(budgeted(TRIGGER_CALLS))));
  return triggerCognito;
}

/** The pre-traffic hook's CodeDeploy calls (GetDeployment, PutLifecycleEventHookExecutionStatus): 3 × 5 s + 2 × 0.2 s at worst. */
export const DEPLOY_CALLS: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 5000, maxAttempts: 3, backoffMs: 200 };
/**
 * The hook's Invoke of the new version: an API function runs for at most 29 s (the route table's
 * largest timeout, API Gateway's limit), so an attempt may last 35 s; two attempts and the wait,
 * 70.5 s at worst. The hook function's own timeout must cover this and the CodeDeploy calls (2 minutes).
 */
export const PROBE_CALLS: CallBudget = { connectionTimeoutMs: 1000, requestTimeoutMs: 35_000, maxAttempts: 2, backoffMs: 500 };

let codedeploy: CodeDeployClient | undefined;
let lambda: LambdaClient | undefined;

export function deployments(): CodeDeployClient {
  codedeploy ??= traced(watched(new CodeDeployClient(budgeted(DEPLOY_CALLS))));
  return codedeploy;
}

export function functions(): LambdaClient {
  lambda ??= traced(watched(new LambdaClient(budgeted(PROBE_CALLS))));
  return lambda;
}
