import { describe, expect, it } from '@jest/globals';
import type { DeviceInsight } from '../../../lambdas/shared/contract/answers/telemetry-insight';
import { driftCsv, rankByDrift } from '../../../lambdas/shared/contract/drift-ranking';
import { insightCallSize } from './api/get-insight';
import { insightPeriod, summarize, summaryPeriod, total } from './energy-summary';
import { insightText } from './insight-strings';

const fig = (value: number | null, coverage = 100) => ({ value, coverage });

/** A unit's estimates with the figures the summary reads; the rest as a unit that ran normally. */
function unit(o: { kwh: number | null; coverage?: number; runtime?: number; tariff?: number | null; property?: [string, string] | null; name?: string; shortCycling?: boolean; meanDeltaT?: number | null; drift?: number | null }): DeviceInsight {
  const coverage = o.coverage ?? 100;
  const tariff = o.tariff ?? null;
  const [propertyId, propertyName] = o.property === null ? [null, null] : (o.property ?? ['P1', 'North Tower']);
  return {
    equipmentId: `EQ-${o.name ?? 'RTU-1'}`,
    equipmentName: o.name ?? 'RTU-1',
    propertyId,
    propertyName,
    period: { start: '2026-11-23T00:00:00.000Z', end: '2026-11-30T00:00:00.000Z' },
    coverage,
    energyKwh: fig(o.kwh, coverage),
    costEstimate: fig(o.kwh === null || tariff === null ? null : o.kwh * tariff, coverage),
    kwhPerRuntimeHour: fig(10, coverage),
    runtimeHours: fig(o.runtime ?? 20, coverage),
    dutyCyclePct: fig(12, coverage),
    starts: fig(4, coverage),
    startsPerDay: fig(0.6, coverage),
    medianOnMinutes: fig(300, coverage),
    shortCycling: { value: o.shortCycling ?? false, coverage },
    thresholds: { maxStartsPerDay: 6, minMedianOnMinutes: 8 },
    deltaT: { meanF: fig(o.meanDeltaT === undefined ? 19 : o.meanDeltaT, coverage), hoursBelow: fig(0), hoursAbove: fig(0), hoursOutside: fig(0), outsidePct: fig(0), band: { low: 16, high: 22 } },
    electrical: { voltage: 460, phase: 3, powerFactor: 0.85, defaulted: [] },
    tariffPerKwh: tariff,
    drift: { kwhPerRuntimeHour: fig(10, coverage), baseline: { period: null, kwhPerRuntimeHour: fig(o.drift === null ? null : 10 / (1 + (o.drift ?? 0) / 100)) }, driftPct: o.drift === undefined ? 0 : o.drift },
  };
}

