import { dynamo } from '../shared/platform/clients.js';
import { PropertiesBody, type PropertiesReply } from '../shared/contract/catalog.js';
import { getCustomers } from '../shared/data/customers.js';
import { propertiesOfCustomers } from '../shared/data/properties.js';
import { forbidden, listForMessage as list, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeCustomer, canSeeProperty } from '../shared/platform/scope.js';

/** POST /api/users/customers/properties { customerIds }: their properties, filtered to the caller's scope. */
export const handler = api({ body: PropertiesBody }, async ({ body, caller }) => {
  const scope = caller!;
  const ids = [...new Set(body.customerIds)];
  const outside = ids.filter((id) => !canSeeCustomer(scope, id));
  if (outside.length) throw forbidden(`You do not have access to customer ${list(outside)}.`);
  if (ids.length === 0) return ok([]);
  const rows = await propertiesOfCustomers(dynamo(), ids);
  if (scope.isAdmin) {
    // Customers with properties exist: only the others need looking up for the administrators' 404.
    const withProperties = new Set(rows.map((p) => p.customerId));
    const unsure = ids.filter((id) => !withProperties.has(id));
    const found = new Set((await getCustomers(dynamo(), unsure)).map((c) => c.id));
    const missing = unsure.filter((id) => !found.has(id));
    if (missing.length) throw notFound(`No customer with the id ${list(missing)}.`);
  }
  return ok(
    rows.filter((p) => canSeeProperty(scope, p.id)).map((p) => ({ ID: p.id, NAME: p.name, PROPERTY_TYPE: p.propertyType, CUSTOMER_ID: p.customerId })) satisfies PropertiesReply,
  );
});
