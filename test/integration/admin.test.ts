/**
 * The operator commands through the local stack: an import read back through the API (and a bad
 * one that leaves nothing), seedDemo then a demo sign-in and its properties, the start-up
 * administrator, and the CLI itself with --local against the stack's DATA_DIR.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { importFiles } from '../../infra/admin/import.js';
import { seedDemo } from '../../infra/admin/seed-demo.js';
import { createPortalUser } from '../../infra/admin/users.js';
import { adminCli } from '../support/admin-cli.js';
import { authenticatorSecret, enrolAuthenticator, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

const STAFF = 'example-hvac.com,example-services.com';
const FIRST_ADMIN = { email: 'first@example-hvac.com', password: 'First1234567' };
let t: TestStack;
beforeAll(async () => {
  t = await startTestStack({ env: { STAFF_DOMAINS: STAFF, PORTAL_ADMIN_EMAIL: FIRST_ADMIN.email, PORTAL_ADMIN_PASSWORD: FIRST_ADMIN.password } });
});
afterAll(async () => t?.stop());

const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-it-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const get = async (urlPath: string, token: string) => request('GET', urlPath, { token });

/** An administrator created by the portal has no authenticator app until they set one up (here: enrolled directly). */
const withApp = async (email: string) => {
  if (!authenticatorSecret(email)) await enrolAuthenticator(email);
};

describe('the start-up administrator (PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD)', () => {
  it('exists after start and is an administrator once an authenticator app is set up', async () => {
    const before = await signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
    expect(await get('/api/users/customers', before)).toMatchObject({ status: 403, json: { error: 'Set up two-step verification to continue.' } });
    await withApp(FIRST_ADMIN.email);
    const token = await signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
    expect((await get('/api/users/customers', token)).status).toBe(200);
  });
});

describe('import, read back through the API', () => {
  let admin: string;
  beforeAll(async () => {
    await withApp(FIRST_ADMIN.email);
    admin = await signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
  });

  it('writes nothing of any file when one row is bad', async () => {
    const customers = file('c-bad.csv', 'id,name\nK-9,Initech\n');
    const properties = file('p-bad.csv', 'id,customer_id,name,property_type\nKP-9,K-9,Initech Tower,Office\nKP-10,K-404,Lost,Office\n');
    await expect(importFiles({ customers, properties })).rejects.toThrow(`${properties}:3:2: customer_id: unknown customer "K-404"`);
    const list = await get('/api/users/customers', admin);
    expect(list.json).not.toEqual(expect.arrayContaining([expect.objectContaining({ ID: 'K-9' })]));
  });

  it('makes the customers, properties and mapping visible to the API calls', async () => {
    const counts = await importFiles({
      customers: file('c.csv', 'id,name\nK-1,"Acme, Inc."\nK-2,Globex\n'),
      properties: file('p.csv', 'id,customer_id,name,property_type\nKP-1,K-1,Acme HQ,Office\nKP-2,K-1,Acme Depot,Warehouse\nKP-3,K-2,Globex Plant,Factory\n'),
      'telemetry-mappings': file('m.csv', 'customer_id,telemetry_customer_id,telemetry_customer_name\nK-1,t-acme,Acme Telemetry\n'),
    });
    expect(counts).toEqual({ customers: 2, properties: 3, 'telemetry-mappings': 1 });
    expect((await get('/api/users/customers', admin)).json).toEqual(
      expect.arrayContaining([
        { ID: 'K-1', NAME: 'Acme, Inc.' },
        { ID: 'K-2', NAME: 'Globex' },
      ]),
    );
    expect((await get('/api/sigma/buildings/K-1', admin)).json).toEqual({
      property_names: ['Acme Depot', 'Acme HQ'],
      property_ids: ['KP-2', 'KP-1'],
      property_type: ['Warehouse', 'Office'],
    });
    expect((await get('/api/analytics/nclarity-customer/K-1', admin)).json).toEqual({ nclarityCustomer: { ID: 't-acme', NAME: 'Acme Telemetry' } });

    // A second import renames without losing the mapping.
    await importFiles({ customers: file('c2.csv', 'name,id\nAcme Renamed,K-1\n') });
    expect((await get('/api/analytics/nclarity-customer/K-1', admin)).json).toEqual({ nclarityCustomer: { ID: 't-acme', NAME: 'Acme Telemetry' } });

    await createPortalUser({ email: 'buyer@acme.test', name: 'Buyer', password: 'Buyer1234', customers: ['K-1'], properties: ['KP-1'], permanent: true });
    const buyer = await signIn('buyer@acme.test', 'Buyer1234');
    expect((await get('/api/users/getproperty/buyer@acme.test', buyer)).json).toEqual([
      { NAME: 'buyer', EMAIL: 'buyer@acme.test', CUSTOMER_NAME: ['Acme Renamed'], BUILDOPS_CUSTOMER_ID: ['K-1'], PROPERTIES: ['Acme HQ'], BUILDOPS_PROPERTY_IDS: ['KP-1'] },
    ]);
  });
});

