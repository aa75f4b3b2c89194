/**
 * An asset's history (issue 43, item 5, beyond the spec): GET /api/assets/{assetId}/history.
 * The answer the web app parses lives in ./answers/assets.ts.
 */
import { emailString, idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

export * from './answers/assets.js';

export const assetMessages = {
  /** An asset that does not exist and one outside the viewed user's properties answer alike. */
  notFound: (id: string) => `No equipment ${id}.`,
  outsideUser: 'You may see equipment only for your own account.',
  noUser: (email: string) => `No user with the email ${email}.`,
  staffView: 'Choose a customer to view as: an administrator has no equipment of their own.',
} as const;

export const AssetParams = /* @__PURE__ */ (() => z.object({ assetId: idString() }))();

/** GET /api/assets/{assetId}/history?email=: `email` the viewed customer (administrators viewing as). */
export const AssetQuery = /* @__PURE__ */ (() => z.object({ email: z.optional(emailString()) }))();
