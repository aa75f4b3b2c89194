/**
 * reports: the report catalogue (spec section 2's eight reports by default), one item per report.
 *
 * Item: { id, name, group, frames: string[], position }
 * An empty table means the built-in catalogue (`defaultReports`).
 *
 * Access patterns:
 * - the catalogue: Scan (a dozen items), sorted by position
 * - load a catalogue file: BatchWriteItem (and delete the ids no longer in it)
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { batchWrite, scanAll } from './batch.js';

export interface Report {
  id: string;
  name: string;
  group: string;
  frames: string[];
}
interface ReportItem extends Report {
  position: number;
}

/** The built-in report host's pages, one per report (spec section 2, names and groups letter for letter). */
export const defaultReports: Report[] = [
  { id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] },
  { id: 'quotes', name: 'Quotes', group: 'General', frames: ['/embed/quotes'] },
  { id: 'work-orders', name: 'Work Orders', group: 'Work History', frames: ['/embed/work-orders'] },
  { id: 'maintenance', name: 'Maintenance', group: 'Work History', frames: ['/embed/maintenance'] },
  { id: 'capital-projects', name: 'Capital Projects', group: 'Work History', frames: ['/embed/capital-projects'] },
  { id: 'assets', name: 'Assets', group: 'General', frames: ['/embed/assets'] },
  { id: 'invoicing', name: 'Invoicing', group: 'General', frames: ['/embed/invoicing'] },
  { id: 'analytics', name: 'Analytics', group: 'General', frames: ['/embed/analytics'] },
];

const table = () => tableName('reports');

/** The stored catalogue, or null when none is stored (the defaults apply). */
export async function storedReports(db: DynamoDBDocumentClient): Promise<Report[] | null> {
  const items = await scanAll<ReportItem>(db, { TableName: table() });
  if (items.length === 0) return null;
  return items.sort((a, b) => a.position - b.position).map(({ id, name, group, frames }) => ({ id, name, group, frames }));
}

/** Replaces the stored catalogue with `reports` (an empty list removes it: the defaults apply). */
export async function storeReports(db: DynamoDBDocumentClient, reports: Report[]): Promise<void> {
  const existing = await scanAll<ReportItem>(db, { TableName: table(), ProjectionExpression: 'id' });
  const keep = new Set(reports.map((r) => r.id));
  await batchWrite(
    db,
    table(),
    reports.map((r, position) => ({ ...r, position })),
    existing.filter((e) => !keep.has(e.id)).map((e) => ({ id: e.id })),
  );
}
