import { dynamo } from '../shared/clients.js';
import { FormQuery, type RequestFormReply } from '../shared/contract/requests.js';
import { equipmentOfCustomer } from '../shared/data/equipment.js';
import { getProperties } from '../shared/data/properties.js';
import { ok } from '../shared/http.js';
import { mailSettings } from '../shared/mail.js';
import { api } from '../shared/middleware.js';
import { servedUser } from '../shared/requests/served.js';

/**
 * GET /api/requests/form?email= : what the "Request Service" dialog offers: the served user's
 * properties (their assignments only), each with its equipment, and the provider's emergency phone.
 * An administrator in their own view serves no one: no properties.
 */
export const handler = api({ query: FormQuery }, async ({ query, caller }) => {
  const served = await servedUser(caller!, query.email);
  const dispatchPhone = mailSettings.dispatchPhone() || null;
  if (!served || served.propertyIds.size === 0) return ok({ properties: [], dispatchPhone } satisfies RequestFormReply);
  const db = dynamo();
  const [properties, equipment] = await Promise.all([
    getProperties(db, served.propertyIds),
    Promise.all([...new Set(served.propertyCustomers.values())].map((c) => equipmentOfCustomer(db, c))).then((l) => l.flat()),
  ]);
  return ok({
    properties: properties
      .filter((p) => served.propertyCustomers.get(p.id) === p.customerId)
      .map((p) => ({
        id: p.id,
        name: p.name,
        equipment: equipment
          .filter((e) => e.propertyId === p.id && e.customerId === p.customerId)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((e) => ({ id: e.id, name: e.name, type: e.equipmentType })),
      })),
    dispatchPhone,
  } satisfies RequestFormReply);
});
