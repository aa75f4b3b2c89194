import type { RequestWorkOrder } from '../../../lambdas/shared/contract/answers/requests';
import { visitWhen } from '../visits/visit-text';
import { requestsText as t } from './strings';

/**
 * When a request's work order is scheduled, as Coming up writes a visit (its one function: the
 * property's zone, named; an arrival window, a time or a day), or that it is not scheduled yet.
 */
export function requestWorkOrderWhen(w: RequestWorkOrder): string {
  if (!w.scheduledAt) return t.workOrderNotScheduled;
  const { date, time } = visitWhen({ ...w, scheduledAt: w.scheduledAt });
  return t.workOrderWhen(date, time);
}
