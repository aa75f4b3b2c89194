/** Baseline and drift with known answers; the ranking per property and for the account; its CSV. */
import { baselineWindow, driftCsv, driftPct, kilowatts, electricalInputs, rankByDrift, rankingsByProperty, unitDrift, type DriftRow } from '../../../lambdas/shared/domain/insight/index.js';
import { DAY, period, readings, square, T0 } from './support/series.js';

// 60 days, a reading every 10 minutes, 1 h on and 1 h off: 20 A running for the first 30 days, 24 A after.
const harder = readings(60 * 24 * 60, (m) => square(60, 60, m < 30 * 24 * 60 ? 20 : 24)(m), { stepMinutes: 10 });
const kw20 = kilowatts(20, electricalInputs());

describe('baseline and drift', () => {
  it('finds a drift of 20 % in a unit that draws 20 % more per runtime hour than in its first 30 days', () => {
    const d = unitDrift(harder, period(7 * 24, 45 * 24));
    expect(d.baseline.period).toEqual({ start: new Date(T0).toISOString(), end: new Date(T0 + 30 * DAY).toISOString() });
    expect(d.baseline.kwhPerRuntimeHour.value).toBeCloseTo(kw20, 9);
    expect(d.baseline.kwhPerRuntimeHour.coverage).toBeCloseTo(100, 9);
    expect(d.kwhPerRuntimeHour.value).toBeCloseTo(kw20 * 1.2, 9);
    expect(d.driftPct).toBeCloseTo(20, 9);
  });

  it('finds no drift over the baseline itself, and none for a unit that works more hours at the same draw', () => {
    expect(unitDrift(harder, period(10 * 24, 5 * 24)).driftPct).toBeCloseTo(0, 9);
    // Runs 1 h in 4 at first, 3 h in 4 later, always at 20 A: more kWh, the same kWh per runtime hour.
    const busier = readings(60 * 24 * 60, (m) => ({ amps: m % 240 < (m < 30 * 24 * 60 ? 60 : 180) ? 20 : 0 }), { stepMinutes: 10 });
    expect(unitDrift(busier, period(7 * 24, 45 * 24)).driftPct).toBeCloseTo(0, 9);
  });

  it('takes the baseline length as a parameter, and has no drift without a baseline or a period figure', () => {
    expect(baselineWindow(harder, 7)).toEqual({ start: T0, end: T0 + 7 * DAY });
    expect(baselineWindow([])).toBeNull();
    // The earliest usable time, whatever the order given; a time that does not parse is passed over.
    expect(baselineWindow([{ at: T0 + DAY }, { at: 'not a time' }, { at: new Date(T0).toISOString() }, { at: T0 + 2 * DAY }], 7)).toEqual({ start: T0, end: T0 + 7 * DAY });
    expect(baselineWindow([{ at: 'not a time' }])).toBeNull();
    expect(() => baselineWindow(harder, 0)).toThrow('the baseline must be at least a day long');
    const none = unitDrift([], period(24));
    expect(none).toEqual({ kwhPerRuntimeHour: { value: null, coverage: 0 }, baseline: { period: null, kwhPerRuntimeHour: { value: null, coverage: 0 } }, driftPct: null });
    // A period after the readings end: no figure, no drift.
    expect(unitDrift(harder, period(24, 70 * 24)).driftPct).toBeNull();
    expect(driftPct({ value: 12, coverage: 100 }, { value: 0, coverage: 100 })).toBeNull();
    expect(driftPct({ value: 9, coverage: 100 }, { value: 12, coverage: 100 })).toBeCloseTo(-25, 9);
  });
});

const row = (unitId: string, propertyId: string, driftPct: number | null, extra: Partial<DriftRow> = {}): DriftRow => ({
  unitId,
  unitName: `RTU ${unitId}`,
  propertyId,
  propertyName: `Property ${propertyId}`,
  kwhPerRuntimeHour: driftPct === null ? null : 10 * (1 + driftPct / 100),
  baselineKwhPerRuntimeHour: driftPct === null ? null : 10,
  driftPct,
  coverage: 100,
  ...extra,
});

describe('ranking by drift', () => {
  const rows = [row('1', 'A', 5), row('2', 'B', 30), row('3', 'A', null), row('4', 'A', -10), row('5', 'B', 30, { unitName: 'AHU 5' }), row('6', 'A', 42)];

  it('ranks the whole account highest drift first, ties by property and unit name, units without a drift last', () => {
    expect(rankByDrift(rows).map((r) => r.unitId)).toEqual(['6', '5', '2', '1', '4', '3']);
  });

  it('ranks per property, and every property at once', () => {
    expect(rankByDrift(rows, 'A').map((r) => r.unitId)).toEqual(['6', '1', '4', '3']);
    expect(rankByDrift(rows, 'Z')).toEqual([]);
    const all = rankingsByProperty(rows);
    expect([...all.keys()]).toEqual(['A', 'B']);
    expect(all.get('B')!.map((r) => r.unitId)).toEqual(['5', '2']);
    // The input is left as it was.
    expect(rows.map((r) => r.unitId)).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});

describe('drift CSV', () => {
  it('writes a header and one line per unit, rounded, with empty fields for missing figures', () => {
    const csv = driftCsv([row('1', 'A', 20, { kwhPerRuntimeHour: 16.254, baselineKwhPerRuntimeHour: 13.546, driftPct: 20.004, coverage: 99.96 }), row('3', 'A', null, { coverage: 0 })]);
    expect(csv).toBe(
      'Property,Unit,Unit id,Estimated kWh per runtime hour,Baseline estimated kWh per runtime hour,Drift %,Data coverage %\r\n' +
        'Property A,RTU 1,1,16.25,13.55,20,100\r\n' +
        'Property A,RTU 3,3,,,,0\r\n',
    );
  });

  it('quotes fields with commas, quotes and line breaks, and defuses what a spreadsheet would run as a formula', () => {
    const csv = driftCsv([row('U-1', 'A', -12.34, { propertyName: 'Acme, "North" Tower', unitName: 'RTU\n1', unitId: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')[1]).toBe('"Acme, ""North"" Tower","RTU\n1","\'=HYPERLINK(""x"")",8.77,10,-12.3,100');
  });
});
