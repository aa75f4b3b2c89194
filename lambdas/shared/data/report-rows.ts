/**
 * report-rows: the built-in report host's datasets (work orders, quotes, invoices, assets), one item
 * per row, partitioned by property so every query is already limited to one property in scope.
 *
 * Item: { propertyId, sk: '<dataset>#<id>', dataset, id, ...the dataset's fields }
 * Dates are ISO strings (`2026-03-31` or `2026-03-31T14:05:00Z`), amounts numbers.
 *
 * Access patterns:
 * - one dataset of one property: Query propertyId = :p AND begins_with(sk, '<dataset>#')
 *   (a report over N properties is N queries in parallel)
 * - import and demo seed: BatchWriteItem
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../env.js';
import { batchWrite, queryAll } from './batch.js';

export interface WorkOrderRow {
  dataset: 'wo';
  id: string;
  propertyId: string;
  kind: 'service' | 'maintenance' | 'capital';
  status: 'Open' | 'In Progress' | 'On Hold' | 'Completed' | 'Cancelled';
  priority: 'Low' | 'Medium' | 'High' | 'Emergency';
  createdAt: string;
  scheduledAt?: string;
  completedAt?: string;
  description: string;
  technician: string;
  amount: number;
}
export interface QuoteRow {
  dataset: 'quote';
  id: string;
  propertyId: string;
  title: string;
  status: 'Draft' | 'Sent' | 'Approved' | 'Declined' | 'Expired';
  amount: number;
  createdAt: string;
  expiresAt?: string;
  decidedAt?: string;
}
export interface InvoiceRow {
  dataset: 'invoice';
  id: string;
  number: string;
  propertyId: string;
  workOrderId?: string;
  issuedAt: string;
  dueAt: string;
  paidAt?: string;
  amount: number;
  balance: number;
  status: 'Open' | 'Paid' | 'Overdue' | 'Void';
}
export interface AssetRow {
  dataset: 'asset';
  id: string;
  propertyId: string;
  name: string;
  assetType: string;
  make: string;
  model: string;
  serial: string;
  installedOn?: string;
  condition: 'Good' | 'Fair' | 'Poor' | 'Critical';
}
export type ReportRow = WorkOrderRow | QuoteRow | InvoiceRow | AssetRow;
export type Dataset = ReportRow['dataset'];
type RowOf<D extends Dataset> = Extract<ReportRow, { dataset: D }>;

const table = () => tableName('reportRows');

export const putReportRows = (db: DynamoDBDocumentClient, rows: ReportRow[]) =>
  batchWrite(
    db,
    table(),
    rows.map((r) => ({ ...r, sk: `${r.dataset}#${r.id}` })),
  );

/** The projection of `attributes` (plus the row's keys): names as placeholders, since several are reserved words. */
function projection(attributes: readonly string[] | undefined) {
  if (!attributes) return {};
  const names = [...new Set(['propertyId', 'id', 'dataset', ...attributes])];
  return {
    ProjectionExpression: names.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
  };
}

/**
 * One dataset's rows of the given properties (one Query per property, in parallel). With
 * `attributes`, only those (and the keys) are read: the rows then carry nothing else, so the caller
 * must read no other field.
 */
export async function rowsOf<D extends Dataset>(
  db: DynamoDBDocumentClient,
  dataset: D,
  propertyIds: Iterable<string>,
  attributes?: readonly string[],
): Promise<RowOf<D>[]> {
  const lists = await Promise.all(
    [...new Set(propertyIds)].map((p) =>
      queryAll<RowOf<D> & { sk?: string }>(db, {
        TableName: table(),
        KeyConditionExpression: 'propertyId = :p AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':p': p, ':d': `${dataset}#` },
        ...projection(attributes),
      }),
    ),
  );
  return lists.flat();
}
