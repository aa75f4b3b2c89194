/**
 * Issue 43's import: the work-order-notes and work-order-lines kinds, and the work orders' asset_id
 * and request_id and the quotes' work_order_id columns; good rows stored where the work order's
 * reads find them, bad rows refused with their file, line and column, nothing written.
 */
import path from 'node:path';
import { importFiles } from '../../../infra/admin/import.js';
import { unpackItem, type ReportRow, type ReportRowsItem } from '../../../lambdas/shared/data/report-rows.js';
import { fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';
import { csvFiles, importFailure } from './support/import-files.js';

const file = csvFiles('admin-import-wo-');

const db = fakeAws();
beforeAll(() => setEnv());
beforeEach(() => {
  db.clear();
  db.put('properties', { id: 'P-1', customerId: 'C-1', name: 'Tower', propertyType: 'Office' }, { id: 'P-2', customerId: 'C-1', name: 'Annex', propertyType: 'Office' });
});

const failure = importFailure;
const stored = (): ReportRow[] => db.sorted('report-rows').filter((i) => !String(i.sk).startsWith('index#')).flatMap((i) => unpackItem(i as ReportRowsItem));
const WO_HEAD = 'id,property_id,kind,status,priority,created_at,asset_id,request_id\n';
const workOrders = () => file(`${WO_HEAD}W-1,P-1,service,Completed,High,2026-03-10,A-1,SR-1\nW-2,P-1,service,Open,Low,2026-03-11,,\n`);
const assets = () => file('id,property_id,name\nA-1,P-1,RTU-1\nA-2,P-2,Boiler\n');
const NOTES_HEAD = 'work_order_id,property_id,at,author,text\n';
const LINES_HEAD = 'work_order_id,property_id,kind,description,quantity,unit_price\n';

describe("admin import: a work order's notes, lines and links (issue 43)", () => {
  it('stores the notes and lines of each work order as one row of its partition, and the links', async () => {
    const counts = await importFiles({
      'work-orders': workOrders(),
      quotes: file('id,property_id,status,amount,created_at,work_order_id\nQ-1,P-1,Sent,9800,2026-03-14,W-1\n'),
      assets: assets(),
      'work-order-notes': file(`${NOTES_HEAD}W-1,P-1,2026-03-14T08:20:00Z,M. Chen,"On site, compressor not starting."\nW-1,P-1,2026-03-14 11:50,M. Chen,Cooling restored.\nW-2,P-1,2026-03-12,Dispatch,Booked.\n`),
      'work-order-lines': file(`${LINES_HEAD}W-1,P-1,parts,Run capacitor,1,86.40\nW-1,P-1,labour,Technician hours,2.5,125\n`),
    });
    expect(counts).toEqual({ 'work-orders': 2, quotes: 1, assets: 2, 'work-order-notes': 3, 'work-order-lines': 2 });
    const rows = stored();
    expect(rows.find((r) => r.dataset === 'wo' && r.id === 'W-1')).toMatchObject({ assetId: 'A-1', requestId: 'SR-1' });
    expect(rows.find((r) => r.dataset === 'wo' && r.id === 'W-2')).not.toHaveProperty('assetId');
    expect(rows.find((r) => r.dataset === 'quote')).toMatchObject({ id: 'Q-1', workOrderId: 'W-1' });
    expect(rows.filter((r) => r.dataset === 'note')).toEqual([
      { dataset: 'note', id: 'W-1', propertyId: 'P-1', notes: [
        { at: '2026-03-14T08:20:00.000Z', author: 'M. Chen', text: 'On site, compressor not starting.' },
        { at: '2026-03-14T11:50:00.000Z', author: 'M. Chen', text: 'Cooling restored.' },
      ] },
      { dataset: 'note', id: 'W-2', propertyId: 'P-1', notes: [{ at: '2026-03-12T00:00:00.000Z', author: 'Dispatch', text: 'Booked.' }] },
    ]);
    expect(rows.find((r) => r.dataset === 'line')).toEqual({ dataset: 'line', id: 'W-1', propertyId: 'P-1', lines: [
      { kind: 'parts', description: 'Run capacitor', quantity: 1, unitPrice: 86.4 },
      { kind: 'labour', description: 'Technician hours', quantity: 2.5, unitPrice: 125 },
    ] });
    expect(db.sorted('report-rows').filter((i) => String(i.sk).startsWith('index#')).map((i) => `${String(i.propertyId)} ${String(i.sk)}`).sort()).toEqual([
      'P-1 index#asset', 'P-1 index#line', 'P-1 index#note', 'P-1 index#quote', 'P-1 index#wo', 'P-2 index#asset',
    ]);
  });

  it("replaces a work order's notes with a later file's, and leaves the other work orders' alone", async () => {
    await importFiles({ 'work-orders': workOrders(), assets: assets(), 'work-order-notes': file(`${NOTES_HEAD}W-1,P-1,2026-03-14,A,old\nW-2,P-1,2026-03-14,B,kept\n`) });
    await importFiles({ 'work-order-notes': file(`${NOTES_HEAD}W-1,P-1,2026-03-15,A,new\n`) });
    const notes = stored().flatMap((r) => (r.dataset === 'note' ? r.notes.map((x) => `${r.id} ${x.text}`) : []));
    expect(notes.sort()).toEqual(['W-1 new', 'W-2 kept']);
  });

  it('refuses bad rows with their file, line and column, and writes nothing', async () => {
    const notes = file(`${NOTES_HEAD}W-404,P-1,2026-03-14,A,text\n`);
    expect(await failure({ 'work-order-notes': notes })).toBe(`${notes}:2:1: work_order_id: unknown work order "W-404" at property "P-1"`);
    const emptyText = file(`${NOTES_HEAD}W-1,P-1,2026-03-14,A,\n`);
    expect(await failure({ 'work-orders': workOrders(), assets: assets(), 'work-order-notes': emptyText })).toBe(`${emptyText}:2:5: text is required`);
    const badAt = file(`${NOTES_HEAD}W-1,P-1,yesterday,A,text\n`);
    expect(await failure({ 'work-orders': workOrders(), assets: assets(), 'work-order-notes': badAt })).toBe(`${badAt}:2:3: at must be a date such as 2026-03-31 or 2026-03-31T14:05:00Z`);
    const cases: [string, string][] = [
      ['W-1,P-1,travel,Van,1,10', '2:3: kind must be one of parts, labour'],
      ['W-1,P-1,parts,,1,10', '2:4: description is required'],
      ['W-1,P-1,parts,Filter,0,10', '2:5: quantity must be more than 0'],
      ['W-1,P-1,parts,Filter,-2,10', '2:5: quantity must be a positive number such as 2 or 1.5'],
      ['W-1,P-1,parts,Filter,2,ten', '2:6: unit_price must be an amount such as 1250.50'],
    ];
    for (const [row, where] of cases) {
      const lines = file(`${LINES_HEAD}${row}\n`);
      expect(await failure({ 'work-orders': workOrders(), assets: assets(), 'work-order-lines': lines })).toBe(`${lines}:${where}`);
    }
    const missing = file('work_order_id,property_id,kind,description,quantity\nW-1,P-1,parts,Filter,1\n');
    expect(await failure({ 'work-order-lines': missing })).toBe(
      `${missing}:1:1: the header row must name the columns work_order_id,property_id,kind,description,quantity,unit_price (missing: unit_price)`,
    );
    expect(db.writes()).toBe(0);
  });

  it("refuses an asset_id that is no asset of the work order's property, and a quote's unknown work order", async () => {
    const wrongProperty = file(`${WO_HEAD}W-1,P-1,service,Open,Low,2026-03-10,A-2,\n`);
    expect(await failure({ 'work-orders': wrongProperty, assets: assets() })).toBe(`${wrongProperty}:2:7: asset_id: unknown asset "A-2" at property "P-1"`);
    const quotes = file('id,property_id,status,amount,created_at,work_order_id\nQ-1,P-1,Sent,10,2026-03-14,W-9\n');
    expect(await failure({ quotes })).toBe(`${quotes}:2:6: work_order_id: unknown work order "W-9" at property "P-1"`);
    expect(db.writes()).toBe(0);
    // An asset stored by an earlier import is found too.
    await importFiles({ assets: assets() });
    await importFiles({ 'work-orders': file(`${WO_HEAD}W-5,P-2,service,Open,Low,2026-03-10,A-2,\n`) });
    expect(stored().find((r) => r.id === 'W-5')).toMatchObject({ assetId: 'A-2' });
  });
});

describe('the example files of docs/operating.md (docs/examples)', () => {
  it('import as one set: a work order with its equipment, notes, lines, photos, signed report, quote (its lines and options) and invoice', async () => {
    const ex = (name: string) => path.join('docs', 'examples', `${name}.csv`);
    const counts = await importFiles({
      customers: ex('customers'),
      properties: ex('properties'),
      'work-orders': ex('work-orders'),
      quotes: ex('quotes'),
      invoices: ex('invoices'),
      assets: ex('assets'),
      'work-order-notes': ex('work-order-notes'),
      'work-order-lines': ex('work-order-lines'),
      'work-order-photos': ex('work-order-photos'),
      'work-order-reports': ex('work-order-reports'),
      'quote-lines': ex('quote-lines'),
    });
    expect(counts).toEqual({ customers: 1, properties: 1, 'work-orders': 1, quotes: 1, invoices: 1, assets: 1, 'work-order-notes': 2, 'work-order-lines': 4, 'work-order-photos': 2, 'work-order-reports': 1, 'quote-lines': 6 });
    const photos = stored().find((r) => r.dataset === 'photo');
    expect(photos?.dataset === 'photo' && photos.photos.map((p) => [p.stage, p.fileName])).toEqual([['before', 'rtu-1-before.png'], ['after', 'rtu-1-after.png']]);
    expect(db.sorted('documents').map((d) => d.fileName)).toEqual(['Service_Report_EX-WO1.pdf']);
    const quoteLines = stored().find((r) => r.dataset === 'qline');
    expect(quoteLines).toMatchObject({ id: 'EX-Q1', propertyId: 'EX-P1' });
    expect(quoteLines?.dataset === 'qline' && quoteLines.lines.map((l) => l.option ?? (l.optional ? 'optional' : 'always'))).toEqual(['always', 'always', 'Good', 'Better', 'Best', 'optional']);
    expect(stored().find((r) => r.dataset === 'wo')).toMatchObject({ id: 'EX-WO1', assetId: 'EX-A1', windowStart: '2026-03-14T13:00:00.000Z' });
  });
});
