/**
 * Equipment alerts' answers (POST /api/alerts), in zod/mini: the handler's reply type and
 * the web app's parser. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

export const RULE_IDS = ['stale', 'supply-warm', 'no-heat', 'high-current', 'chilled-water-warm', 'short-cycling', 'delta-t', 'drift'] as const;
export type RuleId = (typeof RULE_IDS)[number];
/**
 * The rules on the energy and runtime signals (issue 44, docs/energy-estimates.md): judged over a
 * window of readings, not the latest sample; off until an administrator turns them on for a property.
 */
export const SIGNAL_RULES = ['short-cycling', 'delta-t', 'drift'] as const satisfies readonly RuleId[];

/** The rules' titles as customers read them: the dashboard's list and badge, and the mails. */
export const ruleTitles: Record<RuleId, string> = {
  stale: 'Not reporting',
  'supply-warm': 'Supply air too warm while calling for cool',
  'no-heat': 'No heat while calling for heat',
  'high-current': 'Current above limit',
  'chilled-water-warm': 'Chilled water too warm',
  'short-cycling': 'Short cycling',
  'delta-t': 'ΔT across the coil out of its normal band',
  drift: 'Estimated energy per runtime hour drifting up',
};

export const ActiveAlert = /* @__PURE__ */ (() => z.object({
  deviceId: z.string(),
  rule: z.enum(RULE_IDS),
  equipmentId: z.string(),
  equipmentName: z.string(),
  buildingName: z.string(),
  /** When the condition began (ISO time): a silent device's last report, else when an evaluation first saw it. */
  since: z.string(),
  raisedAt: z.string(),
  /** What the last evaluation saw, in °F and A. */
  detail: z.string(),
}))();
export const AlertsReply = /* @__PURE__ */ (() => z.object({ data: z.array(ActiveAlert) }))();

export type ActiveAlert = z.infer<typeof ActiveAlert>;
export type AlertsReply = z.infer<typeof AlertsReply>;

/** What each rule's limit is measured in: a difference of °C, °C, amperes, starts a day, %, or nothing (not reporting, ΔT's fixed band). */
export const RULE_UNITS = ['delta-c', 'c', 'a', 'per-day', 'pct', 'none'] as const;
export const ruleUnits: Record<RuleId, (typeof RULE_UNITS)[number]> = {
  stale: 'none',
  'supply-warm': 'delta-c',
  'no-heat': 'delta-c',
  'high-current': 'a',
  'chilled-water-warm': 'c',
  'short-cycling': 'per-day',
  'delta-t': 'none',
  drift: 'pct',
};

/**
 * The signal rules' own bounds, one rule for the server (lambdas/shared/domain/alerts/thresholds.ts,
 * its 400s) and the thresholds dialog's form (web/features/telemetry/threshold-units.ts): short
 * cycling's starts a day and median on-time in whole numbers, ΔT's window from 30 minutes to a day,
 * drift's percentage.
 */
export const SIGNAL_BOUNDS = {
  startsMin: 1,
  startsMax: 100,
  onMinutesMin: 1,
  onMinutesMax: 60,
  deltaTMinutesMin: 30,
  deltaTMinutesMax: 1440,
  pctMin: 1,
  pctMax: 500,
} as const;

export const EQUIPMENT_KINDS = ['air', 'chiller', 'heat'] as const;
export const kindTitles: Record<(typeof EQUIPMENT_KINDS)[number], string> = {
  air: 'Air handlers and rooftop units',
  heat: 'Heating units (make-up air, furnaces, boilers)',
  chiller: 'Chillers',
};

export const RuleThreshold = /* @__PURE__ */ (() => z.object({
  kind: z.enum(EQUIPMENT_KINDS),
  rule: z.enum(RULE_IDS),
  /** Minutes the condition must hold before the alert is raised. */
  forMinutes: z.number(),
  /** In the rule's unit (°C difference, °C, A, starts a day, %); 0 for `stale` and `delta-t`. */
  limit: z.number(),
  /** Whether the rule is evaluated at this property: the signal rules (SIGNAL_RULES) are off by default, the others always on. */
  on: z.boolean(),
  defaultOn: z.boolean(),
  unit: z.enum(RULE_UNITS),
  /** The portal's default for this kind of equipment. */
  defaultForMinutes: z.number(),
  defaultLimit: z.number(),
  /** Short cycling only: its second threshold, a median on-time under these minutes; and its default. */
  minOnMinutes: z.optional(z.number()),
  defaultMinOnMinutes: z.optional(z.number()),
}))();
/** POST /api/alerts { action: 'thresholds' | 'set-thresholds' } */
export const ThresholdsReply = /* @__PURE__ */ (() => z.object({
  propertyId: z.string(),
  rules: z.array(RuleThreshold),
  /** When and by whom the property's thresholds were last changed; null: the defaults. */
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
  message: z.optional(z.string()),
}))();

export type RuleThreshold = z.infer<typeof RuleThreshold>;
export type ThresholdsReply = z.infer<typeof ThresholdsReply>;
