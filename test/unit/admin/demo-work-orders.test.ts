/**
 * Issue 43's demo data: each demo customer has work orders with the equipment worked on, notes,
 * lines adding up to the amount, a linked invoice and a linked quote; and the rows the report pages
 * read are the generator's, unchanged but for the added link fields.
 */
import { demoCustomers } from '../../../infra/admin/demo-data.js';
import { demoDecisionQuotes, demoNow, demoReportProperties, demoReportRows, generateReportRows } from '../../../infra/admin/demo-report-data.js';
import { linesFor } from '../../../infra/admin/demo-work-orders.js';
import type { ReportRow } from '../../../lambdas/shared/data/report-rows.js';
import { linesOf } from '../../../lambdas/shared/domain/work-orders/view.js';

const now = demoNow(Date.parse('2026-11-29T10:00:00Z'));
const rows = demoReportRows(now);
const of = <D extends ReportRow['dataset']>(d: D) => rows.filter((r) => r.dataset === d) as Extract<ReportRow, { dataset: D }>[];

describe('demo work orders a customer can open (issue 43)', () => {
  it.each(demoCustomers.map((c) => [c.id, c.properties.map((p) => p.id)] as const))('%s has a work order with equipment, notes, lines, an invoice and a quote', (_, propertyIds) => {
    const mine = (r: { propertyId: string }) => propertyIds.includes(r.propertyId);
    const complete = of('wo').filter(mine).find((w) => {
      const lines = of('line').find((l) => l.id === w.id && l.propertyId === w.propertyId);
      return (
        w.assetId &&
        of('asset').some((a) => a.id === w.assetId && a.propertyId === w.propertyId) &&
        of('note').some((n) => n.id === w.id && n.notes.length >= 2) &&
        lines &&
        linesOf(lines).linesTotal === w.amount &&
        of('invoice').some((i) => i.workOrderId === w.id && i.propertyId === w.propertyId) &&
        of('quote').some((q) => q.workOrderId === w.id && q.propertyId === w.propertyId)
      );
    });
    expect(complete).toBeDefined();
    // A planned visit has equipment and the dispatcher's note too.
    expect(of('wo').filter(mine).some((w) => w.status === 'Open' && w.scheduledAt && w.assetId && of('note').some((n) => n.id === w.id))).toBe(true);
  });

  it("leaves the report pages' rows as generated, but for the added link fields", () => {
    const g = generateReportRows(demoReportProperties(), { now });
    const generated = [...g.assets, ...g.workOrders, ...g.quotes, ...demoDecisionQuotes(now), ...g.invoices];
    const read = rows.filter((r) => r.dataset !== 'note' && r.dataset !== 'line' && r.dataset !== 'photo' && r.dataset !== 'qline');
    const unlinked = read.map((r) => {
      if (r.dataset === 'wo') {
        const { assetId: _a, requestId: _r, ...rest } = r;
        return rest;
      }
      if (r.dataset === 'quote') {
        const { workOrderId: _w, ...rest } = r;
        return rest;
      }
      return r;
    });
    expect(unlinked).toEqual(generated);
    expect(read.filter((r) => r.dataset === 'wo' && r.assetId).length).toBeGreaterThan(0);
    // The demo's scheduled service requests are answered by work orders (My Requests shows them).
    expect(read.filter((r) => r.dataset === 'wo' && r.requestId).length).toBeGreaterThan(0);
  });

  it('makes lines that add up to the amount exactly, labour at most 60 % of it', () => {
    for (const amount of [140, 902.25, 2099.41, 3799.99]) {
      const lines = linesFor('WO-X', amount, ['Part A', 'Part B']);
      expect(lines.reduce((n, l) => Math.round((n + l.quantity * l.unitPrice) * 100) / 100, 0)).toBe(amount);
      const labour = lines.filter((l) => l.kind === 'labour').reduce((n, l) => n + l.quantity * l.unitPrice, 0);
      expect(labour).toBeLessThanOrEqual(Math.max(62.5, amount * 0.6));
    }
  });
});
