/**
 * The telemetry proxy's answers, in zod/mini: imported by ../telemetry.ts (handlers, OpenAPI
 * description) and by the web app's API files. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

export const Device = /* @__PURE__ */ (() => z.object({
  deviceId: z.string(),
  /** The portal's equipment row id (EQUIPMENT_ID). */
  equipment: z.object({ id: z.string() }),
}))();
export const DevicesReply = /* @__PURE__ */ (() => z.object({ data: z.array(Device) }))();

export const MetricValue = /* @__PURE__ */ (() => z.union([z.number(), z.string(), z.boolean(), z.null()]))();
/**
 * The latest sample of one device in the last hour: { _time, ...metrics }; or { error, _time: null };
 * or { _time: null } when the device sent nothing in the last hour (no data is not a zero).
 */
export const Sample = /* @__PURE__ */ (() => z.catchall(
  z.object({
    _time: z.nullable(z.string()),
    error: z.optional(z.string()),
  }),
  MetricValue,
))();
/** Per device id. */
export const SamplesReply = /* @__PURE__ */ (() => z.object({ data: z.record(z.string(), Sample) }))();

export type Device = z.infer<typeof Device>;
export type DevicesReply = z.infer<typeof DevicesReply>;
export type MetricValue = z.infer<typeof MetricValue>;
export type Sample = z.infer<typeof Sample>;
export type SamplesReply = z.infer<typeof SamplesReply>;
