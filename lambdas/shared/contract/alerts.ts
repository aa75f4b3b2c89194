/**
 * Equipment alerts' calls (issue 20): POST /api/alerts, one route by the body's `action`: 'list'
 * (the customer's active alerts the caller may see), 'thresholds' (a property's rules, as
 * evaluated) and 'set-thresholds' (administrators: a property's adjustments over the defaults; an
 * empty list restores the defaults). Answers in ./answers/alerts.ts.
 */
import { idString, z } from '../zod.js';
import { EQUIPMENT_KINDS, RULE_IDS } from './answers/alerts.js';

export * from './answers/alerts.js';

export const alertMessages = {
  noAccess: 'You do not have access to this customer.',
  noProperty: (id: string) => `You do not have access to property ${id}.`,
  notCustomers: (id: string) => `Property ${id} is not one of this customer's properties.`,
  adminOnly: 'Only administrators may change alert thresholds.',
  notARule: (kind: string, rule: string) => `Invalid body.rules: ${kind} equipment has no rule ${rule}.`,
  saved: 'Alert thresholds saved.',
  reset: 'Alert thresholds reset to the defaults.',
} as const;

export const ALERT_ACTIONS = ['list', 'thresholds', 'set-thresholds'] as const;
export const AlertsBody = z.looseObject({ action: z.enum(ALERT_ACTIONS) });

export const ListAlertsBody = z.object({ action: z.enum(['list']), customerId: idString(100, 'is required') });
export const ThresholdsBody = z.object({ action: z.enum(['thresholds']), customerId: idString(100, 'is required'), propertyId: idString(200, 'is required') });
export const SetThresholdsBody = z.object({
  action: z.enum(['set-thresholds']),
  customerId: idString(100, 'is required'),
  propertyId: idString(200, 'is required'),
  rules: z.array(
    z.object({
      kind: z.enum(EQUIPMENT_KINDS),
      rule: z.enum(RULE_IDS),
      forMinutes: z.int().check(z.gte(0), z.lte(1440)),
      limit: z.number().check(z.gte(-50), z.lte(1000)),
    }),
  ).check(z.maxLength(50)),
});
