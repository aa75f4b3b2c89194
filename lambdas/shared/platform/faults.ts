/**
 * Failures on purpose (issue 31): `FAULTS` makes the AWS SDK clients and the telemetry client meet
 * the failures AWS and the telemetry service really answer, at the HTTP level, so that the SDK's
 * deserializers, retries and timeouts and then the handlers see exactly what they would see.
 *
 *   FAULTS=dynamodb:throttle:0.2,s3:503:0.1,cognito:TooManyRequestsException:0.1,ses:reject:1,telemetry:hang
 *
 * Each fault is `<service>[.<Operation>][@<table>]:<kind>[:<rate>]`:
 * - service: dynamodb, s3, cognito, ses, secrets, events, telemetry;
 * - Operation (optional): the API's operation as IAM names it (`PutItem`, `AdminCreateUser`,
 *   `CopyObject`; the document client's `Put` is `PutItem`); `@table` (optional, DynamoDB): the
 *   table's id as lambdas/shared/resources/tables.ts names it (`accounts` for the users table, `documents`), so one
 *   half of a two-system write can fail alone;
 * - kind: `throttle` (the service's own throttling error), `503` / `500` (its server error),
 *   `reject` (SES: MessageRejected), `hang` (the connection is accepted and never answered: the
 *   client's timeout must end it), or an error name the service answers (`TooManyRequestsException`);
 * - rate: the share of matching calls that fail, 0 to 1 (default 1).
 *
 * Read on every call (a test may change it between requests). Only the local stack passes it to
 * functions; no stage sets it (a template test checks every function's environment), so the
 * deployed bundles leave this module out (PORTAL_FAULT_INJECTION 'off' by esbuild's define,
 * infra/function-bundling.ts); the local stack's handlers and its cold mode's bundles keep it.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Readable } from 'node:stream';

export type FaultService = 'dynamodb' | 's3' | 'cognito' | 'ses' | 'secrets' | 'events' | 'telemetry';
const SERVICES: readonly FaultService[] = ['dynamodb', 's3', 'cognito', 'ses', 'secrets', 'events', 'telemetry'];

export interface Fault {
  service: FaultService;
  operation?: string;
  table?: string;
  kind: string;
  rate: number;
}

export class FaultSpecError extends Error {}

const FAULT = /^([a-z0-9]+)(?:\.([A-Za-z0-9]+))?(?:@([A-Za-z0-9_-]+))?:([A-Za-z0-9]+)(?::([0-9.]+))?$/;

/** The faults of a FAULTS value; a part that is not one throws, naming it. */
export function parseFaults(text: string | undefined): Fault[] {
  if (!text || !text.trim()) return [];
  return text.split(',').map((raw) => {
    const part = raw.trim();
    const m = FAULT.exec(part);
    if (!m) throw new FaultSpecError(`FAULTS: "${part}" is not <service>[.<Operation>][@<table>]:<kind>[:<rate>]`);
    const [, service, operation, table, kind, rateText] = m;
    if (!SERVICES.includes(service as FaultService)) throw new FaultSpecError(`FAULTS: unknown service "${service}" (one of ${SERVICES.join(', ')})`);
    const rate = rateText === undefined ? 1 : Number(rateText);
    if (!(rate >= 0 && rate <= 1)) throw new FaultSpecError(`FAULTS: the rate of "${part}" must be between 0 and 1`);
    return { service: service as FaultService, ...(operation ? { operation } : {}), ...(table ? { table } : {}), kind: kind!, rate };
  });
}

let parsed: { text: string; faults: Fault[] } = { text: '', faults: [] };
/** The faults in force now (FAULTS as it is at this call); none where it is unset. */
export function faultsInForce(): Fault[] {
  const text = process.env.FAULTS ?? '';
  if (text !== parsed.text) parsed = { text, faults: parseFaults(text) };
  return parsed.faults;
}

/** The fault this call meets, if any: the first that matches and whose dice say so. */
export function faultFor(service: FaultService, operation?: string, tableName?: unknown): Fault | undefined {
  for (const f of faultsInForce()) {
    if (f.service !== service) continue;
    if (f.operation && f.operation !== operation) continue;
    if (f.table && !(typeof tableName === 'string' && (tableName === f.table || tableName.endsWith(`-${f.table}`)))) continue;
    if (f.rate >= 1 || Math.random() < f.rate) return f;
  }
  return undefined;
}

