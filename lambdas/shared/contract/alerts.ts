/**
 * Equipment alerts' calls (issue 20): GET /api/alerts?customerId= (the customer's active alerts the
 * caller may see), GET /api/alerts/thresholds/{propertyId}?customerId= (a property's rules, as
 * evaluated) and PUT /api/alerts/thresholds/{propertyId} (administrators: the property's
 * adjustments over the defaults; an empty list restores the defaults). The previous release's
 * POST /api/alerts by the body's `action` ('list', 'thresholds', 'set-thresholds') is answered for
 * one release more. Answers in ./answers/alerts.ts.
 */
import { idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import { EQUIPMENT_KINDS, RULE_IDS } from './answers/alerts.js';

export * from './answers/alerts.js';

export const alertMessages = {
  noAccess: 'You do not have access to this customer.',
  noProperty: (id: string) => `You do not have access to property ${id}.`,
  notCustomers: (id: string) => `Property ${id} is not one of this customer's properties.`,
  adminOnly: 'Only administrators may change alert thresholds.',
  notARule: (kind: string, rule: string) => `Invalid body.rules: ${kind} equipment has no rule ${rule}.`,
  alwaysOn: (rule: string) => `Invalid body.rules: the rule ${rule} cannot be turned off.`,
  signalLimit: (rule: string, range: string) => `Invalid body.rules: the limit of ${rule} must be ${range}.`,
  signalMinutes: (rule: string, range: string) => `Invalid body.rules: the minutes of ${rule} must be ${range}.`,
  onMinutes: (range: string) => `Invalid body.rules: the median on-time of short-cycling must be ${range}.`,
  noOnMinutes: (rule: string) => `Invalid body.rules: the rule ${rule} has no median on-time (only short-cycling has).`,
  saved: 'Alert thresholds saved.',
  reset: 'Alert thresholds reset to the defaults.',
} as const;

const CustomerId = /* @__PURE__ */ (() => idString(100, 'is required'))();
const PropertyId = /* @__PURE__ */ (() => idString(200, 'is required'))();
/** A property's adjustments over the defaults, each rule of a kind of equipment; [] restores the defaults. */
const Rules = /* @__PURE__ */ (() => z.array(
  z.object({
    kind: z.enum(EQUIPMENT_KINDS),
    rule: z.enum(RULE_IDS),
    forMinutes: z.int().check(z.gte(0), z.lte(1440)),
    limit: z.number().check(z.gte(-50), z.lte(1000)),
    /** Turns a signal rule (SIGNAL_RULES) on or off; absent: off for those, on for the others. */
    on: z.optional(z.boolean()),
    /** Short cycling only: flagged also when the median on-time is under these minutes; absent: the default. */
    minOnMinutes: z.optional(z.number().check(z.gte(0), z.lte(1440))),
  }),
).check(z.maxLength(50)))();

/** GET /api/alerts?customerId= */
export const AlertsQuery = /* @__PURE__ */ (() => z.object({ customerId: CustomerId }))();
/** GET and PUT /api/alerts/thresholds/{propertyId} */
export const ThresholdsParams = /* @__PURE__ */ (() => z.object({ propertyId: PropertyId }))();
/** GET /api/alerts/thresholds/{propertyId}?customerId= */
export const ThresholdsQuery = /* @__PURE__ */ (() => z.object({ customerId: CustomerId }))();
/** PUT /api/alerts/thresholds/{propertyId} { customerId, rules } (administrators) */
export const PutThresholdsBody = /* @__PURE__ */ (() => z.object({ customerId: CustomerId, rules: Rules }))();

/** A property's thresholds as lambdas/shared/domain/alerts/thresholds.ts reads and writes them. */
export interface PropertyRef {
  customerId: string;
  propertyId: string;
}

/**
 * Legacy, answered for one release only (the route table's `legacy` note): the previous release's
 * POST /api/alerts bodies, by `action`. The next release removes them with lambdas/alerts/alerts.ts.
 */
export const ALERT_ACTIONS = ['list', 'thresholds', 'set-thresholds'] as const;
export const AlertsBody = /* @__PURE__ */ (() => z.looseObject({ action: z.enum(ALERT_ACTIONS) }))();
export const ListAlertsBody = /* @__PURE__ */ (() => z.object({ action: z.enum(['list']), customerId: CustomerId }))();
export const ThresholdsBody = /* @__PURE__ */ (() => z.object({ action: z.enum(['thresholds']), customerId: CustomerId, propertyId: PropertyId }))();
export const SetThresholdsBody = /* @__PURE__ */ (() => z.object({ action: z.enum(['set-thresholds']), customerId: CustomerId, propertyId: PropertyId, rules: Rules }))();
