/**
 * serviceRequests: customers' requests for service, one item per request.
 *
 * Item: { customerId, reference, kind: 'request', customerName, propertyId, propertyName, equipmentId?, equipmentName?,
 *         description, priority, accessTimes?, photos: [{ key, fileName, size }], status,
 *         notes: [{ at, text, status }], filedBy, filedOnBehalfOf?, createdAt, updatedAt }
 * The reference (`SR-YYMMDD-HHMMSS-XXXX`, UTC) sorts by time, so it is the sort key: a customer's
 * requests newest first without a second key. `kind` is the same on every item: the `byTime`
 * index holds every request newest first, for administrators (a few requests a day per provider).
 *
 * Access patterns:
 * - file: PutItem if the reference is new
 * - a customer's requests, newest first: Query customerId, ScanIndexForward=false
 * - every customer's requests, newest first (administrators): Query byTime kind='request'
 * - one request: GetItem customerId + reference
 * - change status and add a note: UpdateItem if the request exists
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { ifHolds } from './conditional.js';
import type { RequestPriority, RequestStatus } from '../contract/answers/requests.js';

export interface RequestPhoto {
  key: string;
  fileName: string;
  size: number;
}
export interface RequestNote {
  at: string;
  text: string;
  status: RequestStatus;
}
export interface ServiceRequestItem {
  customerId: string;
  reference: string;
  kind: 'request';
  customerName: string;
  propertyId: string;
  propertyName: string;
  equipmentId?: string;
  equipmentName?: string;
  description: string;
  priority: RequestPriority;
  accessTimes?: string;
  photos: RequestPhoto[];
  status: RequestStatus;
  notes: RequestNote[];
  /** Whose request it is (the customer's email, also when an administrator filed it for them). */
  filedBy: string;
  /** The administrator who filed it on the customer's behalf, if one did. */
  filedOnBehalfOf?: string;
  createdAt: string;
  updatedAt: string;
}

const table = () => tableName('serviceRequests');
/** The most requests one list answers (newest first). */
export const LIST_LIMIT = 200;

/** Writes a new request; false when its reference is taken. */
export async function putServiceRequest(db: DynamoDBDocumentClient, item: ServiceRequestItem): Promise<boolean> {
  const put = db.send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(#r)', ExpressionAttributeNames: { '#r': 'reference' } }));
  return ifHolds(put.then(() => true), false);
}

export async function getServiceRequest(db: DynamoDBDocumentClient, customerId: string, reference: string): Promise<ServiceRequestItem | undefined> {
  const r = await db.send(new GetCommand({ TableName: table(), Key: { customerId, reference } }));
  return r.Item as ServiceRequestItem | undefined;
}

/** A customer's requests, newest first (at most LIST_LIMIT). */
export async function requestsOfCustomer(db: DynamoDBDocumentClient, customerId: string): Promise<ServiceRequestItem[]> {
  const r = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'customerId = :c',
      ExpressionAttributeValues: { ':c': customerId },
      ScanIndexForward: false,
      Limit: LIST_LIMIT,
    }),
  );
  return (r.Items ?? []) as ServiceRequestItem[];
}

/** Every customer's requests filed since `since` (a reference prefix such as `SR-261101`), newest first (at most LIST_LIMIT). */
export async function recentRequests(db: DynamoDBDocumentClient, since?: string): Promise<ServiceRequestItem[]> {
  const r = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'byTime',
      KeyConditionExpression: since ? '#k = :k AND #r >= :s' : '#k = :k',
      ExpressionAttributeNames: since ? { '#k': 'kind', '#r': 'reference' } : { '#k': 'kind' },
      ExpressionAttributeValues: since ? { ':k': 'request', ':s': since } : { ':k': 'request' },
      ScanIndexForward: false,
      Limit: LIST_LIMIT,
    }),
  );
  return (r.Items ?? []) as ServiceRequestItem[];
}

/** Sets the status and appends the note; the updated request, or undefined when there is none. */
export async function updateRequestStatus(
  db: DynamoDBDocumentClient,
  customerId: string,
  reference: string,
  status: RequestStatus,
  note: RequestNote | null,
): Promise<ServiceRequestItem | undefined> {
  const at = new Date().toISOString();
  const r = await ifHolds(
    db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { customerId, reference },
        ConditionExpression: 'attribute_exists(#r)',
        UpdateExpression: note ? 'SET #s = :s, updatedAt = :u, notes = list_append(notes, :n)' : 'SET #s = :s, updatedAt = :u',
        ExpressionAttributeNames: { '#s': 'status', '#r': 'reference' },
        ExpressionAttributeValues: note ? { ':s': status, ':u': at, ':n': [note] } : { ':s': status, ':u': at },
        ReturnValues: 'ALL_NEW',
      }),
    ),
    undefined,
  );
  return r?.Attributes as ServiceRequestItem | undefined;
}
