/** A small fixed dataset whose figures are worked out by hand in the tests (now: 15 March 2026, noon UTC). */
import type { PropertyItem } from '../../../lambdas/shared/data/properties.js';
import type { AssetRow, InvoiceRow, QuoteRow, ReportRow, WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';

export const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);

export const properties: PropertyItem[] = [
  { id: 'P1', customerId: 'A', name: 'North Tower', propertyType: 'Office' },
  { id: 'P2', customerId: 'A', name: 'South Annex', propertyType: 'Office' },
];

const wo = (id: string, propertyId: string, kind: WorkOrderRow['kind'], status: WorkOrderRow['status'], priority: WorkOrderRow['priority'], createdAt: string, amount: number, more: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo',
  id,
  propertyId,
  kind,
  status,
  priority,
  createdAt,
  description: `job ${id}`,
  technician: 'Ann',
  amount,
  ...more,
});

export const workOrders: WorkOrderRow[] = [
  wo('W1', 'P1', 'service', 'Open', 'High', '2026-03-10', 100, { description: 'Leak, roof' }),
  wo('W2', 'P1', 'maintenance', 'Completed', 'Low', '2026-01-05', 250.5, { scheduledAt: '2026-01-20', completedAt: '2026-01-15T00:00:00Z' }),
  wo('W3', 'P2', 'capital', 'In Progress', 'Medium', '2025-12-01', 50000),
  wo('W4', 'P2', 'service', 'Completed', 'Emergency', '2025-02-01', 300, { completedAt: '2025-02-03' }),
  wo('W5', 'P1', 'service', 'Completed', 'High', '2026-02-01T00:00:00Z', 0.1, { completedAt: '2026-02-03T12:00:00Z', technician: '=SUM(A1)' }),
  wo('W6', 'P2', 'maintenance', 'Completed', 'Low', '2025-11-01', 0.2, { scheduledAt: '2025-11-10', completedAt: '2025-11-12' }),
];

export const quotes: QuoteRow[] = [
  { dataset: 'quote', id: 'Q1', propertyId: 'P1', title: 'New chiller', status: 'Sent', amount: 1200, createdAt: '2026-03-01' },
  { dataset: 'quote', id: 'Q2', propertyId: 'P2', title: 'Pumps', status: 'Approved', amount: 800, createdAt: '2026-01-10', decidedAt: '2026-01-20' },
  { dataset: 'quote', id: 'Q3', propertyId: 'P1', title: 'Filters', status: 'Declined', amount: 500, createdAt: '2025-06-01' },
  { dataset: 'quote', id: 'Q4', propertyId: 'P2', title: 'Valves', status: 'Draft', amount: 300, createdAt: '2026-03-05' },
];

export const invoices: InvoiceRow[] = [
  { dataset: 'invoice', id: 'I1', number: 'INV-1', propertyId: 'P1', workOrderId: 'W2', issuedAt: '2026-01-16', dueAt: '2026-02-15', amount: 250.5, balance: 250.5, status: 'Overdue', paymentUrl: 'https://pay.example.com/inv/1' },
  { dataset: 'invoice', id: 'I2', number: 'INV-2', propertyId: 'P2', issuedAt: '2025-02-05', dueAt: '2025-03-07', paidAt: '2025-03-20', amount: 300, balance: 0, status: 'Paid', paymentUrl: 'https://pay.example.com/inv/2' },
  { dataset: 'invoice', id: 'I3', number: 'INV-3', propertyId: 'P1', issuedAt: '2026-03-01', dueAt: '2026-03-31', amount: 100.1, balance: 100.1, status: 'Open' },
  { dataset: 'invoice', id: 'I4', number: 'INV-4', propertyId: 'P2', issuedAt: '2026-02-01', dueAt: '2026-03-01', amount: 999, balance: 0, status: 'Void' },
];

const asset = (id: string, propertyId: string, name: string, assetType: string, installedOn: string | undefined, condition: AssetRow['condition']): AssetRow => ({
  dataset: 'asset',
  id,
  propertyId,
  name,
  assetType,
  make: 'Carrier',
  model: 'X',
  serial: `S-${id}`,
  installedOn,
  condition,
});

export const assets: AssetRow[] = [
  asset('A1', 'P1', 'RTU-1', 'Rooftop Unit', '2010-06-01', 'Fair'),
  asset('A2', 'P2', 'Chiller-1', 'Chiller', '2020-03-15', 'Poor'),
  asset('A3', 'P1', 'AHU-1', 'Air Handler', undefined, 'Good'),
  asset('A4', 'P2', 'RTU-2', 'Rooftop Unit', '2011-03-16', 'Critical'),
];

export const input = (now = NOW) => ({
  wo: workOrders,
  quote: quotes,
  invoice: invoices,
  asset: assets,
  names: new Map(properties.map((p) => [p.id, p.name])),
  now,
});

/** A second customer's property and one row of each dataset on it: rows no view of customer A may show. */
export const betaProperty: PropertyItem = { id: 'B1', customerId: 'B', name: 'Beta One', propertyType: 'Retail' };
export const betaRows: ReportRow[] = [
  { dataset: 'wo', id: 'WB1', propertyId: 'B1', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-03-01', description: 'beta job', technician: 'Bo', amount: 10 },
  { dataset: 'wo', id: 'WB2', propertyId: 'B1', kind: 'maintenance', status: 'Open', priority: 'Low', createdAt: '2026-03-02', description: 'beta visit', technician: 'Bo', amount: 20 },
  { dataset: 'wo', id: 'WB3', propertyId: 'B1', kind: 'capital', status: 'Open', priority: 'Low', createdAt: '2026-03-03', description: 'beta project', technician: 'Bo', amount: 30 },
  { dataset: 'quote', id: 'QB1', propertyId: 'B1', title: 'beta quote', status: 'Sent', amount: 5, createdAt: '2026-03-01' },
  { dataset: 'invoice', id: 'IB1', number: 'INV-B1', propertyId: 'B1', issuedAt: '2026-03-01', dueAt: '2026-03-31', amount: 7, balance: 7, status: 'Open' },
  { dataset: 'asset', id: 'AB1', propertyId: 'B1', name: 'beta asset', assetType: 'Boiler', make: 'M', model: 'X', serial: 'S', installedOn: '2015-01-01', condition: 'Good' },
];
