import { dynamo } from '../shared/platform/clients.js';
import { InvoiceParams, InvoiceQuery } from '../shared/contract/invoices.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { readInvoice } from '../shared/domain/invoices/read.js';

/**
 * GET /api/invoices/{invoiceId}?email= (beyond the spec, issue 43, item 4): one invoice of the
 * viewed user's properties (the caller, or the customer an administrator views as) with the lines
 * of the work order it bills, its PDF where the provider uploaded one, and the customer's owed
 * invoices for Pay several (lambdas/shared/domain/invoices/). Outside that scope it answers the
 * same 404 as a missing one.
 */
export const handler = api({ params: InvoiceParams, query: InvoiceQuery }, async ({ params, query, caller }) => ok(await readInvoice(dynamo(), caller!, query.email, params.invoiceId)));
