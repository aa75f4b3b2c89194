/**
 * Estimated energy, cost and coverage with known answers, and what the series does with readings
 * that are missing, unsorted, repeated or broken.
 */
import { ELECTRICAL_DEFAULTS, electricalInputs, INSIGHT_DEFAULTS, kilowatts, seriesOf, unitInsight } from '../../../lambdas/shared/domain/insight/index.js';
import { HOUR, MIN, period, readings, T0 } from './support/series.js';

const constant20A = readings(10 * 60, () => ({ amps: 20 }));
const threePhase460 = { electrical: { voltage: 460, phase: 3 as const, powerFactor: 0.85 } };

describe('estimated energy', () => {
  it('is 135.4 kWh for a constant 20 A three-phase at 460 V and PF 0.85 for 10 h', () => {
    const u = unitInsight(constant20A, period(10), threePhase460);
    expect(u.energyKwh.value).toBeCloseTo(135.4, 1);
    // √3 · 460 · 20 · 0.85 / 1000 · 10 = 135.4464...
    expect(u.energyKwh.value).toBeCloseTo(135.4464, 3);
    expect(u.energyKwh.coverage).toBeCloseTo(100, 9);
    expect(u.coverage).toBeCloseTo(100, 9);
  });

  it('is V · I · PF / 1000 per hour for single phase: 10 A at 230 V, PF 0.9, 2 h is 4.14 kWh', () => {
    const u = unitInsight(
      readings(120, () => ({ amps: 10 })),
      period(2),
      { electrical: { voltage: 230, phase: 1, powerFactor: 0.9 } },
    );
    expect(u.energyKwh.value).toBeCloseTo(4.14, 6);
    expect(kilowatts(10, electricalInputs({ voltage: 230, phase: 1, powerFactor: 0.9 }))).toBeCloseTo(2.07, 9);
  });

  it('takes the stated defaults for what the equipment row leaves out, and names them', () => {
    expect(ELECTRICAL_DEFAULTS).toEqual({ powerFactor: 0.85, phase: 3, voltage: { 1: 230, 3: 460 } });
    const u = unitInsight(constant20A, period(10));
    expect(u.electrical).toEqual({ voltage: 460, phase: 3, powerFactor: 0.85, defaulted: ['phase', 'voltage', 'powerFactor'] });
    expect(u.energyKwh.value).toBeCloseTo(135.4464, 3);
    // Single phase without a voltage: 230 V.
    expect(electricalInputs({ phase: 1 })).toEqual({ voltage: 230, phase: 1, powerFactor: 0.85, defaulted: ['voltage', 'powerFactor'] });
  });

  it('refuses electrical inputs no import lets through', () => {
    expect(() => electricalInputs({ powerFactor: 0 })).toThrow('power factor must be more than 0 and at most 1');
    expect(() => electricalInputs({ powerFactor: 1.2 })).toThrow('power factor must be more than 0 and at most 1');
    expect(() => electricalInputs({ voltage: -230 })).toThrow('voltage must be a positive number of volts');
    expect(() => electricalInputs({ phase: 2 as 1 })).toThrow('phase must be 1 or 3');
  });

  it('costs kWh × the tariff when the property has one, and nothing without', () => {
    const priced = unitInsight(constant20A, period(10), { ...threePhase460, tariffPerKwh: 0.12 });
    expect(priced.costEstimate.value).toBeCloseTo(((Math.sqrt(3) * 460 * 20 * 0.85) / 1000) * 10 * 0.12, 9);
    expect(priced.costEstimate.coverage).toBeCloseTo(100, 9);
    expect(priced.tariffPerKwh).toBe(0.12);
    const unpriced = unitInsight(constant20A, period(10), threePhase460);
    expect(unpriced.costEstimate.value).toBeNull();
    expect(unpriced.tariffPerKwh).toBeNull();
    expect(() => unitInsight(constant20A, period(10), { tariffPerKwh: -1 })).toThrow('the tariff must be a price per kWh of 0 or more');
  });
});

