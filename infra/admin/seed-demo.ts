/**
 * `seedDemo()`: the demo customers, properties, equipment, telemetry mapping, report datasets,
 * service requests, documents and the six demo sign-ins of README.md (permanent passwords), written through the data modules.
 * Idempotent as the old seeder was: what exists is left as it is, only what is missing is added,
 * so a second run changes nothing visible.
 */
import { dynamo } from '../../lambdas/shared/platform/clients.js';
import { getCustomers, putCustomers } from '../../lambdas/shared/data/customers.js';
import { equipmentOfCustomer, putEquipment } from '../../lambdas/shared/data/equipment.js';
import { getDocument, putDocument } from '../../lambdas/shared/data/documents.js';
import { getProperties, putProperties } from '../../lambdas/shared/data/properties.js';
import { putReportRows, rowsOf } from '../../lambdas/shared/data/report-rows.js';
import { putServiceRequest } from '../../lambdas/shared/data/service-requests.js';
import { getUserByEmail, setQuoteApproval } from '../../lambdas/shared/data/users.js';
import { settings } from '../../lambdas/shared/platform/env.js';
import { DEMO_STAFF_DOMAINS, demoCustomerItems, demoCustomers, demoEquipment, demoPropertyItems, demoUsers } from './demo-data.js';
import { contentTypeFor } from '../../lambdas/shared/domain/documents/files.js';
import { putObject } from '../../lambdas/shared/domain/documents/objects.js';
import { demoDocuments } from './demo-documents.js';
import { demoNow, demoReportRows } from './demo-report-data.js';
import { demoServiceRequests } from './demo-requests.js';
import { demoWorkOrderPhotos } from './demo-work-order-photos.js';
import { createPortalUser } from './users.js';

export interface DemoAccount {
  email: string;
  password: string;
  note: string;
}

export interface SeedResult {
  accounts: DemoAccount[];
  /** What this run added (0 everywhere on a second run). */
  added: { customers: number; properties: number; equipment: number; reportRows: number; requests: number; photos: number; documents: number; users: number };
}

/** The property whose work orders mark the report datasets as seeded: written last. */
const markerProperty = demoCustomers[0]!.properties[0]!.id;

async function seedCatalogue(): Promise<Pick<SeedResult['added'], 'customers' | 'properties' | 'equipment'>> {
  const db = dynamo();
  const wanted = demoCustomerItems();
  const existing = new Map((await getCustomers(db, wanted.map((c) => c.id))).map((c) => [c.id, c]));
  // A missing customer is added whole; an existing one only gains its demo telemetry mapping if it has none.
  const customers = wanted.flatMap((c) => {
    const have = existing.get(c.id);
    if (!have) return [c];
    if (!have.telemetryCustomerId && c.telemetryCustomerId) return [{ ...have, telemetryCustomerId: c.telemetryCustomerId, telemetryCustomerName: c.telemetryCustomerName }];
    return [];
  });
  await putCustomers(db, customers);

  const props = demoPropertyItems();
  const haveProps = new Set((await getProperties(db, props.map((p) => p.id))).map((p) => p.id));
  const properties = props.filter((p) => !haveProps.has(p.id));
  await putProperties(db, properties);

  const owners = [...new Set(demoEquipment.map((e) => e.customerId))];
  const haveEq = new Set((await Promise.all(owners.map((c) => equipmentOfCustomer(db, c)))).flat().map((e) => `${e.customerId}/${e.id}`));
  const equipment = demoEquipment.filter((e) => !haveEq.has(`${e.customerId}/${e.id}`));
  await putEquipment(db, equipment);
  return { customers: customers.length, properties: properties.length, equipment: equipment.length };
}

/**
 * Generates the datasets once: skipped when the marker property has work orders (as the old
 * seeder), and with them the service requests their linked work orders answer (./demo-requests.ts).
 */
async function seedReportRows(now: number): Promise<Pick<SeedResult['added'], 'reportRows' | 'requests' | 'photos'>> {
  const db = dynamo();
  if ((await rowsOf(db, 'wo', [markerProperty])).length > 0) return { reportRows: 0, requests: 0, photos: 0 };
  const rows = demoReportRows(now);
  // The work orders' photos: each object before the rows that name it, as the import writes them.
  const photos = demoWorkOrderPhotos(rows).objects;
  for (const o of photos) await putObject(o.key, o.body, 'image/png');
  const isMarker = (r: (typeof rows)[number]) => r.dataset === 'wo' && r.propertyId === markerProperty;
  // The marker rows last: a run cut short leaves no marker, so the next run writes everything again.
  await putReportRows(db, rows.filter((r) => !isMarker(r)));
  const requests = (await Promise.all(demoServiceRequests(rows).map((r) => putServiceRequest(db, r)))).filter(Boolean).length;
  await putReportRows(db, rows.filter(isMarker));
  return { reportRows: rows.length, requests, photos: photos.length };
}

/** The demo library: object first, then its row, as the upload handlers do; present keys are skipped. */
async function seedDocuments(now: number, uploadedBy: string): Promise<number> {
  const db = dynamo();
  const docs = demoDocuments(now);
  const present = await Promise.all(docs.map((d) => getDocument(db, d.key)));
  const missing = docs.filter((_, i) => !present[i]);
  const added = await Promise.all(
    missing.map(async (d) => {
      const contentType = contentTypeFor(d.fileName);
      await putObject(d.key, d.body, contentType);
      const uploadedAt = new Date(now - d.daysAgo * 86_400_000 + 9 * 3_600_000).toISOString();
      return putDocument(db, { key: d.key, propertyId: d.propertyId, uploadedAt, fileName: d.fileName, contentType, sizeBytes: d.body.length, uploadedBy });
    }),
  );
  return added.filter(Boolean).length;
}

export async function seedDemo(opts: { staffDomains?: string[]; now?: number } = {}): Promise<SeedResult> {
  const domains = opts.staffDomains ?? (settings.staffDomains().length ? settings.staffDomains() : DEMO_STAFF_DOMAINS);
  const users = demoUsers(domains[0]!, domains[1] ?? domains[0]!);
  const catalogue = await seedCatalogue();
  const now = opts.now ?? demoNow();
  const datasets = await seedReportRows(now);
  const documents = await seedDocuments(now, users[0]!.email);
  let created = 0;
  // One at a time: the local pool's store writes one file.
  for (const u of users) {
    if (await getUserByEmail(dynamo(), u.email)) continue;
    const r = await createPortalUser({ email: u.email, name: u.name, password: u.password, customers: u.customers, properties: u.properties, permanent: true });
    if (u.quoteApproval) await setQuoteApproval(dynamo(), r.user.sub, u.quoteApproval);
    created += 1;
  }
  return {
    accounts: users.map((u) => ({ email: u.email, password: u.password, note: u.note })),
    added: { ...catalogue, ...datasets, documents, users: created },
  };
}

export const seedDemoHelp = `Usage: admin seed-demo [--stage NAME | --local [--data-dir DIR]]

Loads the demo data: customers with properties, equipment, the telemetry mapping, two years of
report datasets (work orders, quotes, invoices, assets; notes, lines and photos of some work
orders), a service request of each demo customer
with a sign-in answered by a scheduled work order, a few documents per Northwind and Harborview
property (service reports, certificates, drawings) and the six demo sign-ins of the README
(permanent passwords, no invitation mail). What exists is left as it is, so running it again
changes nothing. The administrators' domains are the first two of STAFF_DOMAINS, or the demo's
example-hvac.com and example-services.com when it is not set.`;
