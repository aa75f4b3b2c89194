import { ThresholdsParams, ThresholdsQuery } from '../shared/contract/alerts.js';
import { getThresholds } from '../shared/domain/alerts/thresholds.js';
import { api } from '../shared/platform/middleware.js';

/**
 * GET /api/alerts/thresholds/{propertyId}?customerId=: the property's alert rules as the evaluation
 * applies them, beside the defaults; anyone who may see the customer and the property.
 */
export const handler = api({ params: ThresholdsParams, query: ThresholdsQuery }, async ({ params, query, caller }) =>
  getThresholds(caller!, { customerId: query.customerId, propertyId: params.propertyId }),
);
