/**
 * One evaluation pass of one customer's equipment alerts: the customer's equipment rows, ONE
 * device list and ONE batched latest-samples call through the telemetry client (batches of 200
 * devices per query, not a request per device), the previous states and the properties' thresholds
 * (one Query), then each device's rules
 * stepped (./transitions.ts) and the changes written. When a property has a signal rule on
 * (./signals.ts), the devices with one on get ONE batched period read of the window those rules need
 * and, for drift, the baselines not stored yet (./drift-baselines.ts: from the daily roll-up where it
 * holds a unit's first 30 days, else ONE batched baseline read of their readings): a baseline whose 30 days are over is stored as one item per device in this table
 * and comes with the states' Query from then on; a rule turned off loses its state without a mail. Answers what was raised and cleared, for
 * the notifications.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { alertKey, alertRowsOf, deleteIf, putBaseline, putPending, putRaised, type BaselineItem, type EquipmentAlertItem } from '../../data/equipment-alerts.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import type { CallLimit, TelemetryClient } from '../telemetry/client.js';
import { readingsOfSamples, type Reading, type UnitInputs } from '../insight/index.js';
import { driftBaselines } from './drift-baselines.js';
import { check, equipmentKind, isOn, rulesFor, SIGNAL_RULES, type RuleId, type RuleSetting, type SampleFields } from './rules.js';
import { checkSignal, signalWindowMs, stepMinutes, type BaselineFigure } from './signals.js';
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
  const inputsOf = new Map(
    devices.map((d) => {
      const row = byId.get(d.equipment.id)!;
      return [d.deviceId, { electrical: { voltage: row.voltage, phase: row.phase, powerFactor: row.powerFactor } } satisfies UnitInputs];
    }),
  );
  const windows = await signalReadings(db, customerId, telemetry, rulesOf, { now, limit, stored: states.baselines, inputsOf });

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
          : checkSignal(rule, setting, w?.readings ?? [], now, { ...(w?.baseline ? { baselineFigure: w.baseline } : {}), inputs: inputsOf.get(device.deviceId) })
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
  baseline?: BaselineFigure;
  error?: string;
}

/** The electrical inputs a baseline was computed with, as stored beside it. */
const inputsKey = (inputs: UnitInputs | undefined) => {
  const e = inputs?.electrical ?? {};
  return `${e.voltage ?? ''}/${e.phase ?? ''}/${e.powerFactor ?? ''}`;
};
const storedFigure = (item: BaselineItem): BaselineFigure => ({
  start: Date.parse(item.start),
  end: Date.parse(item.end),
  kwhPerRuntimeHour: { value: item.kwhPerRuntimeHour, coverage: item.coverage },
});

interface SignalContext {
  now: number;
  limit: CallLimit;
  /** The baselines stored by earlier passes, by device. */
  stored: Map<string, BaselineItem>;
  inputsOf: Map<string, UnitInputs>;
}

/**
 * The readings of the devices that have a signal rule on: one batched period read over the longest
 * window they need, and the baselines of those with drift on whose baseline is not stored (or was
 * computed with other electrical inputs): from the roll-up or their readings (./drift-baselines.ts);
 * each baseline found complete (its 30 days over) is stored. None: no read at all.
 */
async function signalReadings(
  db: DynamoDBDocumentClient,
  customerId: string,
  telemetry: TelemetryClient,
  rulesOf: Map<string, [RuleId, RuleSetting][]>,
  { now, limit, stored, inputsOf }: SignalContext,
): Promise<Map<string, SignalWindow>> {
  let longest = 0;
  const ids: string[] = [];
  const driftIds: string[] = [];
  const known = new Map<string, BaselineFigure>();
  for (const [id, rules] of rulesOf) {
    const on = rules.filter(([rule, setting]) => isSignal(rule) && isOn(setting));
    if (on.length === 0) continue;
    ids.push(id);
    if (on.some(([rule]) => rule === 'drift')) {
      const item = stored.get(id);
      if (item && item.inputs === inputsKey(inputsOf.get(id))) known.set(id, storedFigure(item));
      else driftIds.push(id);
    }
    for (const [rule, setting] of on) longest = Math.max(longest, signalWindowMs(rule, setting));
  }
  const out = new Map<string, SignalWindow>();
  if (ids.length === 0 || longest === 0) return out;
  const range = { start: new Date(now - longest).toISOString(), stop: new Date(now).toISOString() };
  const [period, baselines] = await Promise.all([
    telemetry.periodSamples(ids, range, limit),
    driftIds.length ? driftBaselines(db, customerId, telemetry, driftIds, now, limit, inputsOf) : Promise.resolve(new Map<string, BaselineFigure>()),
  ]);
  const computedAt = new Date(now).toISOString();
  const complete: Promise<unknown>[] = [];
  for (const id of driftIds) {
    const found = baselines.get(id);
    if (!found) continue;
    const figure: BaselineFigure = { start: found.start, end: found.end, kwhPerRuntimeHour: found.kwhPerRuntimeHour };
    known.set(id, figure);
    // Its 30 days over: the figure cannot change any more; kept, so no later pass reads its window.
    if (figure.end <= now) {
      const { value, coverage } = figure.kwhPerRuntimeHour;
      const item = { customerId, deviceId: id, start: new Date(figure.start).toISOString(), end: new Date(figure.end).toISOString(), kwhPerRuntimeHour: value, coverage, inputs: inputsKey(inputsOf.get(id)), computedAt };
      complete.push(putBaseline(db, item));
    }
  }
  await Promise.all(complete);
  for (const id of ids) {
    const got = period[id];
    const base = known.get(id);
    out.set(id, {
      readings: readingsOfSamples(got?.samples ?? []),
      ...(base ? { baseline: base } : {}),
      ...(got?.error ? { error: got.error } : {}),
    });
  }
  return out;
}
