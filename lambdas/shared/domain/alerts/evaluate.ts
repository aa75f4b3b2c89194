/**
 * One evaluation pass of one customer's equipment alerts: the customer's equipment rows, ONE
 * device list and ONE batched latest-samples call through the telemetry client (batches of 200
 * devices per query, not a request per device), the previous states and the properties' thresholds
 * (one Query), then each device's rules
 * stepped (./transitions.ts) and the changes written. When a property has a signal rule on
 * (./signals.ts), the devices with one on get ONE batched period read of the window those rules need
 * and, for drift, ONE batched baseline read (telemetry/baselines.ts); a rule turned off loses its
 * state without a mail. Answers what was raised and cleared, for
 * the notifications.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { alertKey, alertRowsOf, deleteIf, putPending, putRaised, type EquipmentAlertItem } from '../../data/equipment-alerts.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import type { CallLimit, TelemetryClient } from '../telemetry/client.js';
import { readingsOfSamples, type Reading } from '../insight/index.js';
import { baselineSamples } from '../telemetry/baselines.js';
import type { PeriodSamples } from '../telemetry/client.js';
import { check, equipmentKind, isOn, rulesFor, SIGNAL_RULES, type RuleId, type RuleSetting, type SampleFields } from './rules.js';
import { checkSignal, signalWindowMs, stepMinutes } from './signals.js';
import { step } from './transitions.js';

const isSignal = (rule: RuleId) => (SIGNAL_RULES as readonly RuleId[]).includes(rule);

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
  const rulesOf = new Map(
    devices.map((d) => {
      const row = byId.get(d.equipment.id)!;
      const kind = equipmentKind(row.equipmentType);
      return [d.deviceId, Object.entries(rulesFor(kind, row.propertyId ? states.thresholds.get(row.propertyId)?.rules[kind] : undefined)) as [RuleId, RuleSetting][]];
    }),
  );
  const windows = await signalReadings(telemetry, rulesOf, now, limit);

  for (const device of devices) {
    const row = byId.get(device.equipment.id)!;
    const sample = (samples as Record<string, SampleFields>)[device.deviceId] ?? { _time: null, error: 'no answer' };
    for (const [rule, setting] of rulesOf.get(device.deviceId)!) {
      const key = alertKey(device.deviceId, rule);
      const prev = previous.get(key);
      if (!isOn(setting)) {
        // Turned off: its state goes, nobody is told (the alert was not cleared by the equipment).
        if (prev) await deleteIf(db, customerId, key, prev.status);
        continue;
      }
      const signal = isSignal(rule);
      const w = windows.get(device.deviceId);
      const seen = signal
        ? w?.error
          ? { breached: undefined }
          : checkSignal(rule, setting, w?.readings ?? [], now, { baseline: w?.baseline, inputs: { electrical: { voltage: row.voltage, phase: row.phase, powerFactor: row.powerFactor } } })
        : check(rule, setting, sample, now);
      const t = step(prev, seen.breached, signal ? stepMinutes(rule, setting) : setting.forMinutes, now, seen.since);
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

interface SignalWindow {
  readings: Reading[];
  baseline?: Reading[];
  error?: string;
}

/**
 * The readings of the devices that have a signal rule on: one batched period read over the longest
 * window they need, and one batched baseline read for those with drift on. None: no read at all.
 */
async function signalReadings(telemetry: TelemetryClient, rulesOf: Map<string, [RuleId, RuleSetting][]>, now: number, limit: CallLimit): Promise<Map<string, SignalWindow>> {
  let longest = 0;
  const ids: string[] = [];
  const driftIds: string[] = [];
  for (const [id, rules] of rulesOf) {
    const on = rules.filter(([rule, setting]) => isSignal(rule) && isOn(setting));
    if (on.length === 0) continue;
    ids.push(id);
    if (on.some(([rule]) => rule === 'drift')) driftIds.push(id);
    for (const [rule, setting] of on) longest = Math.max(longest, signalWindowMs(rule, setting));
  }
  const out = new Map<string, SignalWindow>();
  if (ids.length === 0 || longest === 0) return out;
  const range = { start: new Date(now - longest).toISOString(), stop: new Date(now).toISOString() };
  const [period, baselines] = await Promise.all([
    telemetry.periodSamples(ids, range, limit),
    driftIds.length ? baselineSamples(telemetry, driftIds, now, limit) : Promise.resolve({} as Record<string, PeriodSamples>),
  ]);
  for (const id of ids) {
    const got = period[id];
    const base = baselines[id];
    out.set(id, {
      readings: readingsOfSamples(got?.samples ?? []),
      ...(base ? { baseline: readingsOfSamples(base.samples) } : {}),
      ...(got?.error ? { error: got.error } : {}),
    });
  }
  return out;
}
