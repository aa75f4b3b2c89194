/**
 * The telemetry proxy's requests and answers: GET /api/telemetry/{customerId}/devices and
 * POST /api/telemetry/{customerId}/samples. One definition for the handlers and the web app.
 */
import { z } from '../zod.js';

export const CustomerParams = z.object({ customerId: z.string().min(1).max(100) });

export const Device = z.object({
  deviceId: z.string(),
  /** The portal's equipment row id (EQUIPMENT_ID). */
  equipment: z.object({ id: z.string() }),
});
export const DevicesReply = z.object({ data: z.array(Device) });

export const SamplesBody = z.object({
  deviceIds: z
    .array(z.string().min(1).max(200))
    .min(1, 'must name at least one device')
    .max(5000, 'must name at most 5000 devices'),
});

export const MetricValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);
/**
 * The latest sample of one device in the last hour: { _time, ...metrics }; or { error, _time: null };
 * or { _time: null } when the device sent nothing in the last hour (no data is not a zero).
 */
export const Sample = z
  .object({
    _time: z.string().nullable(),
    error: z.string().optional(),
  })
  .catchall(MetricValue);
/** Per device id. */
export const SamplesReply = z.object({ data: z.record(z.string(), Sample) });

export type Device = z.infer<typeof Device>;
export type DevicesReply = z.infer<typeof DevicesReply>;
export type MetricValue = z.infer<typeof MetricValue>;
export type Sample = z.infer<typeof Sample>;
export type SamplesReply = z.infer<typeof SamplesReply>;

export const telemetryMessages = {
  noAccess: 'You do not have access to this customer.',
  unknownCustomer: 'Customer not found.',
  notMapped: 'This customer has no telemetry mapping.',
  notTheirs: (id: string) => `Device ${id} does not belong to this customer's equipment.`,
  refused: 'The telemetry service refused the request. Please try again later.',
  unavailable: 'The telemetry service is not available. Please try again later.',
  notConfigured: 'The telemetry service is not configured for this portal.',
} as const;
