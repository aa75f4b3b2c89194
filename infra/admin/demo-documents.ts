/**
 * Demo documents: a few plausible files per property (service reports, certificates, drawings),
 * small generated PDFs and text files. Keys are derived from property and file name, so seeding
 * twice finds the same keys and adds nothing.
 *
 * Two of the demo quotes have their quote document (`Quote_<number>.pdf`), which Review links; at
 * each Northwind property, its newest owed invoice with lines has the provider's PDF
 * (`Invoice_<number>.pdf`), which the invoice screen shows (issue 43).
 *
 * One work order of each demo customer with a sign-in has its signed service report
 * (`Service_Report_<work order id>.pdf`, ./demo-work-order-photos.ts), which its screen shows.
 *
 * Lakeside's and Summit's libraries stay empty: the browser specs use them to show an empty library.
 */
import { createHash } from 'node:crypto';
import { newDocumentKey } from '../../lambdas/shared/domain/documents/files.js';
import { demoCustomers, demoEquipment } from './demo-data.js';
import type { InvoiceRow, LinesRow } from '../../lambdas/shared/data/report-rows.js';
import { demoDecisionQuotes, demoReportRows } from './demo-report-data.js';
import { demoPhotoWorkOrders } from './demo-work-order-photos.js';

/** The demo quotes whose quote document is in the library (named after the quote: docs/features/quotes.md "Quote decisions"). */
const QUOTES_WITH_DOCUMENTS = new Set(['QT-DEMO-0001', 'QT-DEMO-0003']);
/** The demo customer whose invoices of quoted work orders have their PDF (docs/features/work-orders.md "Invoices"). */
const INVOICE_PDF_CUSTOMER = 'CUST-1001';

/**
 * At each of that customer's properties, its newest owed invoice with a payment page that bills a
 * work order with parts and labour lines (./demo-work-orders.ts), with those lines: the invoice
 * screen then shows lines, Pay and the PDF together.
 */
export function demoInvoicesWithPdf(now: number): { invoice: InvoiceRow; lines: LinesRow }[] {
  const rows = demoReportRows(now);
  const lines = rows.filter((r): r is LinesRow => r.dataset === 'line');
  const out: { invoice: InvoiceRow; lines: LinesRow }[] = [];
  for (const p of demoCustomers.find((c) => c.id === INVOICE_PDF_CUSTOMER)!.properties) {
    const found = rows
      .filter((r): r is InvoiceRow => r.dataset === 'invoice' && r.propertyId === p.id && r.balance > 0 && r.status !== 'Void' && !!r.paymentUrl)
      .map((invoice) => ({ invoice, lines: lines.find((l) => l.propertyId === p.id && l.id === invoice.workOrderId) }))
      .filter((x): x is { invoice: InvoiceRow; lines: LinesRow } => !!x.lines)
      .sort((a, b) => b.invoice.issuedAt.localeCompare(a.invoice.issuedAt))[0];
    if (found) out.push(found);
  }
  return out;
}

export interface DemoDocument {
  key: string;
  propertyId: string;
  fileName: string;
  /** Days before the seeding day it was uploaded. */
  daysAgo: number;
  body: Buffer;
}

