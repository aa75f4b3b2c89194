import { AlertsBody, ListAlertsBody, SetThresholdsBody, ThresholdsBody } from '../shared/contract/alerts.js';
import { listAlerts } from '../shared/domain/alerts/list.js';
import { getThresholds, setThresholds } from '../shared/domain/alerts/thresholds.js';
import { api, parseAs } from '../shared/platform/middleware.js';

/**
 * Legacy: the previous release's POST /api/alerts, by `action`: 'list' the customer's active
 * alerts, 'thresholds' a property's rules, 'set-thresholds' (administrators) change them. Answered
 * for that release's web app for one release only; the next release removes this route and file.
 * GET /api/alerts and GET and PUT /api/alerts/thresholds/{propertyId} serve them now.
 */
export const handler = api({ body: AlertsBody }, async ({ body, caller }) => {
  if (body.action === 'list') return listAlerts(caller!, parseAs(ListAlertsBody, body).customerId);
  if (body.action === 'thresholds') return getThresholds(caller!, parseAs(ThresholdsBody, body));
  return setThresholds(caller!, parseAs(SetThresholdsBody, body));
});
