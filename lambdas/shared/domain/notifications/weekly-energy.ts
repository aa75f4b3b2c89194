/**
 * The weekly summary's energy line (issue 44, item 4): per property, the week's estimated kWh,
 * estimated cost (only where the property has a tariff) and the units flagged, from the same
 * per-unit computation as the Analytics cards (../insight/). Read once per run for every subscribed
 * property, as the summary's other figures: the properties' customers (one batch read), the
 * equipment of those with a telemetry mapping (one query each), then ONE device list and ONE
 * batched period read through the telemetry client, for the devices of those properties only. No
 * equipment on them: no telemetry call at all.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getCustomers } from '../../data/customers.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import type { PropertyItem } from '../../data/properties.js';
import { readingsOfSamples, unitInsight, type UnitInsight } from '../insight/index.js';
import type { CallLimit, TelemetryClient } from '../telemetry/client.js';

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
  const range = { start: new Date(fromMs).toISOString(), stop: new Date(toMs).toISOString() };
  const samples = await client.periodSamples(devices.map((d) => d.deviceId), range, limit);
  const units = devices.flatMap((d) => {
    const got = samples[d.deviceId];
    // A unit the service could not answer for is in no figure (as in the summary's "unavailable").
    if (!got || got.error) return [];
    const row = rowOf.get(d.equipment.id)!;
    const property = byId.get(row.propertyId!)!;
    const insight = unitInsight(readingsOfSamples(got.samples), { start: fromMs, end: toMs }, {
      electrical: { voltage: row.voltage, phase: row.phase, powerFactor: row.powerFactor },
      tariffPerKwh: property.tariffPerKwh ?? null,
    });
    return [{ propertyId: property.id, name: row.name, insight }];
  });
  return energyOfUnits(units);
}
