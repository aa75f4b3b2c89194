/**
 * Whose asset a call opens, and the reads that find its history (issue 43, item 5). The scope is
 * the work orders' (../work-orders/read.ts viewedProperties): a customer their own assignments, an
 * administrator viewing as those of the customer viewed. An asset outside it answers as a missing one.
 *
 * Reads (three rounds, as a work order's): 1. the index items of the scope's properties' datasets;
 * 2. the asset rows of those properties, which say which one holds the asset; 3. at once: that
 * property's row with its work orders and quotes (report-rows, through the index), its customer's
 * telemetry equipment (equipment) and alert states (equipmentAlerts), and the property's documents
 * (documents, by property). A view-as adds the viewed user's row.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { assetMessages, type AssetHistoryReply } from '../../contract/assets.js';
import { documentsOfProperties } from '../../data/documents.js';
import { alertStatesOf } from '../../data/equipment-alerts.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import { propertiesAndRows, readIndex } from '../../data/report-reads.js';
import type { AssetRow, Dataset, QuoteRow, WorkOrderRow } from '../../data/report-rows.js';
import { settings } from '../../platform/env.js';
import { notFound } from '../../platform/http.js';
import type { Scope } from '../../platform/scope.js';
import { viewedProperties } from '../work-orders/read.js';
import { assetHistory } from './history.js';

const DATASETS: readonly Dataset[] = ['asset', 'wo', 'quote'];

/** The asset `id` of the viewed user's properties with its history, or 404. */
export async function readAssetHistory(db: DynamoDBDocumentClient, caller: Scope, email: string | undefined, id: string): Promise<AssetHistoryReply> {
  const scope = await viewedProperties(db, caller, email, assetMessages);
  const propertyIds = [...scope.keys()];
  if (propertyIds.length === 0) throw notFound(assetMessages.notFound(id));
  const index = await readIndex(db, propertyIds, DATASETS);
  const assets = await propertiesAndRows(db, propertyIds, ['asset'], index, {}, []);
  const asset = ((assets.rows.get('asset') ?? []) as AssetRow[]).filter((a) => a.id === id).sort((a, b) => (a.propertyId < b.propertyId ? -1 : 1))[0];
  if (!asset) throw notFound(assetMessages.notFound(id));
  const customerId = scope.get(asset.propertyId)!;
  const [{ properties, rows }, equipment, alerts, documents] = await Promise.all([
    propertiesAndRows(db, [asset.propertyId], ['wo', 'quote'], index),
    equipmentOfCustomer(db, customerId),
    alertStatesOf(db, customerId),
    documentsOfProperties(db, [asset.propertyId]),
  ]);
  const property = properties[0];
  if (!property) throw notFound(assetMessages.notFound(id));
  return assetHistory({
    asset,
    property: { name: property.name, timeZone: property.timeZone || settings.timeZone() },
    workOrders: (rows.get('wo') ?? []) as WorkOrderRow[],
    quotes: (rows.get('quote') ?? []) as QuoteRow[],
    equipment,
    alerts,
    documents,
  });
}
