/**
 * An invoice a customer can open (issue 43, item 4, beyond the spec): GET /api/invoices/{invoiceId}.
 * The answer the web app parses lives in ./answers/invoices.ts.
 */
import { emailString, idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

export * from './answers/invoices.js';

export const invoiceMessages = {
  /** An invoice that does not exist and one outside the viewed user's properties answer alike. */
  notFound: (id: string) => `No invoice ${id}.`,
  outsideUser: 'You may see invoices only for your own account.',
  noUser: (email: string) => `No user with the email ${email}.`,
  staffView: 'Choose a customer to view as: an administrator has no invoices of their own.',
} as const;

export const InvoiceParams = /* @__PURE__ */ (() => z.object({ invoiceId: idString() }))();

/** GET /api/invoices/{invoiceId}?email=: `email` the viewed customer (administrators viewing as). */
export const InvoiceQuery = /* @__PURE__ */ (() => z.object({ email: z.optional(emailString()) }))();