describe('seedDemo', () => {
  it('gives the demo sign-ins of the README their customers and properties, and a second run adds nothing', async () => {
    const first = await seedDemo();
    expect(first.added).toMatchObject({ customers: 4, properties: 12, equipment: 12, users: 6 });

    const dana = await signIn('facilities@northwind.test', 'Demo1234');
    expect((await get('/api/users/getproperty/facilities@northwind.test', dana)).json).toEqual([
      {
        NAME: 'dana facilities',
        EMAIL: 'facilities@northwind.test',
        CUSTOMER_NAME: ['NORTHWIND PROPERTIES'],
        BUILDOPS_CUSTOMER_ID: ['CUST-1001'],
        PROPERTIES: ['Harbor Logistics Center', 'Northwind Plaza', 'Northwind Tower', 'Riverside Data Hall'],
        BUILDOPS_PROPERTY_IDS: ['PROP-1001-03', 'PROP-1001-02', 'PROP-1001-01', 'PROP-1001-04'],
      },
    ]);
    expect((await get('/api/users/getproperty/operations@harborview.test', dana)).status).toBe(403);
    // My Requests: the demo request answered by a scheduled visit with its arrival window (issue 43).
    const requests = (await get('/api/requests', dana)).json as { requests: { filedBy: string; workOrder: { windowStart?: string; timeZone: string } | null }[] };
    expect(requests.requests.filter((r) => r.workOrder)).toMatchObject([{ filedBy: 'facilities@northwind.test', workOrder: { windowStart: expect.any(String), timeZone: 'America/Chicago' } }]);
    // The library of each Northwind building holds its seeded service report, certificate and
    // drawings; the first also the quote document of QT-DEMO-0001 (docs/features/quotes.md "Quote decisions").
    const library = (await get('/api/s3/getdocumentsbyproperty?propertyId=PROP-1001-01', dana)).json as { DOCUMENT_URL: string; PROPERTY_ID: string }[];
    // And the PDF of its newest owed invoice with lines (issue 43: the invoice screen's Download),
    // whose number follows the demo's dates.
    const names = library.map((d) => d.DOCUMENT_URL.split('/').pop()!).sort();
    expect(names.filter((n) => n.startsWith('Invoice_'))).toEqual([expect.stringMatching(/^Invoice_INV-[A-Z0-9-]+\.pdf$/)]);
    // And the signed service report of its work order with photos (issue 43), whose id follows the demo's dates too.
    const byDate = (n: string) => n.startsWith('Invoice_') || n.startsWith('Service_Report_WO-');
    expect(names.filter((n) => n.startsWith('Service_Report_WO-'))).toEqual([expect.stringMatching(/^Service_Report_WO-[A-Z0-9-]+\.pdf$/)]);
    expect(names.filter((n) => !byDate(n))).toEqual([
      'Backflow_Test_Certificate.pdf',
      'Equipment_List.csv',
      'Mechanical_Drawings_Northwind_Tower.pdf',
      'Quote_QT-DEMO-0001.pdf',
      'Service_Report_RTU-1.pdf',
    ]);
    const sam = await signIn('operations@harborview.test', 'Demo1234');
    expect((await get('/api/users/getproperty/operations@harborview.test', sam)).json).toMatchObject([{ BUILDOPS_CUSTOMER_ID: ['CUST-1002', 'CUST-1003'] }]);

    for (const email of ['admin@example-hvac.com', 'support@example-services.com']) {
      await withApp(email);
      const token = await signIn(email, 'Admin1234567');
      expect((await get('/api/users/customers', token)).status).toBe(200);
    }
    expect((await signIn('principal@lakeside.test', 'Demo1234')).length).toBeGreaterThan(0);
    expect((await signIn('newhire@summit.test', 'Demo1234')).length).toBeGreaterThan(0);

    const second = await seedDemo();
    expect(second.added).toEqual({ customers: 0, properties: 0, equipment: 0, reportRows: 0, requests: 0, photos: 0, documents: 0, users: 0 });
  });
});

describe('the CLI with --local', () => {
  const admin = (...args: string[]) => adminCli(t.dataDir, ...args);

  it('refuses a weak password with the rule and creates nothing', async () => {
    const r = await admin('create-user', '--email', 'weak@acme.test', '--name', 'Weak', '--password', 'weak');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Password must be at least 5 characters long/m);
  });

  it('creates an invited user (Cognito mails the temporary password) and stores a report catalogue', async () => {
    const created = await admin('create-user', '--email', 'Invitee@Acme.test', '--name', 'Invitee', '--customers', 'K-1');
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toMatch(/Created user invitee@acme\.test; Cognito mailed an invitation/);
    expect((await t.outbox()).some((m) => m.to === 'invitee@acme.test')).toBe(true);

    const catalogue = file('reports.json', JSON.stringify({ reports: [{ id: 'dashboard', name: 'Dashboard', frames: ['/embed/dashboard'] }] }));
    const loaded = await admin('reports', '--load', catalogue);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(/Stored 1 reports/);
    await withApp(FIRST_ADMIN.email);
    const token = await signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
    expect((await get('/api/reports', token)).json).toEqual([{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] }]);
  });
});
