import { dynamo } from '../../platform/clients.js';
import { requestLimits, type ListQuery, type RequestForm, type RequestsReply } from '../../contract/requests.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import { getProperties } from '../../data/properties.js';
import { recentRequests, requestsOfCustomer, type ServiceRequestItem } from '../../data/service-requests.js';
import { forbidden, ok, type Reply } from '../../platform/http.js';
import { mailSettings } from '../../platform/mail.js';
import type { Scope } from '../../platform/scope.js';
import type { z } from '../../platform/zod.js';
import { photoLinks } from './photos.js';
import { assetsOf, unitsOf } from './units.js';
import { referenceSince, servedUser, toAnswer, type Served } from './served.js';

/** The request dialog's choices for the served customer: their properties (scope only), each with its units (assets and monitored devices). */
async function formFor(served: Served | null): Promise<RequestForm> {
  const dispatchPhone = mailSettings.dispatchPhone() || null;
  if (!served || served.propertyIds.size === 0) return { properties: [], dispatchPhone };
  const db = dynamo();
  const [all, equipment] = await Promise.all([
    getProperties(db, served.propertyIds),
    Promise.all([...new Set(served.propertyCustomers.values())].map((c) => equipmentOfCustomer(db, c))).then((l) => l.flat()),
  ]);
  const properties = all.filter((p) => served.propertyCustomers.get(p.id) === p.customerId);
  const assets = await assetsOf(db, properties);
  return {
    properties: properties.map((p) => ({
      id: p.id,
      name: p.name,
      customerId: p.customerId,
      equipment: unitsOf(
        assets.get(p.id) ?? [],
        equipment.filter((e) => e.propertyId === p.id && e.customerId === p.customerId),
      ),
    })),
    dispatchPhone,
  };
}

/**
 * GET /api/requests?email=&customerId=&status=&days= (and the legacy POST { action: 'list' }): service requests, newest first.
 * A customer (or an administrator viewing as one, `email`): the requests of their customers'
 * properties in their scope ("My Requests"). An administrator in their own view: every customer's,
 * or one customer's. Narrowed by status and by age (filed within so many days). With them,
 * the "Request Service" dialog's choices for the served customer (none in an administrator's own view).
 */
export async function listRequests(caller: Scope, query: z.output<typeof ListQuery>): Promise<Reply> {
  const db = dynamo();
  const served = await servedUser(caller, query.email);
  const since = query.days ? referenceSince(query.days) : undefined;
  let found: ServiceRequestItem[];
  if (served) {
    if (query.customerId && !served.customerIds.has(query.customerId)) throw forbidden(`You do not have access to customer ${query.customerId}.`);
    const customers = query.customerId ? [query.customerId] : [...served.customerIds];
    const lists = await Promise.all(customers.map((c) => requestsOfCustomer(db, c)));
    found = lists.flat().filter((r) => served.propertyCustomers.get(r.propertyId) === r.customerId);
  } else {
    found = query.customerId ? await requestsOfCustomer(db, query.customerId) : await recentRequests(db, since);
  }
  const shown = found.filter((r) => (!query.status || r.status === query.status) && (!since || r.reference >= since)).sort((a, b) => b.reference.localeCompare(a.reference));
  // Each photo with a fresh link (signed here, no call to S3): the list, not a mail, is where photos stay reachable.
  const requests = await Promise.all(shown.map(async (r) => toAnswer(r, await photoLinks(r, requestLimits.listPhotoLinkSeconds))));
  return ok({ requests, form: await formFor(served) } satisfies RequestsReply);
}
