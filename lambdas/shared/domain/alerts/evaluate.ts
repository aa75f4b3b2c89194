/**
 * One evaluation pass of one customer's equipment alerts: the customer's equipment rows, ONE
 * device list and ONE batched latest-samples call through the telemetry client (batches of 200
 * devices per query, not a request per device), the previous states and the properties' thresholds
 * (one Query), then each device's rules
 * stepped (./transitions.ts) and the changes written. Answers what was raised and cleared, for
 * the notifications.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { alertKey, alertRowsOf, deleteIf, putPending, putRaised, type EquipmentAlertItem } from '../../data/equipment-alerts.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import type { CallLimit, TelemetryClient } from '../telemetry/client.js';
import { check, equipmentKind, rulesFor, type RuleId, type RuleSetting, type SampleFields } from './rules.js';
import { step } from './transitions.js';

export interface PassResult {
  customerId: string;
  devices: number;
  raised: EquipmentAlertItem[];
  cleared: EquipmentAlertItem[];
}

export async function evaluateCustomer(db: DynamoDBDocumentClient, telemetry: TelemetryClient, customerId: string, now: number, limit: CallLimit = {}): Promise<PassResult> {
  const result: PassResult = { customerId, devices: 0, raised: [], cleared: [] };
  const rows = await equipmentOfCustomer(db, customerId);
  if (rows.length === 0) return result;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const devices = (await telemetry.listDevices(limit)).filter((d) => byId.has(d.equipment.id));
  result.devices = devices.length;
  const [samples, states] = await Promise.all([
    devices.length ? telemetry.latestSamples(devices.map((d) => d.deviceId), limit) : Promise.resolve({}),
    alertRowsOf(db, customerId),
  ]);
  const previous = new Map(states.states.map((s) => [s.key, s]));
  const at = new Date(now).toISOString();

  for (const device of devices) {
    const row = byId.get(device.equipment.id)!;
    const sample = (samples as Record<string, SampleFields>)[device.deviceId] ?? { _time: null, error: 'no answer' };
    for (const [rule, setting] of Object.entries(rulesFor(equipmentKind(row.equipmentType), row.propertyId ? states.thresholds.get(row.propertyId)?.rules[equipmentKind(row.equipmentType)] : undefined)) as [RuleId, RuleSetting][]) {
      const key = alertKey(device.deviceId, rule);
      const prev = previous.get(key);
      const seen = check(rule, setting, sample, now);
      const t = step(prev, seen.breached, setting.forMinutes, now, seen.since);
      const item = (): EquipmentAlertItem => ({
        customerId,
        key,
        deviceId: device.deviceId,
        rule,
        status: 'pending',
        since: prev?.since ?? at,
        detail: seen.detail ?? '',
        equipmentId: row.id,
        equipmentName: row.name,
        buildingName: row.buildingName,
        ...(row.propertyId ? { propertyId: row.propertyId } : {}),
        updatedAt: at,
      });
      if (t.kind === 'pending') await putPending(db, { ...item(), since: t.since });
      else if (t.kind === 'raise') {
        const raised = { ...item(), since: t.since, status: 'active' as const, raisedAt: at };
        if (await putRaised(db, raised)) result.raised.push(raised);
      } else if (t.kind === 'clear') {
        const gone = await deleteIf(db, customerId, key, 'active');
        if (gone) result.cleared.push({ ...gone, detail: seen.detail ?? gone.detail, updatedAt: at });
      } else if (t.kind === 'drop') await deleteIf(db, customerId, key, 'pending');
    }
  }
  return result;
}
