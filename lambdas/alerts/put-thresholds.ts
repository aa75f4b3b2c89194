import { PutThresholdsBody, ThresholdsParams } from '../shared/contract/alerts.js';
import { setThresholds } from '../shared/domain/alerts/thresholds.js';
import { api } from '../shared/platform/middleware.js';

/**
 * PUT /api/alerts/thresholds/{propertyId} { customerId, rules } (administrators; the route table
 * refuses others): the property's adjustments over the defaults, replacing the previous ones
 * ([] restores the defaults); audited as 'alert-thresholds'.
 */
export const handler = api({ params: ThresholdsParams, body: PutThresholdsBody }, async ({ params, body, caller }) =>
  setThresholds(caller!, { customerId: body.customerId, propertyId: params.propertyId, rules: body.rules }),
);
