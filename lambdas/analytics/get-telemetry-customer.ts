import { analyticsMessages, CustomerParams, type TelemetryCustomerReply } from '../shared/contract/analytics.js';
import { dynamo } from '../shared/platform/clients.js';
import { getCustomer } from '../shared/data/customers.js';
import { forbidden, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeCustomer } from '../shared/platform/scope.js';

/** The customer's telemetry-service customer (spec: nclarityCustomer); 404 when not mapped. */
export const handler = api({ params: CustomerParams }, async ({ caller, params }) => {
  const { customerId } = params;
  if (!canSeeCustomer(caller!, customerId)) throw forbidden(analyticsMessages.noAccess(customerId));
  const customer = await getCustomer(dynamo(), customerId);
  if (!customer) throw notFound(analyticsMessages.unknownCustomer(customerId));
  if (!customer.telemetryCustomerId) throw notFound(analyticsMessages.notMapped(customerId));
  const reply: TelemetryCustomerReply = { nclarityCustomer: { ID: customer.telemetryCustomerId, NAME: customer.telemetryCustomerName ?? '' } };
  return ok(reply);
});
