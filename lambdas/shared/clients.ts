/**
 * AWS clients, created once per container. Endpoints come from the SDK's standard variables
 * (`AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3`, ...), which the local stack sets; handlers
 * never know where they run. Every call is counted for the request it belongs to (see `calls`),
 * and where tracing is on (Lambda), recorded as an X-Ray subsegment by Powertools' Tracer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from './observability.js';

export type Service = 'dynamodb' | 's3' | 'cognito' | 'secrets';
export type CallCounts = Record<Service, number>;
const counts = new AsyncLocalStorage<CallCounts>();

/** Runs `fn` with a fresh call counter; `calls()` inside it reads the counts so far. */
export const countCalls = <T>(fn: () => Promise<T>) => counts.run({ dynamodb: 0, s3: 0, cognito: 0, secrets: 0 }, fn);
export const calls = (): CallCounts | undefined => counts.getStore();

type Next = (args: object) => Promise<object>;
type AddMiddleware = (mw: (next: Next) => Next, options: { step: 'initialize'; name: string }) => void;

function counted<C extends { middlewareStack: object }>(client: C, service: Service): C {
  (client.middlewareStack as { add: AddMiddleware }).add(
    (next) => async (args) => {
      const c = counts.getStore();
      if (c) c[service] += 1;
      return next(args);
    },
    { step: 'initialize', name: `portalCount-${service}` },
  );
  return client;
}

let ddb: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let secrets: SecretsManagerClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  ddb ??= DynamoDBDocumentClient.from(traced(counted(new DynamoDBClient({}), 'dynamodb')), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return ddb;
}

export function storage(): S3Client {
  s3 ??= traced(counted(
    new S3Client({
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
  cognito ??= traced(counted(new CognitoIdentityProviderClient({}), 'cognito'));
  return cognito;
}

export function secretStore(): SecretsManagerClient {
  secrets ??= traced(counted(new SecretsManagerClient({}), 'secrets'));
  return secrets;
}
