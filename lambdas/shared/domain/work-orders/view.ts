/**
 * A work order as the customer opens it (issue 43): its status timeline from the row's dates, its
 * notes, parts and labour lines with their totals, the invoices and quotes that name it, the
 * equipment worked on, its photos and signed report. Pure: ./read.ts reads the rows (and ./photos.ts
 * decides which photos are served).
 */
import type { LinkedInvoice, LinkedQuote, ServiceReportDocument, TimelineStep, WorkOrderLineView, WorkOrderPhotoView, WorkOrderReply } from '../../contract/answers/work-orders.js';
import type { AssetRow, InvoiceRow, LinesRow, NotesRow, QuoteRow, WorkOrderRow } from '../../data/report-rows.js';

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * requested (created) → scheduled (its time and arrival window) → on site (the work began: In
 * Progress or Completed; at the window's start or the scheduled time) → completed (its date).
 * A step the work order has not come to is not reached and has no time; a step passed without a
 * time of its own in the row (a service call sent out at once has no scheduled time) is reached,
 * with no time.
 */
export function timelineOf(w: Pick<WorkOrderRow, 'status' | 'createdAt' | 'scheduledAt' | 'completedAt' | 'windowStart' | 'windowEnd'>): TimelineStep[] {
  const scheduledAt = w.windowStart ?? w.scheduledAt ?? null;
  const completed = w.status === 'Completed' || Boolean(w.completedAt && w.status !== 'Cancelled');
  const onSite = completed || w.status === 'In Progress';
  const windowed = w.windowStart && w.windowEnd ? { windowStart: w.windowStart, windowEnd: w.windowEnd } : {};
  return [
    { step: 'requested', reached: true, at: w.createdAt },
    { step: 'scheduled', reached: scheduledAt !== null || onSite, at: w.scheduledAt ?? w.windowStart ?? null, ...windowed },
    { step: 'onSite', reached: onSite, at: onSite ? scheduledAt : null },
    { step: 'completed', reached: completed, at: completed ? (w.completedAt ?? null) : null },
  ];
}

export function linesOf(row: LinesRow | undefined): { lines: WorkOrderLineView[]; linesTotal: number } {
  const lines = (row?.lines ?? []).map((l) => ({ kind: l.kind, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, total: cents(l.quantity * l.unitPrice) }));
  return { lines, linesTotal: cents(lines.reduce((n, l) => n + l.total, 0)) };
}

export interface WorkOrderRows {
  workOrder: WorkOrderRow;
  property: { name: string; timeZone: string };
  notes?: NotesRow;
  lines?: LinesRow;
  invoices: readonly InvoiceRow[];
  quotes: readonly QuoteRow[];
  assets: readonly AssetRow[];
  /** Its photos as ./photos.ts answers them (scan states and links already decided). */
  photos?: WorkOrderPhotoView[];
  report?: ServiceReportDocument | null;
}

export function workOrderView({ workOrder: w, property, notes, lines, invoices, quotes, assets, photos = [], report = null }: WorkOrderRows): WorkOrderReply {
  const asset = w.assetId ? assets.find((a) => a.id === w.assetId && a.propertyId === w.propertyId) : undefined;
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  return {
    workOrder: {
      id: w.id,
      kind: w.kind,
      status: w.status,
      priority: w.priority,
      description: w.description ?? '',
      propertyId: w.propertyId,
      propertyName: property.name,
      timeZone: property.timeZone,
      technician: w.technician ?? '',
      amount: w.amount ?? 0,
      createdAt: w.createdAt,
      scheduledAt: w.scheduledAt ?? null,
      completedAt: w.completedAt ?? null,
      windowStart: w.windowStart ?? null,
      windowEnd: w.windowEnd ?? null,
      requestId: w.requestId ?? null,
    },
    timeline: timelineOf(w),
    notes: [...(notes?.notes ?? [])].sort((a, b) => a.at.localeCompare(b.at)),
    ...linesOf(lines),
    invoices: invoices
      .filter((i) => i.workOrderId === w.id && i.propertyId === w.propertyId)
      .sort(byId)
      .map((i): LinkedInvoice => ({ id: i.id, number: i.number, status: i.status, amount: i.amount, balance: i.balance, dueAt: i.dueAt, paymentUrl: i.paymentUrl ?? null })),
    quotes: quotes
      .filter((q) => q.workOrderId === w.id && q.propertyId === w.propertyId)
      .sort(byId)
      .map((q): LinkedQuote => ({ id: q.id, title: q.title ?? '', status: q.status, amount: q.amount })),
    equipment: asset ? { id: asset.id, name: asset.name, assetType: asset.assetType ?? '', make: asset.make ?? '', model: asset.model ?? '' } : null,
    photos,
    report,
  };
}
