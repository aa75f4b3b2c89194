/**
 * An asset's history (issue 43, item 5, beyond the spec), in zod/mini: GET /api/assets/{assetId}/history.
 * Imported by ../assets.ts (handler) and by the web app's API file. No Node imports here: Vite bundles it.
 */
import * as z from 'zod/mini';

export const HISTORY_KINDS = ['work-order', 'quote', 'alert', 'document'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The asset as its header shows it: the import's asset row, its property and, where monitored, its telemetry equipment. */
export const AssetDetail = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  name: z.string(),
  assetType: z.string(),
  make: z.string(),
  model: z.string(),
  serial: z.string(),
  installedOn: z.nullable(z.string()),
  condition: z.enum(['Good', 'Fair', 'Poor', 'Critical']),
  propertyId: z.string(),
  propertyName: z.string(),
  /** The property's IANA time zone (its own, else the provider's): the history's times are written in it. */
  timeZone: z.string(),
  /** The telemetry equipment of the same property and name (the Analytics dashboard's), or null: not monitored. */
  equipmentId: z.nullable(z.string()),
}))();
export type AssetDetail = z.infer<typeof AssetDetail>;

/**
 * One entry of the timeline. `id`: the work order's, the quote's, `<deviceId>#<rule>` for an alert,
 * the document's key. `date`: when it last moved (a work order completed, else scheduled, else
 * requested; a quote decided, else made; an alert raised; a document uploaded).
 */
export const HistoryEntry = /* @__PURE__ */ (() => z.object({
  kind: z.enum(HISTORY_KINDS),
  id: z.string(),
  date: z.string(),
  title: z.string(),
  /** The work order's or quote's status; 'Active' for an alert; '' for a document. */
  status: z.string(),
  /** Dollars, for a work order or a quote; else null. */
  amount: z.nullable(z.number()),
  /** A quote's work order (one of this asset's); else null. */
  workOrderId: z.nullable(z.string()),
  /** A work order's technician; an alert's reading; else ''. */
  detail: z.string(),
}))();
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const AssetHistoryReply = /* @__PURE__ */ (() => z.object({
  asset: AssetDetail,
  /** Newest first. */
  timeline: z.array(HistoryEntry),
}))();
export type AssetHistoryReply = z.infer<typeof AssetHistoryReply>;
