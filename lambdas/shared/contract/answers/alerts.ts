/**
 * Equipment alerts' answer (GET /api/alerts/{customerId}), in zod/mini: the handler's reply type and
 * the web app's parser. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

export const RULE_IDS = ['stale', 'supply-warm', 'no-heat', 'high-current', 'chilled-water-warm'] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** The rules' titles as customers read them: the dashboard's list and badge, and the mails. */
export const ruleTitles: Record<RuleId, string> = {
  stale: 'Not reporting',
  'supply-warm': 'Supply air too warm while calling for cool',
  'no-heat': 'No heat while calling for heat',
  'high-current': 'Current above limit',
  'chilled-water-warm': 'Chilled water too warm',
};

export const ActiveAlert = z.object({
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
});
export const AlertsReply = z.object({ data: z.array(ActiveAlert) });

export type ActiveAlert = z.infer<typeof ActiveAlert>;
export type AlertsReply = z.infer<typeof AlertsReply>;
