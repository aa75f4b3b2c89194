/**
 * The "Energy and runtime" summary (issue 44, items 2 and 4): the per-device estimates of the
 * insight route added up per property, the units flagged, and the drift ranking's rows. Pure: the
 * screen and its tests call it.
 *
 * A property's figure is the sum of its units' figures that are known (null when none is); its
 * coverage is the mean of its units' coverages, i.e. the share of unit-time its readings cover. Cost
 * is given only for a property with a tariff (its units' tariff, which is the property's). A unit is
 * flagged for short cycling as its panel flags it, and for ΔT when its mean ΔT while cooling is
 * outside the band. A unit whose estimates the service could not give is listed as unavailable.
 */
import { INSIGHT_MAX_DAYS, type DeviceInsight } from '../../../lambdas/shared/contract/answers/telemetry-insight';
import type { Period } from '../../../lambdas/shared/contract/period';
import { periodDays, periodFromSearch, type Preset } from '../reports/period';
import type { DriftRow } from '../../../lambdas/shared/contract/drift-ranking';

/** A summed figure and the mean coverage (0–100) of the units it adds up. */
export interface Total {
  value: number | null;
  coverage: number;
}

export interface FlaggedUnit {
  deviceId: string;
  name: string;
}

export interface PropertySummary {
  /** '' for the units on no property. */
  propertyId: string;
  propertyName: string;
  units: number;
  energyKwh: Total;
  /** null: the property has no tariff. */
  cost: Total | null;
  runtimeHours: Total;
  shortCycling: FlaggedUnit[];
  deltaTOutside: FlaggedUnit[];
}

export interface EnergySummary {
  properties: PropertySummary[];
  /** One drift row per unit with estimates (not ranked: rankByDrift ranks them). */
  driftRows: DriftRow[];
  /** The devices whose estimates the service could not give (in no figure). */
  unavailable: string[];
}

/** The name of the units on no property. */
export const NO_PROPERTY = 'No property';
/** The estimates' period of the cards, and the summary's when its address names none: the last 7 days, today included (UTC dates, as the reports' period). */
export const INSIGHT_DAYS = 7;

export function insightPeriod(now: Date, days = INSIGHT_DAYS): Period {
  const to = now.toISOString().slice(0, 10);
  return { from: new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10), to };
}

/** The summary's Period presets: the reports' control, with only the presets the insight route reads (at most INSIGHT_MAX_DAYS days). */
export const SUMMARY_PRESETS: readonly Preset[] = ['last-7-days', 'last-30-days'];

/**
 * The summary's period from its address (?from=&to=, the reports' rules): none is the last 7 days;
 * dates that are not a period, or one longer than the route reads, are `invalid` (dropped from the
 * address, the last 7 days shown).
 */
export function summaryPeriod(params: URLSearchParams, now: Date): { period: Period; invalid: boolean } {
  const { period, invalid } = periodFromSearch(params);
  if (period && periodDays(period) <= INSIGHT_MAX_DAYS) return { period, invalid: false };
  return { period: insightPeriod(now), invalid: invalid || period !== null };
}

type Figure = { value: number | null; coverage: number };

/** The sum of the known values (null when none is known) and the mean coverage of all. */
export function total(figures: readonly Figure[]): Total {
  const known = figures.filter((f) => f.value !== null);
  return {
    value: known.length ? known.reduce((sum, f) => sum + f.value!, 0) : null,
    coverage: figures.length ? figures.reduce((sum, f) => sum + f.coverage, 0) / figures.length : 0,
  };
}

const outsideBand = (d: DeviceInsight) => d.deltaT.meanF.value !== null && (d.deltaT.meanF.value < d.deltaT.band.low || d.deltaT.meanF.value > d.deltaT.band.high);

/** The summary of the devices' estimates (deviceId → estimates or { error }), properties by name. */
export function summarize(entries: Readonly<Record<string, DeviceInsight | { error: string }>>): EnergySummary {
  const groups = new Map<string, { name: string; units: [string, DeviceInsight][] }>();
  const unavailable: string[] = [];
  for (const [deviceId, entry] of Object.entries(entries)) {
    if ('error' in entry) {
      unavailable.push(deviceId);
      continue;
    }
    const key = entry.propertyId ?? '';
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { name: entry.propertyName ?? NO_PROPERTY, units: [] }));
    g.units.push([deviceId, entry]);
  }
  const properties: PropertySummary[] = [...groups].map(([propertyId, g]) => {
    const ds = g.units.map(([, d]) => d);
    const flagged = (test: (d: DeviceInsight) => boolean) => g.units.filter(([, d]) => test(d)).map(([deviceId, d]) => ({ deviceId, name: d.equipmentName }));
    return {
      propertyId,
      propertyName: g.name,
      units: g.units.length,
      energyKwh: total(ds.map((d) => d.energyKwh)),
      cost: ds.some((d) => d.tariffPerKwh !== null) ? total(ds.map((d) => d.costEstimate)) : null,
      runtimeHours: total(ds.map((d) => d.runtimeHours)),
      shortCycling: flagged((d) => d.shortCycling.value === true),
      deltaTOutside: flagged(outsideBand),
    };
  });
  properties.sort((a, b) => (a.propertyId === '' ? 1 : 0) - (b.propertyId === '' ? 1 : 0) || a.propertyName.localeCompare(b.propertyName) || a.propertyId.localeCompare(b.propertyId));
  const driftRows: DriftRow[] = Object.entries(entries).flatMap(([deviceId, d]) =>
    'error' in d
      ? []
      : [
          {
            unitId: deviceId,
            unitName: d.equipmentName,
            propertyId: d.propertyId ?? '',
            propertyName: d.propertyName ?? NO_PROPERTY,
            kwhPerRuntimeHour: d.drift?.kwhPerRuntimeHour.value ?? d.kwhPerRuntimeHour.value,
            baselineKwhPerRuntimeHour: d.drift?.baseline.kwhPerRuntimeHour.value ?? null,
            driftPct: d.drift?.driftPct ?? null,
            coverage: d.kwhPerRuntimeHour.coverage,
          },
        ],
  );
  return { properties, driftRows, unavailable: unavailable.sort() };
}
