import { dynamo } from '../shared/clients.js';
import type { AlertsReply } from '../shared/contract/answers/alerts.js';
import { CustomerParams, telemetryMessages } from '../shared/contract/telemetry.js';
import { alertStatesOf } from '../shared/data/equipment-alerts.js';
import { forbidden, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { canSeeCustomer, canSeeProperty } from '../shared/scope.js';

/** The customer's raised equipment alerts on equipment the caller may see (as the telemetry devices), newest first. */
export const handler = api({ params: CustomerParams }, async ({ caller, params }) => {
  if (!canSeeCustomer(caller!, params.customerId)) throw forbidden(telemetryMessages.noAccess);
  const states = await alertStatesOf(dynamo(), params.customerId);
  const data = states
    .filter((s) => s.status === 'active' && s.raisedAt && (!s.propertyId || canSeeProperty(caller!, s.propertyId)))
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
});
