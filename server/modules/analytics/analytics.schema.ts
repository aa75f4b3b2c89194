import { z } from 'zod';

export const CustomerParams = z.object({ customerId: z.string().trim().min(1, 'must not be empty').max(200) });
export const ErrorReply = z.object({ error: z.string() });
export const AnalyticsRows = z.array(
  z.object({
    BUILDING_NAME: z.string(),
    EQUIPMENT_ID: z.string(),
    EQUIPMENT_NAME: z.string(),
    EQUIPMENT_TYPE: z.string(),
    /** The stored JSON text, as the spec's client parses it itself. */
    TELEMETRY_DATA: z.string(),
  }),
);
export const NclarityReply = z.object({ nclarityCustomer: z.object({ ID: z.string(), NAME: z.string() }) });
