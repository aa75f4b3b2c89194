/**
 * The telemetry proxy's requests and answers: GET /api/telemetry/{customerId}/devices and
 * POST /api/telemetry/{customerId}/samples. One definition for the handlers and the web app: the
 * answers (Device, DevicesReply, MetricValue, Sample, SamplesReply) live in ./answers/telemetry.ts,
 * in zod/mini, and are re-exported here; the requests and the messages are zod classic, here.
 */
import * as z from '../platform/zod-parts.js';
import { INSIGHT_MAX_DAYS, INSIGHT_MAX_DEVICES } from './answers/telemetry-insight.js';
import { isValidPeriod } from './period.js';

export { Device, DevicesReply, MetricValue, Sample, SamplesReply } from './answers/telemetry.js';
export { DeviceInsight, InsightReply } from './answers/telemetry-insight.js';

export const CustomerParams = /* @__PURE__ */ (() => z.object({ customerId: z.string().check(z.minLength(1), z.maxLength(100)) }))();

export const SamplesBody = /* @__PURE__ */ (() => z.object({
  deviceIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(200)))
    .check(z.minLength(1, 'must name at least one device'), z.maxLength(5000, 'must name at most 5000 devices')),
}))();

/** The longest period the estimates are read for and the most devices a call asks for: the answer's module's (the web app reads them there). */
export { INSIGHT_MAX_DAYS, INSIGHT_MAX_DEVICES };

const DAY_MS = 86_400_000;

/** POST /api/telemetry/{customerId}/insight: devices and a report period (inclusive UTC dates, at most INSIGHT_MAX_DAYS). */
export const InsightBody = /* @__PURE__ */ (() => z.object({
  deviceIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(200)))
    .check(z.minLength(1, 'must name at least one device'), z.maxLength(INSIGHT_MAX_DEVICES, `must name at most ${INSIGHT_MAX_DEVICES} devices`)),
  period: z.object({ from: z.string().check(z.maxLength(10)), to: z.string().check(z.maxLength(10)) }).check(
    z.refine((p) => isValidPeriod(p.from, p.to), 'must be two dates YYYY-MM-DD, from not after to'),
    z.refine((p) => !isValidPeriod(p.from, p.to) || Date.parse(p.to) - Date.parse(p.from) < INSIGHT_MAX_DAYS * DAY_MS, `must be at most ${INSIGHT_MAX_DAYS} days long`),
  ),
  /** Also each device's drift against its baseline (its first 30 days of readings within a year before the period): the summary screen asks it. */
  baseline: z.optional(z.boolean()),
}))();

export const telemetryMessages = {
  noAccess: 'You do not have access to this customer.',
  unknownCustomer: 'Customer not found.',
  notMapped: 'This customer has no telemetry mapping.',
  notTheirs: (id: string) => `Device ${id} does not belong to this customer's equipment.`,
  refused: 'The telemetry service refused the request. Please try again later.',
  unavailable: 'The telemetry service is not available. Please try again later.',
  notConfigured: 'The telemetry service is not configured for this portal.',
} as const;
