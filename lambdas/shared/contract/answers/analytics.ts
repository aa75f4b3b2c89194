/**
 * The analytics calls' answers that the web app parses, in zod/mini: imported by ../analytics.ts
 * (handlers, OpenAPI description) and by the web app's API files. No Node imports here: Vite bundles
 * this file.
 */
import * as z from 'zod/mini';

export const AnalyticsRow = /* @__PURE__ */ (() => z.object({
  BUILDING_NAME: z.string(),
  EQUIPMENT_ID: z.string(),
  EQUIPMENT_NAME: z.string(),
  EQUIPMENT_TYPE: z.string(),
  /** The stored JSON text: the spec's client parses it itself ({} when it does not parse). */
  TELEMETRY_DATA: z.string(),
  /** Beyond the spec (issue 43): the equipment's property, or null when it is on none. */
  PROPERTY_ID: z.nullable(z.string()),
  /**
   * Beyond the spec (issue 43): the asset this equipment is (of its property, with its name: the
   * equipment history's link the other way), which the card's History opens; null: none.
   */
  ASSET_ID: z.nullable(z.string()),
}))();
export const AnalyticsRows = /* @__PURE__ */ (() => z.array(AnalyticsRow))();

export const TelemetryCustomerReply = /* @__PURE__ */ (() => z.object({ nclarityCustomer: z.object({ ID: z.string(), NAME: z.string() }) }))();

export type AnalyticsRow = z.infer<typeof AnalyticsRow>;
export type TelemetryCustomerReply = z.infer<typeof TelemetryCustomerReply>;
