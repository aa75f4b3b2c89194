/**
 * Which work orders are visits, and when: a work order that is not completed or cancelled, with a
 * scheduled time (or an arrival window) in the window asked, of a property in the caller's scope.
 * A visit scheduled at midnight UTC with no arrival window is a day, not a time (an import's
 * `scheduled_at` written as a date is stored so): "All day" on that calendar date.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Visit } from '../../contract/answers/visits.js';
import type { PropertyItem } from '../../data/properties.js';
import { propertiesAndRows, readIndex } from '../../data/report-reads.js';
import type { WorkOrderRow } from '../../data/report-rows.js';
import { settings } from '../../platform/env.js';

export const DAY_MS = 86_400_000;

/** The work order fields a visit needs (the packed items' other columns stay in DynamoDB). */
export const visitAttributes = ['kind', 'status', 'scheduledAt', 'windowStart', 'windowEnd', 'technician', 'description'] as const;

const CLOSED = new Set<WorkOrderRow['status']>(['Completed', 'Cancelled']);

/** Midnight UTC with no window: a visit of a day, not of a time. */
export const isAllDay = (w: Pick<WorkOrderRow, 'scheduledAt' | 'windowStart'>) => !w.windowStart && /T00:00:00(\.000)?Z$/.test(w.scheduledAt ?? '');

/** When the visit starts: its arrival window's start, else its scheduled time. */
const startOf = (w: Pick<WorkOrderRow, 'scheduledAt' | 'windowStart'>) => w.windowStart ?? w.scheduledAt;

/**
 * The visits among `rows` that start in [from, to) (ISO instants), of the listed properties only,
 * soonest first (then by property name and work order id). An all-day visit counts from its day's
 * midnight UTC. Each visit carries its property's zone (the provider's, `defaultZone`, where the
 * property has none) and address.
 */
export function selectVisits(
  rows: readonly WorkOrderRow[],
  properties: ReadonlyMap<string, Pick<PropertyItem, 'name' | 'timeZone' | 'address'>>,
  from: string,
  to: string,
  defaultZone = settings.timeZone(),
): Visit[] {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const out: Visit[] = [];
  for (const w of rows) {
    const property = properties.get(w.propertyId);
    if (!property || CLOSED.has(w.status)) continue;
    const start = startOf(w);
    const at = start ? Date.parse(start) : NaN;
    if (!Number.isFinite(at) || at < fromMs || at >= toMs) continue;
    const windowed = Boolean(w.windowStart && w.windowEnd);
    out.push({
      workOrderId: w.id,
      propertyId: w.propertyId,
      propertyName: property.name,
      ...(property.address ? { propertyAddress: property.address } : {}),
      timeZone: property.timeZone || defaultZone,
      kind: w.kind,
      scheduledAt: new Date(at).toISOString(),
      allDay: isAllDay(w),
      ...(windowed ? { windowStart: w.windowStart!, windowEnd: w.windowEnd! } : {}),
      technician: w.technician ?? '',
      description: w.description ?? '',
    });
  }
  return out.sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.propertyName.localeCompare(b.propertyName) || a.workOrderId.localeCompare(b.workOrderId));
}

/**
 * The window of `days` days from the start of today (UTC), so that a visit earlier today (a day
 * in the browser's zone can begin hours before or after UTC's) is still shown, and `back` days before it.
 */
export function visitWindow(days: number, now = Date.now(), back = 0): { from: string; to: string } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { from: new Date(today - back * DAY_MS).toISOString(), to: new Date(today + (days + 1) * DAY_MS).toISOString() };
}

/**
 * The visits of these properties (ids already checked against the caller's scope) in [from, to):
 * two calls (the datasets' index, then the properties' names with the listed work order items).
 */
export async function readVisits(db: DynamoDBDocumentClient, propertyIds: readonly string[], from: string, to: string): Promise<Visit[]> {
  if (propertyIds.length === 0) return [];
  const index = await readIndex(db, propertyIds, ['wo']);
  const { properties, rows } = await propertiesAndRows(db, propertyIds, ['wo'], index, { wo: visitAttributes });
  const named = new Map(properties.map((p) => [p.id, p]));
  return selectVisits((rows.get('wo') ?? []) as WorkOrderRow[], named, from, to);
}
