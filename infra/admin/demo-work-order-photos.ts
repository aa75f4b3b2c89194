/**
 * Issue 43: a demo work order with before and after photos and a signed service report, for each
 * demo customer with a sign-in (Northwind, Harborview, Lakeside): at the customer's first property,
 * its most recently completed work order with the technician's notes and lines
 * (./demo-work-orders.ts). The photos are small PNGs drawn here (a unit with a dirty coil before,
 * clean after), stored under `work-orders/<property>/<work order>/` as the import stores them; the
 * report is the property's document `Service_Report_<work order id>.pdf` (./demo-documents.ts).
 */
import { deflateSync } from 'node:zlib';
import type { LinesRow, NotesRow, PhotosRow, ReportRow, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { keySegment, propertyPhotoPrefix } from '../../lambdas/shared/domain/work-orders/photos.js';
import { demoCustomers } from './demo-data.js';

/** The demo customers a demo sign-in sees (README's table): each gets one work order with photos and a report. */
export const PHOTO_CUSTOMERS = ['CUST-1001', 'CUST-1002', 'CUST-1003'] as const;

/** The work order of each of those customers that has photos and a report. */
export function demoPhotoWorkOrders(rows: readonly ReportRow[]): WorkOrderRow[] {
  const detailed = new Set(rows.filter((r): r is NotesRow | LinesRow => r.dataset === 'note' || r.dataset === 'line').map((r) => `${r.propertyId}\u0000${r.dataset}\u0000${r.id}`));
  const has = (w: WorkOrderRow, d: string) => detailed.has(`${w.propertyId}\u0000${d}\u0000${w.id}`);
  return PHOTO_CUSTOMERS.flatMap((c) => {
    const property = demoCustomers.find((x) => x.id === c)?.properties[0];
    const w = rows
      .filter((r): r is WorkOrderRow => r.dataset === 'wo' && r.propertyId === property?.id && r.status === 'Completed' && has(r, 'note') && has(r, 'line'))
      .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '') || a.id.localeCompare(b.id))[0];
    return w ? [w] : [];
  });
}

// ---- a small PNG ------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of `width` × `height` whose pixel (x, y) is `pixel(x, y)`. */
export function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A rooftop unit on a roof: its coil fins dirty and rusty before, clean after. */
function unitPicture(stage: 'before' | 'after', seed: number): Buffer {
  const W = 160;
  const H = 120;
  return png(W, H, (x, y) => {
    if (y < 40) return [150 + (y >> 1), 190 + (y >> 2), 230]; // sky
    const inUnit = x >= 30 && x < 130 && y >= 45 && y < 105;
    if (!inUnit) return [110, 110, 115]; // roof membrane
    const fin = x >= 40 && x < 120 && y >= 55 && y < 95;
    if (!fin) return [205, 208, 212]; // cabinet
    const line = x % 4 === 0 ? 30 : 0;
    if (stage === 'after') return [170 - line, 175 - line, 180 - line];
    const dirt = ((x * 7 + y * 13 + seed) % 11) < 5;
    return dirt ? [120 - line, 80 - line, 40] : [140 - line, 120 - line, 90 - line];
  });
}

/** The photos of a demo work order: one before, one after, with captions naming the unit. */
function photosOf(w: WorkOrderRow, unit: string): { row: PhotosRow['photos']; bodies: Buffer[] } {
  const base = `${propertyPhotoPrefix(w.propertyId)}${keySegment(w.id)}/`;
  const seed = [...w.id].reduce((n, c) => n + c.charCodeAt(0), 0);
  const stages = ['before', 'after'] as const;
  return {
    row: stages.map((stage) => ({
      stage,
      key: `${base}${stage}-1-${keySegment(unit)}.png`,
      fileName: `${stage}-1-${keySegment(unit)}.png`,
      caption: stage === 'before' ? `${unit} as found: ${w.description.charAt(0).toLowerCase()}${w.description.slice(1)}` : `${unit} after the work, back in service`,
    })),
    bodies: stages.map((stage) => unitPicture(stage, seed)),
  };
}

/** The demo photo rows (dataset `photo`) and their objects, for the rows `demoReportRows` makes. */
export function demoWorkOrderPhotos(rows: readonly ReportRow[]): { rows: PhotosRow[]; objects: { key: string; body: Buffer }[] } {
  const assets = new Map(rows.filter((r) => r.dataset === 'asset').map((a) => [`${a.propertyId}\u0000${a.id}`, a]));
  const out: { rows: PhotosRow[]; objects: { key: string; body: Buffer }[] } = { rows: [], objects: [] };
  for (const w of demoPhotoWorkOrders(rows)) {
    const asset = w.assetId ? assets.get(`${w.propertyId}\u0000${w.assetId}`) : undefined;
    const unit = asset && asset.dataset === 'asset' ? asset.name : 'Unit';
    const { row, bodies } = photosOf(w, unit);
    out.rows.push({ dataset: 'photo', id: w.id, propertyId: w.propertyId, photos: row });
    row.forEach((p, i) => out.objects.push({ key: p.key, body: bodies[i]! }));
  }
  return out;
}