describe('the energy and runtime summary per property', () => {
  it("adds up two units' known kWh, cost at the property's tariff and runtime, with the mean of their coverages", () => {
    // 135.4 kWh is 20 A on 460 V three-phase at PF 0.85 for 10 h (docs/energy-estimates.md); 64.6 kWh more.
    const { properties } = summarize({ A: unit({ kwh: 135.4, tariff: 0.2, runtime: 10 }), B: unit({ kwh: 64.6, tariff: 0.2, runtime: 5, coverage: 50 }) });
    expect(properties).toHaveLength(1);
    const p = properties[0]!;
    expect([p.propertyId, p.propertyName, p.units]).toEqual(['P1', 'North Tower', 2]);
    expect(p.energyKwh.value).toBeCloseTo(200, 9);
    expect(p.energyKwh.coverage).toBe(75);
    expect(p.cost!.value).toBeCloseTo(40, 9);
    expect(p.runtimeHours).toEqual({ value: 15, coverage: 75 });
  });

  it('shows no cost for a property without a tariff, and no figure where no unit has one', () => {
    const { properties } = summarize({ A: unit({ kwh: 10, property: ['P2', 'South'] }), B: unit({ kwh: 5, tariff: 0.1 }) });
    const south = properties.find((p) => p.propertyId === 'P2')!;
    expect(south.energyKwh.value).toBe(10);
    expect(south.cost).toBeNull();
    expect(properties.find((p) => p.propertyId === 'P1')!.cost!.value).toBeCloseTo(0.5, 9);
    expect(total([fig(null, 0), fig(null, 0)])).toEqual({ value: null, coverage: 0 });
    expect(total([])).toEqual({ value: null, coverage: 0 });
  });

  it('flags short-cycling units and units whose mean ΔT is outside the band; lists units without estimates apart', () => {
    const { properties, unavailable } = summarize({
      C: unit({ kwh: 1, name: 'CRAC-1', shortCycling: true }),
      L: unit({ kwh: 1, name: 'RTU-2', meanDeltaT: 12 }),
      N: unit({ kwh: 1, name: 'RTU-1', meanDeltaT: 16 }),
      Q: unit({ kwh: 1, name: 'RTU-3', meanDeltaT: null }),
      X: { error: 'The telemetry service did not answer in time.' },
    });
    expect(properties[0]!.shortCycling).toEqual([{ deviceId: 'C', name: 'CRAC-1' }]);
    expect(properties[0]!.deltaTOutside).toEqual([{ deviceId: 'L', name: 'RTU-2' }]);
    expect(properties[0]!.units).toBe(4);
    expect(unavailable).toEqual(['X']);
  });

  it('orders properties by name, the units on no property last', () => {
    const { properties } = summarize({ A: unit({ kwh: 1, property: null }), B: unit({ kwh: 1, property: ['P9', 'Annex'] }), C: unit({ kwh: 1 }) });
    expect(properties.map((p) => p.propertyName)).toEqual(['Annex', 'North Tower', 'No property']);
    expect(properties[2]!.propertyId).toBe('');
  });

  it("gives drift rows the ranking orders, and the CSV of the ranking as it is shown", () => {
    const { driftRows } = summarize({ D: unit({ kwh: 1, name: 'RTU-2', drift: 20 }), N: unit({ kwh: 1, name: 'RTU-1', drift: 1 }), Z: unit({ kwh: 1, name: 'AHU', drift: null }) });
    const ranked = rankByDrift(driftRows);
    expect(ranked.map((r) => r.unitId)).toEqual(['D', 'N', 'Z']);
    expect(ranked[0]!.driftPct).toBe(20);
    expect(driftCsv(ranked).split('\r\n')[1]).toBe('North Tower,RTU-2,D,10,8.33,20,100');
  });

  it('writes drift signed to one decimal, with no negative zero', () => {
    expect([20, 0.04, -0.04, -3.26, null].map(insightText.driftValue)).toEqual(['+20.0%', '0.0%', '0.0%', '-3.3%', '—']);
  });

  it('takes the last 7 days, today included', () => {
    expect(insightPeriod(new Date('2026-11-29T18:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('asks a longer period with a baseline in smaller calls: about 5 devices × 7 days of readings a call', () => {
    const days = (n: number) => ({ from: '2026-10-01', to: new Date(Date.parse('2026-10-01') + (n - 1) * 86_400_000).toISOString().slice(0, 10) });
    expect([1, 7, 8, 14, 17, 18, 30, 31].map((n) => insightCallSize(days(n), true))).toEqual([5, 5, 4, 2, 2, 1, 1, 1]);
    expect(insightCallSize(days(7), false)).toBe(20);
  });

  it('reads the summary\'s period from its address: a period of at most 31 days, else the last 7 days and the dates dropped', () => {
    const now = new Date('2026-11-29T18:00:00Z');
    const read = (q: string) => summaryPeriod(new URLSearchParams(q), now);
    const week = { from: '2026-11-23', to: '2026-11-29' };
    expect(read('')).toEqual({ period: week, invalid: false });
    expect(read('from=2026-10-30&to=2026-11-29')).toEqual({ period: { from: '2026-10-30', to: '2026-11-29' }, invalid: false });
    expect(read('from=2026-10-01&to=2026-10-31')).toEqual({ period: { from: '2026-10-01', to: '2026-10-31' }, invalid: false });
    for (const q of ['from=2026-10-01&to=2026-11-01', 'from=2026-08-01&to=2026-11-29', 'from=2026-11-29&to=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=2026-11-01'])
      expect(read(q)).toEqual({ period: week, invalid: true });
  });
});
