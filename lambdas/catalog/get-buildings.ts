import { dynamo } from '../shared/platform/clients.js';
import { CustomerParams, type SigmaBuildingsReply } from '../shared/contract/catalog.js';
import { getCustomer } from '../shared/data/customers.js';
import { propertiesOfCustomers } from '../shared/data/properties.js';
import { forbidden, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeCustomer, canSeeProperty } from '../shared/platform/scope.js';

/** GET /api/sigma/buildings/{customerId}: the customer's properties in the caller's scope, as parallel arrays. */
export const handler = api({ params: CustomerParams }, async ({ params, caller }) => {
  const scope = caller!;
  const { customerId } = params;
  if (!canSeeCustomer(scope, customerId)) throw forbidden(`You do not have access to customer ${customerId}.`);
  const all = await propertiesOfCustomers(dynamo(), [customerId]);
  // A customer with properties exists: only an empty answer needs the customers table (administrators' 404).
  if (scope.isAdmin && all.length === 0 && !(await getCustomer(dynamo(), customerId))) throw notFound(`No customer with the id ${customerId}.`);
  const rows = all.filter((p) => canSeeProperty(scope, p.id));
  return ok({
    property_names: rows.map((p) => p.name),
    property_ids: rows.map((p) => p.id),
    property_type: rows.map((p) => p.propertyType),
  } satisfies SigmaBuildingsReply);
});
