/**
 * An asset's history as the customer opens it (issue 43, item 5): the asset, and one timeline of
 * what happened to it, newest first. Pure: ./read.ts reads the rows. What belongs to an asset
 * (docs/features/work-orders.md "Equipment history"):
 * - work orders: those of its property whose `assetId` is the asset (import column asset_id);
 * - quotes: those made for one of those work orders (import column work_order_id);
 * - alerts: the raised (active) alerts of its telemetry equipment, the equipment of the same
 *   property with the same name (as service requests merge units, ../requests/units.ts); a
 *   condition not yet raised (pending) is no alert, and a cleared one is not kept by the portal;
 * - documents: those of its property whose file name names it (its name or id as a whole part of
 *   the name: 'Service_Report_RTU-2.pdf' names RTU-2, not RTU-21); a property's other documents
 *   are not the asset's.
 */
import type { AssetDetail, AssetHistoryReply, HistoryEntry } from '../../contract/answers/assets.js';
import { ruleTitles } from '../../contract/answers/alerts.js';
import type { ListedDocument } from '../../data/documents.js';
import type { EquipmentAlertItem } from '../../data/equipment-alerts.js';
import type { EquipmentItem } from '../../data/equipment.js';
import type { AssetRow, QuoteRow, WorkOrderRow } from '../../data/report-rows.js';
import { fileNameOf } from '../documents/files.js';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The telemetry equipment that is this asset: of its property, with its name. */
export const monitoredAs = (asset: Pick<AssetRow, 'name' | 'propertyId'>, equipment: readonly EquipmentItem[]) =>
  equipment.filter((e) => e.propertyId === asset.propertyId && sameName(e.name, asset.name)).sort((a, b) => a.id.localeCompare(b.id))[0];

/**
 * The asset each telemetry equipment row is (issue 43: the Analytics card's History), the other way
 * round from monitoredAs: equipment id → the id of the asset whose monitoredAs it is, so the
 * history a card opens links back to that card's unit. Of two assets of one property with the same
 * name, the one with the lower id. Equipment on no property, or with no asset of its name, has none.
 */
export function assetsOfEquipment(assets: readonly Pick<AssetRow, 'id' | 'name' | 'propertyId'>[], equipment: readonly EquipmentItem[]): Map<string, string> {
  const unit = (propertyId: string, name: string) => `${propertyId}\u0000${name.trim().toLowerCase()}`;
  // monitoredAs's choice, once per unit: of a property's equipment of one name, the lowest id.
  const equipmentOf = new Map<string, string>();
  for (const e of equipment) {
    if (!e.propertyId) continue;
    const k = unit(e.propertyId, e.name);
    const held = equipmentOf.get(k);
    if (held === undefined || e.id.localeCompare(held) < 0) equipmentOf.set(k, e.id);
  }
  const out = new Map<string, string>();
  for (const a of [...assets].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))) {
    const e = equipmentOf.get(unit(a.propertyId, a.name));
    if (e !== undefined && !out.has(e)) out.set(e, a.id);
  }
  return out;
}

/** A name in parts: lower case, cut at everything but letters, digits and hyphens ('Service_Report RTU-2' → 'service_report_rtu-2'). */
const parts = (s: string) => s.toLowerCase().replace(/[^a-z0-9-]+/g, '_').replace(/^_+|_+$/g, '');

/** Whether a document's file name (without its extension) names the asset: its name or its id, as whole parts. */
export function namesAsset(key: string, asset: Pick<AssetRow, 'id' | 'name'>): boolean {
  const file = `_${parts(fileNameOf(key).replace(/\.[A-Za-z0-9]{1,8}$/, ''))}_`;
  return [asset.name, asset.id].map(parts).some((n) => n !== '' && file.includes(`_${n}_`));
}

/** When a work order last moved: completed, else scheduled (its window), else requested. */
const workOrderDate = (w: WorkOrderRow) => (w.status !== 'Cancelled' && w.completedAt) || w.windowStart || w.scheduledAt || w.createdAt;

export interface AssetRows {
  asset: AssetRow;
  property: { name: string; timeZone: string };
  workOrders: readonly WorkOrderRow[];
  quotes: readonly QuoteRow[];
  equipment: readonly EquipmentItem[];
  alerts: readonly EquipmentAlertItem[];
  documents: readonly ListedDocument[];
}

/** Newest first; equal dates by kind (work orders first), then id. */
const newestFirst = (a: HistoryEntry, b: HistoryEntry) => b.date.localeCompare(a.date) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id);

export function assetHistory({ asset: a, property, workOrders, quotes, equipment, alerts, documents }: AssetRows): AssetHistoryReply {
  const monitored = monitoredAs(a, equipment);
  const own = workOrders.filter((w) => w.assetId === a.id && w.propertyId === a.propertyId);
  const ownIds = new Set(own.map((w) => w.id));
  const entry = (e: Omit<HistoryEntry, 'amount' | 'workOrderId' | 'detail'> & Partial<HistoryEntry>): HistoryEntry => ({ amount: null, workOrderId: null, detail: '', ...e });
  const timeline: HistoryEntry[] = [
    ...own.map((w) => entry({ kind: 'work-order', id: w.id, date: workOrderDate(w), title: w.description ?? '', status: w.status, amount: w.amount ?? 0, detail: w.technician ?? '' })),
    ...quotes
      .filter((q) => q.propertyId === a.propertyId && q.workOrderId && ownIds.has(q.workOrderId))
      .map((q) => entry({ kind: 'quote', id: q.id, date: q.decidedAt ?? q.createdAt, title: q.title ?? '', status: q.status, amount: q.amount, workOrderId: q.workOrderId! })),
    ...(monitored
      ? alerts
          .filter((s) => s.status === 'active' && s.raisedAt && s.equipmentId === monitored.id)
          .map((s) => entry({ kind: 'alert', id: `${s.deviceId}#${s.rule}`, date: s.raisedAt!, title: ruleTitles[s.rule] ?? s.rule, status: 'Active', detail: s.detail }))
      : []),
    ...documents
      .filter((d) => d.propertyId === a.propertyId && namesAsset(d.key, a))
      .map((d) => entry({ kind: 'document', id: d.key, date: d.uploadedAt, title: fileNameOf(d.key), status: '' })),
  ].sort(newestFirst);
  const asset: AssetDetail = {
    id: a.id,
    name: a.name,
    assetType: a.assetType ?? '',
    make: a.make ?? '',
    model: a.model ?? '',
    serial: a.serial ?? '',
    installedOn: a.installedOn ?? null,
    condition: a.condition,
    propertyId: a.propertyId,
    propertyName: property.name,
    timeZone: property.timeZone,
    equipmentId: monitored?.id ?? null,
  };
  return { asset, timeline };
}
