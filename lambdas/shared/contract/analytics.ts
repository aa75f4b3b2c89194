/**
 * The analytics calls of spec section 7: GET /api/analytics/data/{customerId} (equipment rows) and
 * GET /api/analytics/nclarity-customer/{customerId} (the telemetry-service customer). One definition
 * for the handlers and the web app: the answers (AnalyticsRow, AnalyticsRows, TelemetryCustomerReply)
 * live in ./answers/analytics.ts, in zod/mini, and are re-exported here; the path parameters and the
 * messages are here.
 */
import { idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

export { AnalyticsRow, AnalyticsRows, TelemetryCustomerReply } from './answers/analytics.js';

export const CustomerParams = /* @__PURE__ */ (() => z.object({ customerId: idString() }))();

export const analyticsMessages = {
  noAccess: (customerId: string) => `You do not have access to customer ${customerId}.`,
  unknownCustomer: (customerId: string) => `No customer with the id ${customerId}.`,
  notMapped: (customerId: string) => `Customer ${customerId} has no telemetry mapping.`,
} as const;
