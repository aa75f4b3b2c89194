/**
 * A work order a customer can open (issue 43, beyond the spec): GET /api/work-orders/{workOrderId}.
 * The answer the web app parses lives in ./answers/work-orders.ts.
 */
import { emailString, idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

export * from './answers/work-orders.js';

export const workOrderMessages = {
  /** A work order that does not exist and one outside the viewed user's properties answer alike. */
  notFound: (id: string) => `No work order ${id}.`,
  outsideUser: 'You may see work orders only for your own account.',
  noUser: (email: string) => `No user with the email ${email}.`,
  staffView: 'Choose a customer to view as: an administrator has no work orders of their own.',
} as const;

export const WorkOrderParams = /* @__PURE__ */ (() => z.object({ workOrderId: idString() }))();

/** GET /api/work-orders/{workOrderId}?email=: `email` the viewed customer (administrators viewing as). */
export const WorkOrderQuery = /* @__PURE__ */ (() => z.object({ email: z.optional(emailString()) }))();
