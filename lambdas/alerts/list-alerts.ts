import { AlertsQuery } from '../shared/contract/alerts.js';
import { listAlerts } from '../shared/domain/alerts/list.js';
import { api } from '../shared/platform/middleware.js';

/** GET /api/alerts?customerId=: the customer's raised equipment alerts the caller may see, newest first. */
export const handler = api({ query: AlertsQuery }, async ({ query, caller }) => listAlerts(caller!, query.customerId));
