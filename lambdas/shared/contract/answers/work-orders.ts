/**
 * A work order's answer (issue 43, beyond the spec), in zod/mini: GET /api/work-orders/{workOrderId}.
 * Imported by ../work-orders.ts (handler) and by the web app's API file. No Node imports here: Vite bundles it.
 */
import * as z from 'zod/mini';

export const TIMELINE_STEPS = ['requested', 'scheduled', 'onSite', 'completed'] as const;
export type TimelineStepName = (typeof TIMELINE_STEPS)[number];

/** One step of the status timeline: `reached` false for a step the work order has not come to (its `at` then null). */
export const TimelineStep = /* @__PURE__ */ (() => z.object({
  step: z.enum(TIMELINE_STEPS),
  reached: z.boolean(),
  /** ISO date or instant of the step, where the row knows it. */
  at: z.nullable(z.string()),
  /** The scheduled step's arrival window (ISO instants), where the provider gave one. */
  windowStart: z.optional(z.string()),
  windowEnd: z.optional(z.string()),
}))();
export type TimelineStep = z.infer<typeof TimelineStep>;

export const WorkOrderNoteView = /* @__PURE__ */ (() => z.object({ at: z.string(), author: z.string(), text: z.string() }))();
export type WorkOrderNoteView = z.infer<typeof WorkOrderNoteView>;

export const WorkOrderLineView = /* @__PURE__ */ (() => z.object({
  kind: z.enum(['parts', 'labour']),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  /** quantity × unit price, in cents rounded. */
  total: z.number(),
}))();
export type WorkOrderLineView = z.infer<typeof WorkOrderLineView>;

export const LinkedInvoice = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(['Open', 'Paid', 'Overdue', 'Void']),
  amount: z.number(),
  balance: z.number(),
  dueAt: z.string(),
  /** The provider's payment page (https), where the import gave one. */
  paymentUrl: z.nullable(z.string()),
}))();
export type LinkedInvoice = z.infer<typeof LinkedInvoice>;

export const LinkedQuote = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['Draft', 'Sent', 'Approved', 'Declined', 'Expired']),
  amount: z.number(),
}))();
export type LinkedQuote = z.infer<typeof LinkedQuote>;

export const WorkedEquipment = /* @__PURE__ */ (() => z.object({ id: z.string(), name: z.string(), assetType: z.string(), make: z.string(), model: z.string() }))();
export type WorkedEquipment = z.infer<typeof WorkedEquipment>;

export const WorkOrderDetail = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  kind: z.enum(['service', 'maintenance', 'capital']),
  status: z.enum(['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled']),
  priority: z.enum(['Low', 'Medium', 'High', 'Emergency']),
  description: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  /** The property's IANA time zone (its own, else the provider's): the work order's times are written in it. */
  timeZone: z.string(),
  technician: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  scheduledAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  windowStart: z.nullable(z.string()),
  windowEnd: z.nullable(z.string()),
  /** The service request it answers, where the provider linked one. */
  requestId: z.nullable(z.string()),
}))();
export type WorkOrderDetail = z.infer<typeof WorkOrderDetail>;

export const PHOTO_STAGES = ['before', 'after'] as const;

/**
 * One before or after photo (issue 43). `url` (a presigned GET, short-lived) only for a photo the
 * malware scan found clean; one being checked, infected or unscannable says so and is never served.
 */
export const WorkOrderPhotoView = /* @__PURE__ */ (() => z.object({
  stage: z.enum(PHOTO_STAGES),
  fileName: z.string(),
  /** The provider's words for what it shows (the image's alt text); may be empty. */
  caption: z.string(),
  scan: z.enum(['clean', 'pending', 'infected', 'unscannable']),
  url: z.nullable(z.string()),
}))();
export type WorkOrderPhotoView = z.infer<typeof WorkOrderPhotoView>;

/** The signed service report: a document of the work order's property named `Service_Report_<work order id>`, opened through the documents' presigned link. */
export const ServiceReportDocument = /* @__PURE__ */ (() => z.object({ key: z.string(), fileName: z.string() }))();
export type ServiceReportDocument = z.infer<typeof ServiceReportDocument>;

export const WorkOrderReply = /* @__PURE__ */ (() => z.object({
  workOrder: WorkOrderDetail,
  timeline: z.array(TimelineStep),
  /** Oldest first. */
  notes: z.array(WorkOrderNoteView),
  lines: z.array(WorkOrderLineView),
  /** The sum of the lines' totals. */
  linesTotal: z.number(),
  invoices: z.array(LinkedInvoice),
  quotes: z.array(LinkedQuote),
  equipment: z.nullable(WorkedEquipment),
  /** Before photos first, then after, each in the provider's order. */
  photos: z.array(WorkOrderPhotoView),
  report: z.nullable(ServiceReportDocument),
}))();
export type WorkOrderReply = z.infer<typeof WorkOrderReply>;
