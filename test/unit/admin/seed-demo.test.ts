import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { demoCustomers, demoEquipment } from '../../../infra/admin/demo-data.js';
import { demoDocuments } from '../../../infra/admin/demo-documents.js';
import { demoDay, demoNow, demoReportRows } from '../../../infra/admin/demo-report-data.js';
import { demoServiceRequests } from '../../../infra/admin/demo-requests.js';
import type { AssetRow, WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { seedDemo } from '../../../infra/admin/seed-demo.js';
import { operatorAws } from './support/fixtures.js';

const { db, idp } = operatorAws();
const NOW = Date.UTC(2026, 4, 10);

describe('seedDemo', () => {
  it('generates the same report rows for the same day', () => {
    expect(demoNow(Date.UTC(2026, 4, 10, 17, 30))).toBe(NOW);
    const a = demoReportRows(NOW);
    expect(demoReportRows(NOW)).toEqual(a);
    expect(a.filter((r) => r.dataset === 'wo').length).toBeGreaterThan(2000);
  });

  it('takes its day from DEMO_DAY when no moment is given, so a run across midnight sees one day', () => {
    const before = process.env.DEMO_DAY;
    try {
      process.env.DEMO_DAY = '2026-05-10';
      expect(demoNow()).toBe(NOW);
      expect(demoNow(Date.UTC(2026, 4, 11, 0, 5))).toBe(NOW + 86_400_000);
      process.env.DEMO_DAY = '';
      expect(demoNow()).toBe(demoNow(Date.now()));
    } finally {
      if (before === undefined) delete process.env.DEMO_DAY;
      else process.env.DEMO_DAY = before;
    }
    expect(demoDay(undefined)).toBeUndefined();
    for (const bad of ['2026-02-30', '10/05/2026', '2026-5-10', 'today']) expect(() => demoDay(bad)).toThrow(`DEMO_DAY must be a day as YYYY-MM-DD, not "${bad}".`);
  });

  it('plans visits for the next 30 days at every demo property, one of them tomorrow, most with an arrival window', () => {
    const wos = demoReportRows(NOW).filter((r): r is WorkOrderRow => r.dataset === 'wo');
    const upcoming = wos.filter((w) => w.status !== 'Completed' && w.status !== 'Cancelled' && w.scheduledAt && Date.parse(w.scheduledAt) >= NOW && Date.parse(w.scheduledAt) < NOW + 31 * 86_400_000);
    const planned = wos.filter((w) => /^WO-D9\d{5}$/.test(w.id));
    expect(planned.length).toBeGreaterThan(30);
    for (const w of planned) {
      expect(upcoming).toContain(w);
      expect(['maintenance', 'service']).toContain(w.kind);
      expect(Date.parse(w.createdAt)).toBeLessThan(NOW);
      if (w.windowStart) {
        expect(w.scheduledAt).toBe(w.windowStart);
        const hours = (Date.parse(w.windowEnd!) - Date.parse(w.windowStart)) / 3_600_000;
        expect(hours >= 2 && hours <= 4).toBe(true);
      } else expect(w.scheduledAt).toMatch(/T00:00:00\.000Z$/);
    }
    expect(planned.filter((w) => w.windowStart).length).toBeGreaterThan(planned.length / 2);
    expect(planned.some((w) => !w.windowStart)).toBe(true);
    const tomorrow = new Date(NOW + 86_400_000).toISOString().slice(0, 10);
    for (const p of demoCustomers.flatMap((c) => c.properties.map((x) => x.id)))
      expect({ p, tomorrow: planned.some((w) => w.propertyId === p && w.scheduledAt!.startsWith(tomorrow)) }).toEqual({ p, tomorrow: true });
    // Ids of their own, apart from the two years of history.
    expect(new Set(wos.map((w) => w.id)).size).toBe(wos.length);
  });

  it('lists every telemetry equipment row among its property\'s assets under the same name, and no other asset by that name', () => {
    const assets = demoReportRows(NOW).filter((r): r is AssetRow => r.dataset === 'asset');
    for (const e of demoEquipment) {
      const named = assets.filter((a) => a.name === e.name && a.propertyId.slice(0, 9) === (e.propertyId ?? '').slice(0, 9));
      expect(named.map((a) => [a.propertyId, a.assetType])).toEqual([[e.propertyId, e.equipmentType]]);
    }
  });

  it('installs nothing in the future and completes nothing before it could be done', () => {
    const rows = demoReportRows(NOW);
    const assets = rows.filter((r): r is AssetRow => r.dataset === 'asset');
    expect(assets.filter((a) => !a.installedOn || Date.parse(a.installedOn) > NOW - 30 * 86_400_000)).toEqual([]);
    const wos = rows.filter((r): r is WorkOrderRow => r.dataset === 'wo');
    for (const w of wos) if (w.completedAt) expect(Date.parse(w.completedAt)).toBeLessThan(NOW);
    const capital = wos.filter((w) => w.kind === 'capital' && w.completedAt);
    expect(capital.length).toBeGreaterThan(10);
    for (const w of capital) expect(Date.parse(w.completedAt!) - Date.parse(w.createdAt)).toBeGreaterThan(20 * 86_400_000);
  });

  it('names in a work order only a unit its property had when the work order was opened', () => {
    const rows = demoReportRows(NOW);
    const installed = new Map(rows.filter((r): r is AssetRow => r.dataset === 'asset').map((a) => [`${a.propertyId} ${a.name}`, Date.parse(a.installedOn!)]));
    const wos = rows.filter((r): r is WorkOrderRow => r.dataset === 'wo');
    const before = wos.filter((w) => {
      const unit = [...installed.keys()].find((k) => k.startsWith(`${w.propertyId} `) && new RegExp(`\\b${k.slice(w.propertyId.length + 1)}\\b`).test(w.description ?? ''));
      return unit !== undefined && installed.get(unit)! > Date.parse(w.createdAt);
    });
    expect(before.map((w) => `${w.id}: ${w.description} (${w.createdAt})`)).toEqual([]);
  });

  it("gives each demo customer with a sign-in a scheduled request answered by a planned visit with an arrival window at its first property", () => {
    const rows = demoReportRows(NOW);
    const requests = demoServiceRequests(rows);
    expect(requests.map((r) => [r.customerId, r.filedBy])).toEqual([
      ['CUST-1001', 'facilities@northwind.test'],
      ['CUST-1002', 'operations@harborview.test'],
      ['CUST-1003', 'principal@lakeside.test'],
    ]);
    for (const r of requests) {
      expect(r.reference).toMatch(/^SR-\d{6}-\d{6}-[A-Z0-9]{4}$/);
      const linked = rows.filter((w): w is WorkOrderRow => w.dataset === 'wo' && w.requestId === r.reference);
      expect(linked).toHaveLength(1);
      expect(linked[0]).toMatchObject({ propertyId: demoCustomers.find((c) => c.id === r.customerId)!.properties[0]!.id, status: 'Open' });
      expect(Date.parse(linked[0]!.windowStart!)).toBeGreaterThan(NOW);
      expect(r.createdAt < linked[0]!.createdAt).toBe(true);
    }
  });

  it('writes the demo catalogue, datasets and six permanent sign-ins; a second run adds nothing', async () => {
    const first = await seedDemo({ now: NOW });
    expect(first.added).toEqual({ customers: 4, properties: 12, equipment: 12, reportRows: demoReportRows(NOW).length, requests: 3, photos: 6, documents: demoDocuments(NOW).length, users: 6 });
    // A few documents in every property's library, each object stored with its row.
    const docs = db.sorted('documents');
    for (const p of demoCustomers.flatMap((c) => c.properties.map((x) => x.id)))
      expect({ p, n: docs.filter((d) => d.propertyId === p).length >= 2 }).toEqual({ p, n: true });
    for (const d of docs) {
      const o = db.world.objects.get(d.key as string)!;
      expect([o.contentType, o.body.length]).toEqual([d.contentType, d.sizeBytes]);
      if (d.contentType === 'application/pdf') expect(o.body.subarray(0, 8).toString()).toBe('%PDF-1.4');
    }
    expect(first.accounts.map((a) => a.email)).toEqual([
      'admin@example-hvac.com',
      'support@example-services.com',
      'facilities@northwind.test',
      'operations@harborview.test',
      'principal@lakeside.test',
      'newhire@summit.test',
    ]);
    expect(db.sorted('customers').find((c) => c.id === 'CUST-1001')).toEqual({
      id: 'CUST-1001',
      name: 'NORTHWIND PROPERTIES',
      telemetryCustomerId: 'ncl-cust-northwind',
      telemetryCustomerName: 'Northwind Properties',
    });
    expect(db.sorted('accounts').find((u) => u.email === 'operations@harborview.test')).toMatchObject({
      customerIds: ['CUST-1002', 'CUST-1003'],
      properties: { 'PROP-1002-01': 'CUST-1002', 'PROP-1002-02': 'CUST-1002', 'PROP-1003-01': 'CUST-1003' },
    });
    expect(idp.commandCalls(AdminSetUserPasswordCommand).map((c) => c.args[0].input.Permanent)).toEqual([true, true, true, true, true, true]);
    expect(idp.commandCalls(AdminCreateUserCommand).every((c) => c.args[0].input.MessageAction === 'SUPPRESS')).toBe(true);

    const snapshot = ['customers', 'properties', 'equipment', 'report-rows', 'documents', 'accounts'].map((t) => JSON.stringify(db.sorted(t)));
    idp.resetHistory();
    db.ddb.resetHistory();
    db.s3.resetHistory();
    // Another day: the datasets of the first run stay as they are.
    const second = await seedDemo({ now: NOW + 86_400_000 });
    expect(second.added).toEqual({ customers: 0, properties: 0, equipment: 0, reportRows: 0, requests: 0, photos: 0, documents: 0, users: 0 });
    expect(db.s3.calls()).toHaveLength(0);
    expect(db.writes()).toBe(0);
    expect(idp.calls()).toHaveLength(0);
    expect(['customers', 'properties', 'equipment', 'report-rows', 'documents', 'accounts'].map((t) => JSON.stringify(db.sorted(t)))).toEqual(snapshot);
  });

  it('keeps an operator\'s changes to demo rows and only adds what is missing', async () => {
    db.put('customers', { id: 'CUST-1001', name: 'Renamed' });
    await seedDemo({ now: NOW, staffDomains: ['staff.test'] });
    expect(db.sorted('customers').find((c) => c.id === 'CUST-1001')).toEqual({
      id: 'CUST-1001',
      name: 'Renamed',
      telemetryCustomerId: 'ncl-cust-northwind',
      telemetryCustomerName: 'Northwind Properties',
    });
    expect(db.sorted('accounts').map((u) => u.email)).toEqual(expect.arrayContaining(['admin@staff.test', 'support@staff.test']));
  });
});
