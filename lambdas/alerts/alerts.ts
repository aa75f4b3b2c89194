import { dynamo } from '../shared/clients.js';
import { AlertsBody, alertMessages, ListAlertsBody, SetThresholdsBody, ThresholdsBody, type AlertsReply } from '../shared/contract/alerts.js';
import { alertStatesOf } from '../shared/data/equipment-alerts.js';
import { forbidden, ok } from '../shared/http.js';
import { api, parseAs } from '../shared/middleware.js';
import { canSeeCustomer, canSeeProperty, type Scope } from '../shared/scope.js';
import { getThresholds, setThresholds } from '../shared/alerts/thresholds.js';

/** The customer's raised equipment alerts on equipment the caller may see (as the telemetry devices), newest first. */
async function listAlerts(caller: Scope, customerId: string) {
  if (!canSeeCustomer(caller, customerId)) throw forbidden(alertMessages.noAccess);
  const states = await alertStatesOf(dynamo(), customerId);
  const data = states
    .filter((s) => s.status === 'active' && s.raisedAt && (!s.propertyId || canSeeProperty(caller, s.propertyId)))
    .sort((a, b) => b.raisedAt!.localeCompare(a.raisedAt!) || a.key.localeCompare(b.key))
    .map((s) => ({
      deviceId: s.deviceId,
      rule: s.rule,
      equipmentId: s.equipmentId,
      equipmentName: s.equipmentName,
      buildingName: s.buildingName,
      since: s.since,
      raisedAt: s.raisedAt!,
      detail: s.detail,
    }));
  const reply: AlertsReply = { data };
  return ok(reply);
}

/**
 * POST /api/alerts, by `action`: 'list' the customer's active alerts, 'thresholds' a property's
 * rules, 'set-thresholds' (administrators) change them. See lambdas/shared/contract/alerts.ts.
 */
export const handler = api({ body: AlertsBody }, async ({ body, caller }) => {
  if (body.action === 'list') return listAlerts(caller!, parseAs(ListAlertsBody, body).customerId);
  if (body.action === 'thresholds') return getThresholds(caller!, parseAs(ThresholdsBody, body));
  return setThresholds(caller!, parseAs(SetThresholdsBody, body));
});
