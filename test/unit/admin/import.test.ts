import path from 'node:path';
import { importFiles, planImport } from '../../../infra/admin/import.js';
import { unpackItem, type ReportRowsItem } from '../../../lambdas/shared/data/report-rows.js';
import { fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';
import { csvFiles, importFailure } from './support/import-files.js';

const file = csvFiles('admin-import-');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const db = fakeAws();
beforeAll(() => setEnv());
beforeEach(() => db.clear());

const failure = importFailure;

describe('admin import: a bad file writes nothing', () => {
  it('names the file, line and column of a row that refers to an unknown customer, and writes no file', async () => {
    const customers = file('id,name\nK-9,Initech\n');
    const properties = file('id,customer_id,name,property_type\nKP-9,K-9,Initech Tower,Office\nKP-10,K-404,Lost,Office\n');
    expect(await failure({ customers, properties })).toBe(`${properties}:3:2: customer_id: unknown customer "K-404"`);
    expect(db.writes()).toBe(0);
  });

  it('checks a later file fully before the first write of an earlier one', async () => {
    const customers = file('id,name\nK-1,Acme\n');
    const assets = file('id,property_id,name,installed_on\nA-1,KP-404,RTU,2014-06-30\n');
    expect(await failure({ customers, assets })).toBe(`${assets}:2:2: property_id: unknown property "KP-404"`);
    expect(db.writes()).toBe(0);
  });

  it('rejects a missing required value, an unknown column, a bad header, broken CSV and a missing file with positions', async () => {
    const empty = file('id,name\nK-5,\n');
    expect(await failure({ customers: empty })).toBe(`${empty}:2:2: name is required`);
    const extra = file('id,name,colour\nK-6,x,red\n');
    expect(await failure({ customers: extra })).toBe(`${extra}:1:3: unknown column "colour" (expected id,name)`);
    const header = file('identifier,name\nK-7,x\n');
    expect(await failure({ customers: header })).toBe(`${header}:1:1: the header row must name the columns id,name (missing: id)`);
    const ragged = file('id,name\nK-8,x,y\n');
    expect(await failure({ customers: ragged })).toMatch(new RegExp(`^${escape(ragged)}:2:`));
    expect(await failure({ customers: path.join(path.dirname(file('')), 'missing.csv') })).toMatch(/missing\.csv: cannot read the file \(ENOENT\)$/);
    expect(db.writes()).toBe(0);
  });

  it('rejects bad values of the report datasets with the rule', async () => {
    db.put('properties', { id: 'P-1', customerId: 'C-1', name: 'Tower', propertyType: 'Office' });
    const wo = file('id,property_id,kind,status,priority,created_at\nW-1,P-1,service,Done,Low,2026-03-31\n');
    expect(await failure({ 'work-orders': wo })).toBe(`${wo}:2:4: status must be one of Open, In Progress, On Hold, Completed, Cancelled`);
    const quotes = file('id,property_id,status,amount,created_at\nQ-1,P-1,Sent,12.345,2026-03-31\n');
    expect(await failure({ quotes })).toBe(`${quotes}:2:4: amount must be an amount such as 1250.50`);
    const date = file('id,property_id,status,amount,created_at\nQ-1,P-1,Sent,12,2026-02-30T10:00\n');
    expect(await failure({ quotes: date })).toBe(`${date}:2:5: created_at is not a real date`);
    const invoice = file('id,number,property_id,work_order_id,issued_at,due_at,amount,balance,status\nI-1,N-1,P-1,W-404,2026-03-01,2026-03-31,10,10,Open\n');
    expect(await failure({ invoices: invoice })).toBe(`${invoice}:2:4: work_order_id: unknown work order "W-404" at property "P-1"`);
    // A payment page opens in the customer's browser: https only, no credentials in it.
    for (const url of ['http://pay.example.com/1', 'javascript:alert(1)', 'https://user:pw@pay.example.com/1', 'pay.example.com/1', '"data:text/html,x"']) {
      const bad = file(`id,number,property_id,issued_at,due_at,amount,balance,status,payment_url\nI-1,N-1,P-1,2026-03-01,2026-03-31,10,10,Open,${url}\n`);
      expect(await failure({ invoices: bad })).toBe(`${bad}:2:9: payment_url must be an https:// address such as https://pay.example.com/invoice/123`);
    }
    // Pay several's page (issue 43): https with {numbers}, where the chosen invoices' numbers go.
    for (const url of ['https://pay.example.com/pay', 'http://pay.example.com/pay?i={numbers}', 'https://user:pw@pay.example.com/{numbers}']) {
      const bad = file(`id,number,property_id,issued_at,due_at,amount,balance,status,pay_several_url\nI-1,N-1,P-1,2026-03-01,2026-03-31,10,10,Open,${url}\n`);
      expect(await failure({ invoices: bad })).toBe(`${bad}:2:9: pay_several_url must be an https:// address with {numbers} such as https://pay.example.com/pay?invoices={numbers}`);
    }
    expect(db.writes()).toBe(0);
  });

  it("rejects a work order's arrival window that is half given, ends before it starts or has no time of day", async () => {
    db.put('properties', { id: 'P-1', customerId: 'C-1', name: 'Tower', propertyType: 'Office' });
    const head = 'id,property_id,kind,status,priority,created_at,scheduled_at,window_start,window_end\n';
    const cases: [string, string][] = [
      ['W-1,P-1,maintenance,Open,Low,2026-03-01,2026-03-31,2026-03-31T08:00:00Z,', '2:9: window_end is required when window_start is given (both or neither)'],
      ['W-1,P-1,maintenance,Open,Low,2026-03-01,2026-03-31,,2026-03-31T10:00:00Z', '2:8: window_start is required when window_end is given (both or neither)'],
      ['W-1,P-1,maintenance,Open,Low,2026-03-01,2026-03-31,2026-03-31T10:00:00Z,2026-03-31T08:00:00Z', '2:9: window_end must be after window_start'],
      ['W-1,P-1,maintenance,Open,Low,2026-03-01,2026-03-31,2026-03-31T10:00:00Z,2026-03-31T10:00:00Z', '2:9: window_end must be after window_start'],
      ['W-1,P-1,maintenance,Open,Low,2026-03-01,2026-03-31,2026-03-31,2026-04-01', '2:8: window_start must be a time such as 2026-03-31T08:00:00Z (a date and a time of day)'],
      ['W-1,P-1,maintenance,Open,Low,2026-03-01,2026-03-31,2026-02-30T08:00,2026-03-31T10:00', '2:8: window_start is not a real date'],
    ];
    for (const [line, where] of cases) {
      const wo = file(head + line + '\n');
      expect(await failure({ 'work-orders': wo })).toBe(`${wo}:${where}`);
    }
    expect(db.writes()).toBe(0);
  });

  it('reports the first bad row of a file, whether its value or its reference is wrong', async () => {
    const properties = file('id,customer_id,name\nP-1,C-404,Tower\nP-2,C-1,\n');
    expect(await failure({ properties })).toBe(`${properties}:2:2: customer_id: unknown customer "C-404"`);
    db.put('customers', { id: 'C-404', name: 'Acme' });
    expect(await failure({ properties })).toBe(`${properties}:3:3: name is required`);
  });

  it('refuses a kind it does not know', async () => {
    expect(await failure({ buildings: file('id\n1\n') })).toMatch(/^Unknown kind "buildings"/);
  });
});

describe('admin import: a good import', () => {
  it('writes every kind, refers to rows of earlier files, and updates rows whose id exists', async () => {
    db.put('customers', { id: 'K-1', name: 'Old name', telemetryCustomerId: 't-1', telemetryCustomerName: 'Acme T' });
    const counts = await importFiles({
      customers: file('name,id\n"Acme, Inc.",K-1\nGlobex,K-2\n'),
      properties: file('id,customer_id,name,property_type\nKP-1,K-1,Acme HQ,Office\nKP-2,K-2,Globex Plant,Factory\n'),
      equipment: file('id,customer_id,property_id,building_name,name,equipment_type,telemetry_data\nKE-1,K-1,KP-1,Acme HQ,RTU-1,Rooftop Unit,"{""tons"":5}"\nKE-2,K-2,,Yard,Pump,,\n'),
      'telemetry-mappings': file('customer_id,telemetry_customer_id,telemetry_customer_name\nK-2,t-2,Globex T\n'),
      'work-orders': file(
        'id,property_id,kind,status,priority,created_at,amount,scheduled_at,window_start,window_end\nW-1,KP-1,service,Completed,High,2026-03-31 14:05,120.50,,,\nW-2,KP-1,maintenance,Open,Low,2026-03-31,,2026-04-07,2026-04-07 08:00-0400,2026-04-07T11:00:00-04:00\n',
      ),
      invoices: file('id,number,property_id,work_order_id,issued_at,due_at,amount,balance,status,payment_url\nI-1,N-1,KP-1,W-1,2026-04-01T10:00:00+0200,2026-05-01,120.50,0,Paid,\nI-2,N-2,KP-1,,2026-04-02,2026-05-02,80,80,Open,https://pay.example.com/i/N-2?a=80\n'),
      assets: file('id,property_id,name,installed_on,condition\nA-1,KP-2,Boiler,2014-06-30,\n'),
    });
    expect(counts).toEqual({ customers: 2, properties: 2, equipment: 2, 'telemetry-mappings': 1, 'work-orders': 2, invoices: 2, assets: 1 });
    // A name import keeps the telemetry mapping it does not mention.
    expect(db.sorted('customers')).toEqual([
      { id: 'K-1', name: 'Acme, Inc.', telemetryCustomerId: 't-1', telemetryCustomerName: 'Acme T' },
      { id: 'K-2', name: 'Globex', telemetryCustomerId: 't-2', telemetryCustomerName: 'Globex T' },
    ]);
    expect(db.sorted('equipment')).toEqual([
      { customerId: 'K-1', id: 'KE-1', propertyId: 'KP-1', buildingName: 'Acme HQ', name: 'RTU-1', equipmentType: 'Rooftop Unit', telemetryData: '{"tons":5}' },
      { customerId: 'K-2', id: 'KE-2', buildingName: 'Yard', name: 'Pump', equipmentType: '', telemetryData: '{}' },
    ]);
    // Stored packed: one item per property, dataset and year.
    expect(db.sorted('report-rows').map((i) => i.sk).sort()).toEqual(['asset#-#1', 'index#asset', 'index#invoice', 'index#wo', 'invoice#2026#1', 'wo#2026#1']);
    const rows = db.sorted('report-rows').filter((i) => !String(i.sk).startsWith('index#')).flatMap((i) => unpackItem(i as ReportRowsItem));
    expect(rows.find((r) => r.id === 'W-1')).toMatchObject({ dataset: 'wo', propertyId: 'KP-1', createdAt: '2026-03-31T14:05:00.000Z', amount: 120.5, description: '' });
    expect(rows.find((r) => r.id === 'W-1')).not.toHaveProperty('windowStart');
    expect(rows.find((r) => r.id === 'W-2')).toMatchObject({ scheduledAt: '2026-04-07T00:00:00.000Z', windowStart: '2026-04-07T12:00:00.000Z', windowEnd: '2026-04-07T15:00:00.000Z' });
    expect(rows.find((r) => r.id === 'I-1')).toMatchObject({ workOrderId: 'W-1', issuedAt: '2026-04-01T08:00:00.000Z', dueAt: '2026-05-01T00:00:00.000Z', status: 'Paid' });
    expect(rows.find((r) => r.id === 'I-1')).not.toHaveProperty('paidAt');
    expect(rows.find((r) => r.id === 'I-1')).not.toHaveProperty('paymentUrl');
    expect(rows.find((r) => r.id === 'I-1')).not.toHaveProperty('paySeveralUrl');
    expect(rows.find((r) => r.id === 'I-2')).toMatchObject({ paymentUrl: 'https://pay.example.com/i/N-2?a=80', status: 'Open' });
    expect(rows.find((r) => r.id === 'A-1')).toMatchObject({ installedOn: '2014-06-30', condition: 'Good', assetType: '' });
    expect(db.sorted('audit')).toEqual([expect.objectContaining({ actorEmail: 'cli', action: 'catalogue.import', details: counts })]);
  });

  it('writes a repeated id once, the later row winning', async () => {
    const plan = await planImport({ customers: file('id,name\nK-1,First\nK-1,Second\n') });
    expect(plan.customers).toEqual([{ id: 'K-1', name: 'Second' }]);
    await importFiles({ customers: file('id,name\nK-1,First\nK-1,Second\n') });
    expect(db.sorted('customers')).toEqual([{ id: 'K-1', name: 'Second' }]);
  });

  it('writes thousands of rows in batches of 25', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `K-${i},Customer ${i}`);
    await importFiles({ customers: file(`id,name\n${lines.join('\n')}\n`) });
    expect(db.sorted('customers')).toHaveLength(1000);
  });
});

