/**
 * POST /api/telemetry/{customerId}/insight's answer, in zod/mini (the web app parses it): per device,
 * the estimates of domain/insight/unit.ts over the period with their coverage and the inputs used,
 * or { error } when the service could not give that device's readings. No Node imports here.
 */
import * as z from 'zod/mini';

/** The most devices one call asks for (the request's limit; the web app asks in calls of this many). */
export const INSIGHT_MAX_DEVICES = 20;
/** The longest period the estimates are read for, in whole UTC days (the request's limit; the summary's Period offers no longer one). */
export const INSIGHT_MAX_DAYS = 31;

/** A figure and the share of the period (0–100) its inputs cover; null where nothing was seen. */
const Num = /* @__PURE__ */ (() => z.object({ value: z.nullable(z.number()), coverage: z.number() }))();
const Bool = /* @__PURE__ */ (() => z.object({ value: z.nullable(z.boolean()), coverage: z.number() }))();

/** The drift of kWh per runtime hour against the unit's baseline (asked with `baseline: true`). */
const Drift = /* @__PURE__ */ (() => z.object({
  kwhPerRuntimeHour: Num,
  baseline: z.object({ period: z.nullable(z.object({ start: z.string(), end: z.string() })), kwhPerRuntimeHour: Num }),
  driftPct: z.nullable(z.number()),
}))();

export const DeviceInsight = /* @__PURE__ */ (() => z.object({
  equipmentId: z.string(),
  /** The equipment's name and property (null: on no property), for the summary per property. */
  equipmentName: z.string(),
  propertyId: z.nullable(z.string()),
  propertyName: z.nullable(z.string()),
  drift: z.optional(Drift),
  period: z.object({ start: z.string(), end: z.string() }),
  coverage: z.number(),
  energyKwh: Num,
  costEstimate: Num,
  kwhPerRuntimeHour: Num,
  runtimeHours: Num,
  dutyCyclePct: Num,
  starts: Num,
  startsPerDay: Num,
  medianOnMinutes: Num,
  shortCycling: Bool,
  thresholds: z.object({ maxStartsPerDay: z.number(), minMedianOnMinutes: z.number() }),
  deltaT: z.object({ meanF: Num, hoursBelow: Num, hoursAbove: Num, hoursOutside: Num, outsidePct: Num, band: z.object({ low: z.number(), high: z.number() }) }),
  electrical: z.object({ voltage: z.number(), phase: z.union([z.literal(1), z.literal(3)]), powerFactor: z.number(), defaulted: z.array(z.enum(['voltage', 'phase', 'powerFactor'])) }),
  tariffPerKwh: z.nullable(z.number()),
}))();
export const InsightReply = /* @__PURE__ */ (() => z.object({ data: z.record(z.string(), z.union([DeviceInsight, z.object({ error: z.string() })])) }))();

export type DeviceInsight = z.infer<typeof DeviceInsight>;
export type InsightReply = z.infer<typeof InsightReply>;
