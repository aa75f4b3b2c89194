import { dynamo } from '../../platform/clients.js';
import { alertMessages, type AlertsReply } from '../../contract/alerts.js';
import { alertStatesOf } from '../../data/equipment-alerts.js';
import { forbidden, ok, type Reply } from '../../platform/http.js';
import { canSeeCustomer, canSeeProperty, type Scope } from '../../platform/scope.js';

/**
 * GET /api/alerts?customerId= (and the legacy POST /api/alerts { action: 'list' }): the customer's
 * raised equipment alerts on equipment the caller may see (as the telemetry devices), newest first.
 */
export async function listAlerts(caller: Scope, customerId: string): Promise<Reply> {
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