describe('gaps and coverage', () => {
  it('does not integrate across a gap longer than the maximum interval: it counts as no data', () => {
    // 0–2 h and 4–6 h of 20 A; nothing between.
    const gapped = [...readings(120, () => ({ amps: 20 })), ...readings(120, () => ({ amps: 20 }), { fromMinutes: 240 })];
    const u = unitInsight(gapped, period(6), threePhase460);
    expect(u.energyKwh.value).toBeCloseTo(135.4464 * 0.4, 3);
    expect(u.coverage).toBeCloseTo((100 * 4) / 6, 6);
    expect(u.energyKwh.coverage).toBeCloseTo((100 * 4) / 6, 6);
    // With a maximum interval longer than the gap, the 2 h are held at 20 A.
    expect(unitInsight(gapped, period(6), { ...threePhase460, maxIntervalMinutes: 121 }).energyKwh.value).toBeCloseTo(135.4464 * 0.6, 3);
  });

  it('holds a reading until the next one at most the maximum interval later (15 min by default)', () => {
    expect(INSIGHT_DEFAULTS.maxIntervalMinutes).toBe(15);
    const every15 = readings(60, () => ({ amps: 20 }), { stepMinutes: 15 });
    expect(unitInsight(every15, period(1)).coverage).toBeCloseTo(100, 9);
    const every16 = readings(64, () => ({ amps: 20 }), { stepMinutes: 16 });
    expect(unitInsight(every16, period(1)).coverage).toBe(0);
  });

  it('gives the share of the period with readings, and clips intervals to the period', () => {
    // Readings 0–6 h of a 24 h period: 25 %.
    expect(unitInsight(readings(360, () => ({ amps: 20 })), period(24)).coverage).toBeCloseTo(25, 9);
    // A period of hours 2–4 within 10 h of readings: fully covered, 2 h of energy.
    const inner = unitInsight(constant20A, period(2, 2), threePhase460);
    expect(inner.coverage).toBeCloseTo(100, 9);
    expect(inner.energyKwh.value).toBeCloseTo(135.4464 / 5, 3);
    // A reading before the period opens an interval that reaches into it.
    const late = unitInsight([{ at: T0 - 5 * MIN, amps: 20 }, { at: T0 + 5 * MIN, amps: 20 }], period(1), threePhase460);
    expect(late.coverage).toBeCloseTo((100 * 5) / 60, 9);
  });

  it('gives every figure as null with coverage 0 for an empty series, a single reading, or readings outside the period', () => {
    for (const rs of [[], [{ at: T0, amps: 20 }], readings(60, () => ({ amps: 20 }), { fromMinutes: 24 * 60 })]) {
      const u = unitInsight(rs, period(24), { tariffPerKwh: 0.12 });
      expect(u.coverage).toBe(0);
      for (const f of [u.energyKwh, u.costEstimate, u.kwhPerRuntimeHour, u.runtimeHours, u.dutyCyclePct, u.starts, u.startsPerDay, u.medianOnMinutes, u.shortCycling, u.deltaT.meanF, u.deltaT.hoursOutside, u.deltaT.outsidePct]) {
        expect(f).toEqual({ value: null, coverage: 0 });
      }
    }
  });

  it('refuses a period that does not parse or ends before it starts', () => {
    expect(() => unitInsight([], { start: 'yesterday', end: T0 })).toThrow('the period must have a start and an end time');
    expect(() => unitInsight([], { start: T0 + HOUR, end: T0 })).toThrow('the period must not end before it starts');
  });
});

describe('readings out of order, repeated or broken', () => {
  it('sorts unsorted readings: the same figures as in order', () => {
    const shuffled = [...constant20A].reverse();
    shuffled.push(shuffled.splice(100, 1)[0]!);
    expect(unitInsight(shuffled, period(10), threePhase460)).toEqual(unitInsight(constant20A, period(10), threePhase460));
  });

  it('keeps the later of two readings with the same time (ISO text or epoch ms alike)', () => {
    const twice = [{ at: T0, amps: 999 }, { at: new Date(T0).toISOString(), amps: 20 }, { at: T0 + 10 * MIN, amps: 0 }];
    expect(unitInsight(twice, period(1), threePhase460).energyKwh.value).toBeCloseTo(13.54464 / 6, 4);
    expect(seriesOf(twice, period(1)).intervals).toHaveLength(1);
    // In order but for a repeated time at the end: the later one still wins.
    const repeatedLast = [{ at: T0, amps: 20 }, { at: T0 + 10 * MIN, amps: 999 }, { at: T0 + 10 * MIN, amps: 0 }, { at: T0 + 20 * MIN, amps: 0 }];
    expect(seriesOf(repeatedLast, period(1)).intervals.map((i) => i.amps)).toEqual([20, 0]);
  });

  it('ignores a negative, NaN or infinite current and an unparsable time; the rest of the reading still counts', () => {
    const broken = [
      { at: T0, amps: 20, supplyF: 55, returnF: 75, on: true },
      { at: T0 + 10 * MIN, amps: Number.NaN, supplyF: 55, returnF: 75, on: true },
      { at: T0 + 20 * MIN, amps: -3, supplyF: 55, returnF: 75, on: true },
      { at: T0 + 30 * MIN, amps: Number.POSITIVE_INFINITY, supplyF: 55, returnF: 75, on: true },
      { at: 'not a time', amps: 5000 },
      { at: T0 + 40 * MIN, amps: 20, supplyF: 55, returnF: 75, on: true },
      { at: T0 + 50 * MIN, amps: 20, supplyF: 55, returnF: 75, on: true },
      { at: T0 + 60 * MIN, amps: 20 },
    ];
    const u = unitInsight(broken, period(1), threePhase460);
    // Current known for 0–10 and 40–60 min: 30 of 60 minutes.
    expect(u.energyKwh.coverage).toBeCloseTo(50, 9);
    expect(u.energyKwh.value).toBeCloseTo(13.54464 / 2, 4);
    // The state and temperatures were reported all along.
    expect(u.coverage).toBeCloseTo(100, 9);
    expect(u.runtimeHours).toEqual({ value: 1, coverage: 100 });
    expect(u.deltaT.meanF.value).toBeCloseTo(20, 9);
  });

  it('without a reported state, runs when the current is above the threshold (1 A by default)', () => {
    const trickle = readings(60, (m) => ({ amps: m < 30 ? 0.8 : 1.5 }));
    expect(unitInsight(trickle, period(1)).runtimeHours.value).toBeCloseTo(0.5, 9);
    expect(unitInsight(trickle, period(1), { runningAboveAmps: 0.5 }).runtimeHours.value).toBeCloseTo(1, 9);
  });
});
