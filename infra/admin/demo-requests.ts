/**
 * Issue 43: a demo service request per demo customer with a sign-in, which the provider answered
 * with a work order, so "My Requests" shows the work order and its arrival window. At the
 * customer's first property, its soonest planned visit with an arrival window (one with the
 * equipment worked on first, which ./demo-work-orders.ts gave notes) gets the `requestId` of a
 * request filed the day before the work order was opened (14:00 UTC), by the customer's demo
 * sign-in; the request is scheduled, with the provider's note of the next morning (15:00 UTC). Fixed rather than drawn, so no other demo figure
 * changes; the same `now` gives the same references.
 */
import type { ServiceRequestItem } from '../../lambdas/shared/data/service-requests.js';
import type { AssetRow, ReportRow, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { demoCustomers } from './demo-data.js';

/** The demo customers that have a sign-in, and whose request it is (README.md's demo sign-ins; Summit's only user has no customer yet). */
const FILED_BY: Readonly<Record<string, string>> = {
  'CUST-1001': 'facilities@northwind.test',
  'CUST-1002': 'operations@harborview.test',
  'CUST-1003': 'principal@lakeside.test',
};
const HOUR = 3_600_000;
/** The request is filed 10 hours before its work order is opened (the generator opens them at midnight UTC), the note written 15 hours after. */
const FILED_BEFORE = 10 * HOUR;
const NOTED_AFTER = 15 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');
/** `SR-YYMMDD-HHMMSS-` of an instant (UTC), as ../../lambdas/shared/domain/requests/served.ts writes references. */
const referenceAt = (at: Date) =>
  `SR-${pad(at.getUTCFullYear() % 100)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}-`;

/** The work order each demo customer's request is answered by (its first property's soonest windowed visit). */
function answered(rows: readonly ReportRow[]): { customerId: string; workOrder: WorkOrderRow }[] {
  const out: { customerId: string; workOrder: WorkOrderRow }[] = [];
  for (const c of demoCustomers) {
    const property = c.properties[0];
    if (!FILED_BY[c.id] || !property) continue;
    const visit = rows
      .filter((r): r is WorkOrderRow => r.dataset === 'wo' && r.propertyId === property.id && r.status === 'Open' && !!r.windowStart && !!r.windowEnd)
      .sort((a, b) => Number(!a.assetId) - Number(!b.assetId) || a.windowStart!.localeCompare(b.windowStart!) || a.id.localeCompare(b.id))[0];
    if (visit) out.push({ customerId: c.id, workOrder: visit });
  }
  return out;
}

/** The reference of the request a work order answers (filed before it was opened; the customer's number in the suffix keeps them apart). */
const referenceOf = (customerId: string, w: WorkOrderRow) => `${referenceAt(new Date(Date.parse(w.createdAt) - FILED_BEFORE))}DM${customerId.slice(-2)}`;

/** The rows with the answering work orders linked to their requests (`requestId`); copied where changed, never mutated. */
export function withDemoRequestLinks(rows: readonly ReportRow[]): ReportRow[] {
  const links = new Map(answered(rows).map(({ customerId, workOrder }) => [workOrder, referenceOf(customerId, workOrder)]));
  return rows.map((r) => (r.dataset === 'wo' && links.has(r) ? { ...r, requestId: links.get(r)! } : r));
}

/** The demo requests the linked work orders of `rows` (./demo-report-data.ts's) answer. */
export function demoServiceRequests(rows: readonly ReportRow[]): ServiceRequestItem[] {
  const assets = rows.filter((r): r is AssetRow => r.dataset === 'asset');
  return answered(rows).flatMap(({ customerId, workOrder: w }) => {
    const customer = demoCustomers.find((c) => c.id === customerId)!;
    const property = customer.properties.find((p) => p.id === w.propertyId)!;
    const asset = assets.find((a) => a.id === w.assetId && a.propertyId === w.propertyId);
    const filedAt = new Date(Date.parse(w.createdAt) - FILED_BEFORE).toISOString();
    const notedAt = new Date(Date.parse(w.createdAt) + NOTED_AFTER).toISOString();
    return w.requestId === referenceOf(customerId, w)
      ? [
          {
            customerId,
            reference: w.requestId,
            kind: 'request' as const,
            customerName: customer.name,
            propertyId: property.id,
            propertyName: property.name,
            ...(asset ? { equipmentName: asset.name } : {}),
            description: `${w.description}: please send someone to look at it.`,
            priority: w.kind === 'service' ? ('urgent' as const) : ('routine' as const),
            photos: [],
            status: 'scheduled' as const,
            notes: [{ at: notedAt, text: `Work order ${w.id} is booked with ${w.technician}; the arrival window is on it.`, status: 'scheduled' as const }],
            filedBy: FILED_BY[customerId]!,
            createdAt: filedAt,
            updatedAt: notedAt,
          },
        ]
      : [];
  });
}
