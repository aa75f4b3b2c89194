/**
 * The catalogue calls' requests and answers (spec section 7 and the report pickers), one definition
 * for the handlers that validate them and the web app that parses them. The answer the web app parses
 * as the contract has it (SigmaCustomersReply) lives in ./answers/catalog.ts, in zod/mini, and is
 * re-exported here; the requests and the other answers are zod classic, here.
 */
import { idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

export { SigmaCustomersReply } from './answers/catalog.js';

export const Id = /* @__PURE__ */ (() => idString())();

/** GET /api/users/customers (administrators). */
export const CustomersReply = /* @__PURE__ */ (() => z.array(z.object({ ID: z.string(), NAME: z.string() })))();

/** POST /api/users/customers/properties */
export const PropertiesBody = /* @__PURE__ */ (() => z.object({ customerIds: z.array(Id).check(z.maxLength(10_000)) }))();
// CUSTOMER_ID beyond the spec's fields: the pickers group the properties under their customers.
export const PropertiesReply = /* @__PURE__ */ (() => z.array(z.object({ ID: z.string(), NAME: z.string(), PROPERTY_TYPE: z.string(), CUSTOMER_ID: z.string() })))();

/** GET /api/sigma/buildings/{customerId}: parallel arrays. */
export const CustomerParams = /* @__PURE__ */ (() => z.object({ customerId: Id }))();
export const SigmaBuildingsReply = /* @__PURE__ */ (() => z.object({
  property_names: z.array(z.string()),
  property_ids: z.array(z.string()),
  property_type: z.array(z.string()),
}))();

export type CustomersReply = z.infer<typeof CustomersReply>;
export type PropertiesReply = z.infer<typeof PropertiesReply>;
export type SigmaBuildingsReply = z.infer<typeof SigmaBuildingsReply>;
