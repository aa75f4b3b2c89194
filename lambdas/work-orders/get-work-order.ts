import { dynamo } from '../shared/platform/clients.js';
import { WorkOrderParams, WorkOrderQuery } from '../shared/contract/work-orders.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { readWorkOrder, workOrderPropertyIds } from '../shared/domain/work-orders/read.js';

/**
 * GET /api/work-orders/{workOrderId}?email= (beyond the spec, issue 43): one work order of the
 * viewed user's properties (the caller, or the customer an administrator views as) with its status
 * timeline, notes, parts and labour lines, linked invoices and quotes, the equipment worked on, its
 * before and after photos (links only to clean ones) and its signed service report
 * (lambdas/shared/domain/work-orders/). Outside that scope it answers the same 404 as a missing one.
 */
export const handler = api({ params: WorkOrderParams, query: WorkOrderQuery }, async ({ params, query, caller }) => {
  const db = dynamo();
  const propertyIds = await workOrderPropertyIds(db, caller!, query.email);
  return ok(await readWorkOrder(db, propertyIds, params.workOrderId));
});