describe("admin import: a property's time zone and address", () => {
  it('stores a good zone (as the tz database spells it) and an address; without them the property has neither', async () => {
    db.put('customers', { id: 'K-1', name: 'Acme' });
    const properties = file(
      'id,customer_id,name,time_zone,address\nKP-1,K-1,Acme HQ,America/Chicago,"233 S Wacker Dr, Chicago, IL 60606"\nKP-2,K-1,Acme Depot,america/denver,\nKP-3,K-1,Acme Yard,,\n',
    );
    expect(await importFiles({ properties })).toEqual({ properties: 3 });
    expect(db.sorted('properties')).toEqual([
      { id: 'KP-1', customerId: 'K-1', name: 'Acme HQ', propertyType: '', timeZone: 'America/Chicago', address: '233 S Wacker Dr, Chicago, IL 60606' },
      { id: 'KP-2', customerId: 'K-1', name: 'Acme Depot', propertyType: '', timeZone: 'America/Denver' },
      { id: 'KP-3', customerId: 'K-1', name: 'Acme Yard', propertyType: '' },
    ]);
  });

  it('refuses a zone that is no IANA name, and an address of more than one line, naming the row; writes nothing', async () => {
    db.put('customers', { id: 'K-1', name: 'Acme' });
    const zone = file('id,customer_id,name,property_type,time_zone\nKP-1,K-1,Acme HQ,Office,America/Chicago\nKP-2,K-1,Acme Depot,Warehouse,Central Time\n');
    expect(await failure({ properties: zone })).toBe(`${zone}:3:5: time_zone must be an IANA time zone name such as America/Chicago or UTC`);
    const twoLines = file('id,customer_id,name,address\nKP-1,K-1,Acme HQ,"1 Main St\nSpringfield"\n');
    expect(await failure({ properties: twoLines })).toBe(`${twoLines}:2:4: address must be one line`);
    expect(db.writes()).toBe(0);
  });
});
