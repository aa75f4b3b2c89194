/**
 * The catalogue calls' answers that the web app parses, in zod/mini: imported by ../catalog.ts
 * (handlers, OpenAPI description) and by the web app's API files. No Node imports here: Vite bundles
 * this file.
 */
import * as z from 'zod/mini';

/** GET /api/sigma/customers: parallel arrays. */
export const SigmaCustomersReply = /* @__PURE__ */ (() => z.object({ customer_names: z.array(z.string()), customer_ids: z.array(z.string()) }))();

export type SigmaCustomersReply = z.infer<typeof SigmaCustomersReply>;