/** The SDK client's name → the service (`DynamoDBClient` → dynamodb); undefined for one FAULTS does not cover. */
export function serviceOfClient(clientName: string | undefined): FaultService | undefined {
  const names: Record<string, FaultService> = {
    DynamoDBClient: 'dynamodb',
    DynamoDBDocumentClient: 'dynamodb',
    S3Client: 's3',
    CognitoIdentityProviderClient: 'cognito',
    SESv2Client: 'ses',
    SecretsManagerClient: 'secrets',
    EventBridgeClient: 'events',
  };
  return clientName ? names[clientName] : undefined;
}

/** The document client's command names as DynamoDB's API (and IAM) names the operation. */
const DOCUMENT_OPERATIONS: Record<string, string> = {
  Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', BatchGet: 'BatchGetItem', BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems', TransactWrite: 'TransactWriteItems',
};
export const operationOf = (commandName: string | undefined) => {
  const bare = (commandName ?? '').replace(/Command$/, '');
  return DOCUMENT_OPERATIONS[bare] ?? bare;
};

/** What the service answers for a fault: status, headers and body as its protocol writes them. */
export function faultResponse(service: FaultService, kind: string): { statusCode: number; headers: Record<string, string>; body: string } {
  const status = kind === '503' ? 503 : kind === '500' ? 500 : service === 's3' && kind === 'throttle' ? 503 : 400;
  const name =
    kind === '503' ? (service === 'dynamodb' || service === 's3' ? 'ServiceUnavailable' : 'ServiceUnavailableException')
    : kind === '500' ? (service === 'dynamodb' || service === 's3' ? 'InternalServerError' : 'InternalErrorException')
    : kind === 'reject' ? 'MessageRejected'
    : kind === 'throttle'
      ? { dynamodb: 'ProvisionedThroughputExceededException', s3: 'SlowDown', cognito: 'TooManyRequestsException', ses: 'TooManyRequestsException', secrets: 'ThrottlingException', events: 'ThrottlingException', telemetry: 'TooManyRequests' }[service]
      : kind;
  const message = `Failure on purpose (FAULTS): ${name}`;
  const amzId = { 'x-amzn-requestid': 'fault-injected', 'x-amz-request-id': 'fault-injected' };
  switch (service) {
    case 's3':
      return { statusCode: status, headers: { 'content-type': 'application/xml', ...amzId }, body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${name}</Code><Message>${message}</Message></Error>` };
    case 'ses':
      return { statusCode: status, headers: { 'content-type': 'application/json', 'x-amzn-errortype': name, ...amzId }, body: JSON.stringify({ message }) };
    case 'dynamodb':
      return { statusCode: status, headers: { 'content-type': 'application/x-amz-json-1.0', ...amzId }, body: JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${name}`, message }) };
    default:
      return { statusCode: status, headers: { 'content-type': 'application/x-amz-json-1.1', ...amzId }, body: JSON.stringify({ __type: name, message }) };
  }
}

let blackhole: Promise<{ server: Server; port: number }> | undefined;
const held = new Set<import('node:net').Socket>();

/**
 * A loopback TCP server that accepts connections and never answers: where a `hang` fault sends a
 * call, so that the client's own connection and request timeouts are what ends it.
 */
export function blackholePort(): Promise<number> {
  blackhole ??= new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      held.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => held.delete(socket));
    });
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
  return blackhole.then((b) => b.port);
}

type Next = (args: object) => Promise<object>;
type Context = { clientName?: string; commandName?: string };
interface WireRequest {
  protocol: string;
  hostname: string;
  port?: number;
  headers: Record<string, string>;
}

/**
 * The SDK middleware (step `deserialize`, inside the retries and the deserializer): a matching
 * fault answers the service's error response instead of sending the call, or for `hang` sends it
 * to the blackhole. Without FAULTS it passes every call on untouched.
 */
export const faultMiddleware = (next: Next, context: Context): Next => async (args) => {
  if (!process.env.FAULTS) return next(args);
  const service = serviceOfClient(context.clientName);
  if (!service) return next(args);
  const input = (args as { input?: { TableName?: unknown } }).input;
  const fault = faultFor(service, operationOf(context.commandName), input?.TableName);
  if (!fault) return next(args);
  const request = (args as { request?: WireRequest }).request;
  if (fault.kind === 'hang' && request) {
    request.protocol = 'http:';
    request.hostname = '127.0.0.1';
    request.port = await blackholePort();
    request.headers.host = `127.0.0.1:${request.port}`;
    return next(args);
  }
  // The shape of the SDK's HttpResponse (its deserializers check the shape, not the class).
  const r = faultResponse(service, fault.kind);
  return { response: { statusCode: r.statusCode, reason: undefined, headers: r.headers, body: Readable.from([Buffer.from(r.body)]) } };
};
