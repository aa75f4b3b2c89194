/**
 * The work order a service request shows (issue 43): the provider links one by the import's
 * `request_id`. Pure: ./list.ts reads the work orders of the served user's properties (their scope,
 * nothing else) with the same two calls that read the properties' assets for the request form
 * (./units.ts), so a work order of a property outside the scope is never among them and no request
 * shows it, whatever it names.
 */
import type { RequestWorkOrder } from '../../contract/answers/requests.js';
import type { WorkOrderRow } from '../../data/report-rows.js';
import { isAllDay } from '../visits/select.js';

/** The work order columns the link needs (the packed items' other columns stay in DynamoDB). */
export const requestLinkAttributes = ['status', 'createdAt', 'scheduledAt', 'windowStart', 'windowEnd', 'requestId'] as const;

type Linkable = Pick<WorkOrderRow, 'id' | 'propertyId' | 'status' | 'createdAt' | 'scheduledAt' | 'windowStart' | 'windowEnd' | 'requestId'>;

/** One work order as the request shows it, in its property's zone. */
export function requestWorkOrder(w: Linkable, timeZone: string): RequestWorkOrder {
  const windowed = Boolean(w.windowStart && w.windowEnd);
  return {
    id: w.id,
    status: w.status,
    timeZone,
    scheduledAt: (windowed ? w.windowStart : w.scheduledAt) ?? null,
    allDay: isAllDay(w),
    ...(windowed ? { windowStart: w.windowStart!, windowEnd: w.windowEnd! } : {}),
  };
}

/** Of several work orders of one request: one not cancelled before a cancelled one, then the newest (a follow-up visit is the one awaited). */
const preferred = (a: Linkable, b: Linkable) =>
  Number(a.status === 'Cancelled') - Number(b.status === 'Cancelled') || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

/**
 * The linked work order of each request reference, among `rows` of the properties in `zones`
 * (property id → its time zone: the scope's properties only; a row of any other property is left out).
 */
export function linkedWorkOrders(rows: readonly Linkable[], zones: ReadonlyMap<string, string>): Map<string, RequestWorkOrder> {
  const byRequest = new Map<string, Linkable>();
  for (const w of rows) {
    if (!w.requestId || !zones.has(w.propertyId)) continue;
    const have = byRequest.get(w.requestId);
    if (!have || preferred(w, have) < 0) byRequest.set(w.requestId, w);
  }
  return new Map([...byRequest].map(([reference, w]) => [reference, requestWorkOrder(w, zones.get(w.propertyId)!)]));
}
