import { z } from 'zod';

export const CustomerParams = z.object({ customerId: z.string().min(1).max(100) });

export const Device = z.object({
  deviceId: z.string(),
  equipment: z.object({ id: z.string().describe("the portal's equipment row id (EQUIPMENT_ID)") }),
});
export const DevicesReply = z
  .object({ data: z.array(Device) })
  .describe("The telemetry service's devices of this customer's equipment rows.");

export const SamplesBody = z.object({
  deviceIds: z
    .array(z.string().min(1).max(200))
    .min(1, 'must name at least one device')
    .max(5000, 'must name at most 5000 devices'),
});

const Metric = z.union([z.number(), z.string(), z.boolean(), z.null()]);
export const Sample = z
  .object({
    _time: z.string().nullable().describe('time of the latest sample in the last hour; null with error, or when the device sent nothing in the last hour'),
    error: z.string().optional().describe('why this device has no sample'),
  })
  .catchall(Metric)
  .describe('The latest sample: { _time, ...metrics }, or { error, _time: null }, or { _time: null } for no data in the last hour.');
export const SamplesReply = z.object({ data: z.record(z.string(), Sample).describe('per device id') });

export const ErrorReply = z.object({ error: z.string() });

export const telemetryMessages = {
  notMapped: 'This customer has no telemetry mapping.',
  unknownCustomer: 'Customer not found.',
  notTheirs: (id: string) => `Device ${id} does not belong to this customer's equipment.`,
} as const;