/** A UUID-shaped id from the text: the same property and file always get the same key. */
function stableId(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** A one-page PDF (Helvetica, A4) with the given lines: small, and opens in any viewer. */
export function simplePdf(title: string, lines: string[]): Buffer {
  const text = [`BT /F1 16 Tf 56 780 Td (${pdfText(title)}) Tj ET`, ...lines.map((l, i) => `BT /F1 11 Tf 56 ${750 - i * 18} Td (${pdfText(l)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const slug = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_|_$/g, '');
const day = (now: number, daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The demo documents for the seeding day `now` (dates in the files are relative to it). */
export function demoDocuments(now: number): DemoDocument[] {
  const docs: DemoDocument[] = [];
  const add = (propertyId: string, fileName: string, daysAgo: number, body: Buffer) =>
    docs.push({ key: newDocumentKey(fileName, stableId(`${propertyId}/${fileName}`)), propertyId, fileName, daysAgo, body });
  for (const c of demoCustomers) {
    for (const [i, p] of c.properties.entries()) {
      const units = demoEquipment.filter((e) => e.propertyId === p.id);
      const unit = units[0];
      const visit = 12 + i * 9;
      if (unit) {
        add(
          p.id,
          `Service_Report_${slug(unit.name)}.pdf`,
          visit,
          simplePdf(`Service report: ${unit.name} (${unit.equipmentType})`, [
            `Property: ${p.name}`,
            `Visit date: ${day(now, visit)}`,
            'Work performed: inspected coils, belts and filters; checked refrigerant pressures and',
            'amperage on all legs; cleaned condensate drain; verified controls sequence.',
            'Findings: unit operating within manufacturer limits. No deficiencies found.',
            'Recommendations: replace filters at next quarterly visit.',
          ]),
        );
      }
      add(
        p.id,
        'Backflow_Test_Certificate.pdf',
        40 + i * 5,
        simplePdf('Backflow prevention assembly test certificate', [
          `Property: ${p.name}`,
          `Test date: ${day(now, 40 + i * 5)}`,
          'Assembly type: reduced pressure zone (RPZ), 2 in.',
          'Result: PASSED. Check valve 1 held at 6.2 psid; relief valve opened at 3.1 psid.',
          'Certified tester: licence BPT-20417',
        ]),
      );
      add(
        p.id,
        `Mechanical_Drawings_${slug(p.name)}.pdf`,
        300 + i * 20,
        simplePdf(`Mechanical drawings index: ${p.name}`, [
          'M-001  Mechanical legend and general notes',
          'M-101  Ground floor HVAC plan',
          'M-201  Roof plan: equipment and curbs',
          'M-501  Details and schedules',
          ...units.map((u) => `Schedule: ${u.name}, ${u.equipmentType}`),
        ]),
      );
      if (units.length)
        add(
        p.id,
        'Equipment_List.csv',
        60 + i * 3,
        Buffer.from(['Equipment,Type,Building', ...units.map((u) => `${u.name},${u.equipmentType},${u.buildingName}`)].join('\n') + '\n'),
      );
    }
  }
  for (const q of demoDecisionQuotes(now).filter((x) => QUOTES_WITH_DOCUMENTS.has(x.id))) {
    add(
      q.propertyId,
      `Quote_${q.id}.pdf`,
      Math.round((now - Date.parse(q.createdAt)) / 86_400_000),
      simplePdf(`Quote ${q.id}: ${q.title}`, [
        `Property: ${demoCustomers.flatMap((c) => c.properties).find((p) => p.id === q.propertyId)?.name ?? q.propertyId}`,
        `Amount: $${q.amount.toLocaleString('en-US')}, valid until ${q.expiresAt}`,
        'Scope: labour, parts and disposal as described; work during business hours.',
        'To approve, use Review on the portal\'s Quotes page.',
      ]),
    );
  }
  for (const { invoice: i, lines } of demoInvoicesWithPdf(now)) {
    add(
      i.propertyId,
      `Invoice_${i.number}.pdf`,
      Math.max(0, Math.round((now - Date.parse(i.issuedAt)) / 86_400_000)),
      simplePdf(`Invoice ${i.number}`, [
        `Property: ${demoCustomers.flatMap((c) => c.properties).find((p) => p.id === i.propertyId)?.name ?? i.propertyId}`,
        `Work order: ${i.workOrderId ?? ''}   Issued: ${i.issuedAt.slice(0, 10)}   Due: ${i.dueAt.slice(0, 10)}`,
        ...lines.lines.map((l) => `${l.description}: ${l.quantity} x $${l.unitPrice.toFixed(2)}`),
        `Amount: $${i.amount.toFixed(2)}   Balance: $${i.balance.toFixed(2)}   ${i.status}`,
      ]),
    );
  }
  const rows = demoReportRows(now);
  const assets = rows.filter((r) => r.dataset === 'asset');
  for (const w of demoPhotoWorkOrders(rows)) {
    const done = w.completedAt ?? w.createdAt;
    const unit = assets.find((a) => a.propertyId === w.propertyId && a.id === w.assetId);
    add(
      w.propertyId,
      `Service_Report_${w.id}.pdf`,
      // At least a day back: never after the seeding (a digest of new documents would count it).
      Math.max(1, Math.round((now - Date.parse(done)) / 86_400_000)),
      simplePdf(`Service report: work order ${w.id}`, [
        `Property: ${demoCustomers.flatMap((c) => c.properties).find((p) => p.id === w.propertyId)?.name ?? w.propertyId}`,
        `Equipment: ${unit && unit.dataset === 'asset' ? unit.name : 'not recorded'}   Technician: ${w.technician}`,
        `Completed: ${done.slice(0, 10)}`,
        `Work: ${w.description}`,
        'Photos before and after the work are on the work order in the portal.',
        'Customer signature: on file (signed on site)   Technician signature: on file',
      ]),
    );
  }
  return docs;
}
