/**
 * The telemetry proxy's requests and answers: GET /api/telemetry/{customerId}/devices and
 * POST /api/telemetry/{customerId}/samples. One definition for the handlers and the web app: the
 * answers (Device, DevicesReply, MetricValue, Sample, SamplesReply) live in ./answers/telemetry.ts,
 * in zod/mini, and are re-exported here; the requests and the messages are zod classic, here.
 */
import { z } from '../platform/zod.js';

export { Device, DevicesReply, MetricValue, Sample, SamplesReply } from './answers/telemetry.js';

export const CustomerParams = z.object({ customerId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const SamplesBody = z.object({
  deviceIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(200)))
    .check(z.minLength(1, 'must name at least one device'), z.maxLength(5000, 'must name at most 5000 devices')),
});

export const telemetryMessages = {
  noAccess: 'You do not have access to this customer.',
  unknownCustomer: 'Customer not found.',
  notMapped: 'This customer has no telemetry mapping.',
  notTheirs: (id: string) => `Device ${id} does not belong to this customer's equipment.`,
  refused: 'The telemetry service refused the request. Please try again later.',
  unavailable: 'The telemetry service is not available. Please try again later.',
  notConfigured: 'The telemetry service is not configured for this portal.',
} as const;
