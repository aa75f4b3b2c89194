/**
 * The user calls' answers that the web app parses, in zod/mini: imported by ../users.ts (handlers,
 * OpenAPI description) and by the web app's API files. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

/** Spec section 3, "Portal user": parallel arrays of names and ids. */
export const PortalUser = z.object({
  NAME: z.string(),
  EMAIL: z.string(),
  CUSTOMER_NAME: z.array(z.string()),
  BUILDOPS_CUSTOMER_ID: z.array(z.string()),
  PROPERTIES: z.array(z.string()),
  BUILDOPS_PROPERTY_IDS: z.array(z.string()),
});
export const PortalUsers = z.array(PortalUser);

export const UserCustomersReply = z.object({ CUSTOMER_NAME: z.array(z.string()), BUILDOPS_CUSTOMER_ID: z.array(z.string()) });

export type PortalUser = z.infer<typeof PortalUser>;
export type UserCustomersReply = z.infer<typeof UserCustomersReply>;
