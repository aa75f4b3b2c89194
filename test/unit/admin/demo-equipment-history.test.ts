/**
 * Issue 43, item 5's demo: each demo customer has a unit whose history holds work orders and a
 * quote made for one of them; Northwind's units with telemetry equipment are monitored; a demo
 * property's service report is in its unit's history. The history is assembled as the call does
 * (lambdas/shared/domain/assets/history.ts), from the demo's own rows.
 */
import { demoCustomers, demoEquipment } from '../../../infra/admin/demo-data.js';
import { demoDocuments } from '../../../infra/admin/demo-documents.js';
import { demoNow, demoReportRows } from '../../../infra/admin/demo-report-data.js';
import type { AssetRow, QuoteRow, ReportRow, WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { assetHistory } from '../../../lambdas/shared/domain/assets/history.js';

const now = demoNow(Date.parse('2026-11-29T10:00:00Z'));
const rows = demoReportRows(now);
const documents = demoDocuments(now).map((d) => ({ key: d.key, propertyId: d.propertyId, uploadedAt: new Date(now - d.daysAgo * 86_400_000).toISOString() }));
const of = <D extends ReportRow['dataset']>(d: D) => rows.filter((r) => r.dataset === d) as Extract<ReportRow, { dataset: D }>[];

const historyOf = (a: AssetRow) =>
  assetHistory({
    asset: a,
    property: { name: a.propertyId, timeZone: 'UTC' },
    workOrders: of('wo').filter((w): w is WorkOrderRow => w.propertyId === a.propertyId),
    quotes: of('quote').filter((q): q is QuoteRow => q.propertyId === a.propertyId),
    equipment: demoEquipment,
    alerts: [],
    documents,
  });

describe('demo equipment history (issue 43, item 5)', () => {
  it.each(demoCustomers.map((c) => [c.id, c.properties.map((p) => p.id)] as const))('%s has a unit with work orders and a quote made for one', (_, propertyIds) => {
    const histories = of('asset').filter((a) => propertyIds.includes(a.propertyId)).map(historyOf);
    const kinds = histories.map((h) => new Set(h.timeline.map((e) => e.kind)));
    expect(kinds.some((k) => k.has('work-order') && k.has('quote'))).toBe(true);
  });

  it("marks Northwind's units with telemetry equipment monitored, and puts a property's service report in its unit's history", () => {
    const tower = of('asset').filter((a) => a.propertyId === 'PROP-1001-01').map(historyOf);
    expect(tower.filter((h) => h.asset.equipmentId).map((h) => [h.asset.name, h.asset.equipmentId]).sort()).toEqual([
      ['CH-1', 'EQ-1001-03'],
      ['RTU-1', 'EQ-1001-01'],
      ['RTU-2', 'EQ-1001-02'],
    ]);
    const rtu1 = tower.find((h) => h.asset.name === 'RTU-1')!;
    expect(rtu1.timeline.filter((e) => e.kind === 'document').map((e) => e.title)).toEqual(['Service_Report_RTU-1.pdf']);
    // The property's other documents are not the unit's.
    expect(tower.flatMap((h) => h.timeline.filter((e) => e.kind === 'document')).map((e) => e.title)).toEqual(['Service_Report_RTU-1.pdf']);
  });
});
