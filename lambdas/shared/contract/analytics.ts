/**
 * The analytics calls of spec section 7: GET /api/analytics/data/{customerId} (equipment rows) and
 * GET /api/analytics/nclarity-customer/{customerId} (the telemetry-service customer). One definition
 * for the handlers and the web app.
 */
import { z } from '../zod.js';

export const CustomerParams = z.object({ customerId: z.string().trim().min(1, 'must not be empty').max(200) });

export const AnalyticsRow = z.object({
  BUILDING_NAME: z.string(),
  EQUIPMENT_ID: z.string(),
  EQUIPMENT_NAME: z.string(),
  EQUIPMENT_TYPE: z.string(),
  /** The stored JSON text: the spec's client parses it itself ({} when it does not parse). */
  TELEMETRY_DATA: z.string(),
});
export const AnalyticsRows = z.array(AnalyticsRow);

export const TelemetryCustomerReply = z.object({ nclarityCustomer: z.object({ ID: z.string(), NAME: z.string() }) });

export type AnalyticsRow = z.infer<typeof AnalyticsRow>;
export type TelemetryCustomerReply = z.infer<typeof TelemetryCustomerReply>;

export const analyticsMessages = {
  noAccess: (customerId: string) => `You do not have access to customer ${customerId}.`,
  unknownCustomer: (customerId: string) => `No customer with the id ${customerId}.`,
  notMapped: (customerId: string) => `Customer ${customerId} has no telemetry mapping.`,
} as const;
