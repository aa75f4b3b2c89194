import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients.js';
import { requestLimits, type ListQuery, type RequestForm, type RequestsReply, type RequestWorkOrder } from '../../contract/requests.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import { getProperties } from '../../data/properties.js';
import { recentRequests, requestsOfCustomer, type ServiceRequestItem } from '../../data/service-requests.js';
import { forbidden, ok, type Reply } from '../../platform/http.js';
import { settings } from '../../platform/env.js';
import { mailSettings } from '../../platform/mail.js';
import type { Scope } from '../../platform/scope.js';
import type * as z from '../../platform/zod-parts.js';
import { photoLinks } from './photos.js';
import { propertyRows, unitsOf } from './units.js';
import { linkedWorkOrders } from './work-orders.js';
import { referenceSince, servedUser, toAnswer, type Served } from './served.js';

/**
 * The request dialog's choices for the served customer: their properties (scope only), each with its
 * units (assets and monitored devices); and the work orders linked to their requests, of those
 * properties only (./work-orders.ts), read with the assets.
 */
async function formFor(served: Served | null): Promise<{ form: RequestForm; links: Map<string, RequestWorkOrder> }> {
  const dispatchPhone = mailSettings.dispatchPhone() || null;
  if (!served || served.propertyIds.size === 0) return { form: { properties: [], dispatchPhone }, links: new Map() };
  const db = dynamo();
  const [all, equipment] = await Promise.all([
    getProperties(db, served.propertyIds),
    Promise.all([...new Set(served.propertyCustomers.values())].map((c) => equipmentOfCustomer(db, c))).then((l) => l.flat()),
  ]);
  const properties = all.filter((p) => served.propertyCustomers.get(p.id) === p.customerId);
  const { assets, workOrders } = await propertyRows(db, properties, true);
  const form = {
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
  return { form, links: linkedWorkOrders(workOrders, new Map(properties.map((p) => [p.id, p.timeZone || settings.timeZone()]))) };
}

/** The served customer's requests of their scope's properties (one customer's, with `customerId`); in an administrator's own view, every customer's. */
async function requestsFor(db: DynamoDBDocumentClient, served: Served | null, customerId: string | undefined, since: string | undefined): Promise<ServiceRequestItem[]> {
  if (!served) return customerId ? requestsOfCustomer(db, customerId) : recentRequests(db, since);
  const lists = await Promise.all((customerId ? [customerId] : [...served.customerIds]).map((c) => requestsOfCustomer(db, c)));
  return lists.flat().filter((r) => served.propertyCustomers.get(r.propertyId) === r.customerId);
}

/**
 * GET /api/requests?email=&customerId=&status=&days= (and the legacy POST { action: 'list' }): service requests, newest first.
 * A customer (or an administrator viewing as one, `email`): the requests of their customers'
 * properties in their scope ("My Requests"). An administrator in their own view: every customer's,
 * or one customer's. Narrowed by status and by age (filed within so many days). With them,
 * the "Request Service" dialog's choices for the served customer (none in an administrator's own view)
 * and, on each request, the work order linked to it (issue 43; not in an administrator's own view,
 * which would read every customer's work orders).
 */
export async function listRequests(caller: Scope, query: z.output<typeof ListQuery>): Promise<Reply> {
  const db = dynamo();
  const served = await servedUser(caller, query.email);
  const since = query.days ? referenceSince(query.days) : undefined;
  if (served && query.customerId && !served.customerIds.has(query.customerId)) throw forbidden(`You do not have access to customer ${query.customerId}.`);
  // The form and the linked work orders are read beside the requests (their reads do not depend on them).
  const [found, { form, links }] = await Promise.all([requestsFor(db, served, query.customerId, since), formFor(served)]);
  const shown = found.filter((r) => (!query.status || r.status === query.status) && (!since || r.reference >= since)).sort((a, b) => b.reference.localeCompare(a.reference));
  // Each photo with a fresh link (signed here, no call to S3): the list, not a mail, is where photos stay reachable.
  const requests = await Promise.all(shown.map(async (r) => toAnswer(r, await photoLinks(r, requestLimits.listPhotoLinkSeconds), links.get(r.reference) ?? null)));
  return ok({ requests, form } satisfies RequestsReply);
}
