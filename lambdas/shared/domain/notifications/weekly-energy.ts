/**
 * The weekly summary's energy line (issue 44, item 4): per property, the week's estimated kWh,
 * estimated cost (only where the property has a tariff) and the units flagged, from the same
 * per-unit computation as the Analytics cards (../insight/). Read once per run for every subscribed
 * property, as the summary's other figures: the properties' customers (one batch read), the
 * equipment of those with a telemetry mapping (one query each), then ONE device list through the
 * telemetry client, the week's days of those devices from the daily roll-up (one BatchGetItem round,
 * ../../data/unit-days.ts) and, only for days it does not hold, ONE batched period read of those
 * devices' readings. No equipment on them: no telemetry call at all.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getCustomers } from '../../data/customers.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import type { PropertyItem } from '../../data/properties.js';
import { batchGetTables } from '../../data/batch.js';
import { rolledDaysOf, unitDayKeys, unitDaysPartition } from '../../data/unit-days.js';
import { tableName } from '../../platform/env.js';
import { insightFromDays, periodPlan, readingsOfSamples, readMarginMs, type RolledDay, type UnitInsight } from '../insight/index.js';
import type { CallLimit, TelemetryClient, TelemetryDevice } from '../telemetry/client.js';

/** A property's estimates for the week: sums of its units' known figures (null when none is known). */
export interface WeekEnergy {
  units: number;
  kwh: number | null;
  /** null: the property has no tariff, or no unit's energy is known. */
  cost: number | null;
  /** The mean of its units' coverages (0–100). */
  coverage: number;
  /** The units flagged, by name, with why: 'short cycling', 'ΔT out of band'. */
  flagged: { name: string; why: string[] }[];
}

/** Why a unit is flagged, as the Energy and runtime summary flags it: short cycling; mean ΔT while cooling outside the band. */
export function flagsOf(u: Pick<UnitInsight, 'shortCycling' | 'deltaT'>): string[] {
  const why: string[] = [];
  if (u.shortCycling.value === true) why.push('short cycling');
  const mean = u.deltaT.meanF.value;
  if (mean !== null && (mean < u.deltaT.band.low || mean > u.deltaT.band.high)) why.push('ΔT out of band');
  return why;
}

/** The properties' estimates from their units' figures. */
export function energyOfUnits(units: readonly { propertyId: string; name: string; insight: UnitInsight }[]): Map<string, WeekEnergy> {
  const out = new Map<string, WeekEnergy & { coverageSum: number }>();
  for (const { propertyId, name, insight } of units) {
    let e = out.get(propertyId);
    if (!e) out.set(propertyId, (e = { units: 0, kwh: null, cost: null, coverage: 0, coverageSum: 0, flagged: [] }));
    e.units++;
    e.coverageSum += insight.coverage;
    if (insight.energyKwh.value !== null) e.kwh = (e.kwh ?? 0) + insight.energyKwh.value;
    if (insight.costEstimate.value !== null) e.cost = (e.cost ?? 0) + insight.costEstimate.value;
    const why = flagsOf(insight);
    if (why.length) e.flagged.push({ name, why });
  }
  return new Map(
    [...out].map(([id, { coverageSum, ...e }]) => [id, { ...e, coverage: coverageSum / e.units, flagged: e.flagged.sort((a, b) => a.name.localeCompare(b.name)) }]),
  );
}

/**
 * Each property's estimates over [fromMs, toMs); properties without monitored units are absent.
 * `telemetry` is asked for only when some property has equipment of a mapped customer.
 */
export async function weekEnergy(
  db: DynamoDBDocumentClient,
  telemetry: () => Promise<TelemetryClient>,
  properties: readonly PropertyItem[],
  fromMs: number,
  toMs: number,
  limit: CallLimit = {},
): Promise<Map<string, WeekEnergy>> {
  const byId = new Map(properties.map((p) => [p.id, p]));
  const customers = (await getCustomers(db, new Set(properties.map((p) => p.customerId)))).filter((c) => c.telemetryCustomerId);
  const rows = (await Promise.all(customers.map((c) => equipmentOfCustomer(db, c.id)))).flat().filter((r) => r.propertyId && byId.has(r.propertyId));
  if (rows.length === 0) return new Map();
  const client = await telemetry();
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const devices = (await client.listDevices(limit)).filter((d) => rowOf.has(d.equipment.id));
  if (devices.length === 0) return new Map();
  // The week's days from the roll-up (one BatchGetItem round); readings only for the days it does not hold.
  const period = { start: fromMs, end: toMs };
  const customerOf = new Map(rows.map((r) => [r.id, r.customerId]));
  const byCustomer = new Map<string, string[]>();
  for (const d of devices) {
    const c = customerOf.get(d.equipment.id)!;
    byCustomer.set(c, [...(byCustomer.get(c) ?? []), d.deviceId]);
  }
  const table = tableName('reportRows');
  const keys = [...byCustomer].flatMap(([c, ids]) => unitDayKeys(c, ids, fromMs, toMs));
  const found = await batchGetTables(db, { [table]: keys });
  // By customer: a device id is its customer's.
  const rolledOf = new Map<string, ReadonlyMap<string, RolledDay>>();
  for (const item of found[table]!) for (const [id, days] of rolledDaysOf([item])) rolledOf.set(`${String(item.propertyId)}\u0000${id}`, days);
  const rolled = (d: TelemetryDevice) => rolledOf.get(`${unitDaysPartition(customerOf.get(d.equipment.id)!)}\u0000${d.deviceId}`) ?? new Map<string, RolledDay>();
  const rawFrom = new Map(devices.map((d) => [d.deviceId, periodPlan(period, rolled(d)).rawFrom]));
  const raw = devices.filter((d) => rawFrom.get(d.deviceId)! < toMs).map((d) => d.deviceId);
  const from = Math.min(...raw.map((id) => rawFrom.get(id)!)) - readMarginMs();
  const samples = raw.length ? await client.periodSamples(raw, { start: new Date(from).toISOString(), stop: new Date(toMs + readMarginMs()).toISOString() }, limit) : {};
  const units = devices.flatMap((d) => {
    const got = samples[d.deviceId];
    // A unit the service could not answer for is in no figure (as in the summary's "unavailable").
    if (rawFrom.get(d.deviceId)! < toMs && (!got || got.error)) return [];
    const row = rowOf.get(d.equipment.id)!;
    const property = byId.get(row.propertyId!)!;
    const insight = insightFromDays(rolled(d), readingsOfSamples(got?.samples ?? []), period, {
      electrical: { voltage: row.voltage, phase: row.phase, powerFactor: row.powerFactor },
      tariffPerKwh: property.tariffPerKwh ?? null,
    });
    return [{ propertyId: property.id, name: row.name, insight }];
  });
  return energyOfUnits(units);
}
