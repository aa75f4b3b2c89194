/**
 * The user calls' answers that the web app parses, in zod/mini: imported by ../users.ts (handlers,
 * OpenAPI description) and by the web app's API files. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

/** Spec section 3, "Portal user": parallel arrays of names and ids. */
export const PortalUser = /* @__PURE__ */ (() => z.object({
  NAME: z.string(),
  EMAIL: z.string(),
  CUSTOMER_NAME: z.array(z.string()),
  BUILDOPS_CUSTOMER_ID: z.array(z.string()),
  PROPERTIES: z.array(z.string()),
  BUILDOPS_PROPERTY_IDS: z.array(z.string()),
}))();
export const PortalUsers = /* @__PURE__ */ (() => z.array(PortalUser))();

export const UserCustomersReply = /* @__PURE__ */ (() => z.object({
  CUSTOMER_NAME: z.array(z.string()),
  BUILDOPS_CUSTOMER_ID: z.array(z.string()),
  /**
   * Beyond the spec, parallel to the ids (usercustomerbyemail only): whether the customer has a
   * telemetry mapping, so the web app asks for the mapping only where there is one (no 404 to log).
   */
  TELEMETRY_MAPPED: z.optional(z.array(z.boolean())),
}))();

/** An account's state in the pool: invited (FORCE_CHANGE_PASSWORD), active (CONFIRMED), anything else unknown. */
export const AccountStatus = /* @__PURE__ */ (() => z.enum(['invited', 'active', 'unknown']))();

/** GET /api/users?view=accounts (beyond the spec): the portal user with their pool state and last sign-in. */
export const UserAccount = /* @__PURE__ */ (() => z.extend(PortalUser, {
  STATUS: AccountStatus,
  /** ISO time of the last sign-in; null when the account has never signed in (since this was recorded). */
  LAST_SIGN_IN: z.nullable(z.string()),
  /** Beyond the spec (issue 30): may approve quotes up to `limit` dollars (null: any amount); null: may not approve. */
  QUOTE_APPROVAL: z.optional(z.nullable(z.object({ limit: z.nullable(z.number()) }))),
}))();
export const UserAccounts = /* @__PURE__ */ (() => z.array(UserAccount))();

export type PortalUser = z.infer<typeof PortalUser>;
export type UserCustomersReply = z.infer<typeof UserCustomersReply>;
export type AccountStatus = z.infer<typeof AccountStatus>;
export type UserAccount = z.infer<typeof UserAccount>;
