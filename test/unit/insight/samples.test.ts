/** Telemetry samples (°C, A, the devices' own signals) as the estimates' readings (°F). */
import { readingOfSample, readingsOfSamples, unitInsight } from '../../../lambdas/shared/domain/insight/index.js';
import { MIN, period, T0 } from './support/series.js';

const at = (m: number) => new Date(T0 + m * MIN).toISOString();

describe('a sample as a reading', () => {
  it('takes the mean of the legs reported as the line current and the air temperatures in °F', () => {
    expect(readingOfSample({ _time: at(0), 'amps-1': 20, 'amps-2': 21, 'amps-3': 22, 'sadb-1': 12.8, 'radb-1': 23.9 })).toEqual({
      at: at(0),
      amps: 21,
      supplyF: expect.closeTo(55.04, 9),
      returnF: expect.closeTo(75.02, 9),
    });
    // Two legs (split single-phase), numeric text, and a broken leg left out.
    expect(readingOfSample({ _time: at(0), 'amps-1': '10', 'amps-2': 10, 'amps-3': -1 })).toMatchObject({ amps: 10, supplyF: null, returnF: null });
    expect(readingOfSample({ _time: at(0), 'amps-1': true, totalAmps: 60 })).toMatchObject({ amps: null });
  });

  it('is no data without a time or with an error', () => {
    expect(readingOfSample({ _time: null })).toBeNull();
    expect(readingOfSample({ _time: null, error: 'offline' })).toBeNull();
    expect(readingOfSample({ _time: at(0), error: 'offline' })).toBeNull();
    expect(readingsOfSamples([{ _time: null }, { _time: at(0), 'amps-1': 5 }])).toEqual([{ at: at(0), amps: 5, supplyF: null, returnF: null }]);
  });

  it("takes the device's own signal for the state when it reports one, else leaves it to the current", () => {
    expect(readingOfSample({ _time: at(0), 'amps-1': 0.2, callForCool: true })).toMatchObject({ on: true, heating: false });
    expect(readingOfSample({ _time: at(0), 'amps-1': 25, callForCool: false, callForHeat: false })).toMatchObject({ on: false, heating: false });
    expect(readingOfSample({ _time: at(0), ty: 0, tw: 1 })).toMatchObject({ on: true, heating: true });
    expect(readingOfSample({ _time: at(0), runtimeOne: 1, coolMin: 4 })).toMatchObject({ on: true, heating: false });
    const bare = readingOfSample({ _time: at(0), 'amps-1': 25 })!;
    expect(bare).not.toHaveProperty('on');
    expect(unitInsight([bare, { ...bare, at: at(10) }], period(1)).runtimeHours.value).toBeCloseTo(10 / 60, 9);
  });
});

describe('a heating unit', () => {
  it('runs and uses energy while heating, but its supply above return is not judged against the cooling band', () => {
    const samples = Array.from({ length: 61 }, (_, m) => ({ _time: at(m), 'amps-1': 15, 'amps-2': 15, 'amps-3': 15, callForHeat: true, callForCool: false, 'sadb-1': 40, 'radb-1': 21 }));
    const u = unitInsight(readingsOfSamples(samples), period(1));
    expect(u.runtimeHours.value).toBeCloseTo(1, 9);
    expect(u.energyKwh.value).toBeGreaterThan(0);
    expect(u.deltaT.meanF).toEqual({ value: null, coverage: 100 });
    expect(u.deltaT.hoursOutside.value).toBe(0);
    // The same unit calling for cool at that supply is 34 °F "below" the band: the flag it must not get while heating.
    const cooling = samples.map((s) => ({ ...s, callForHeat: false, callForCool: true }));
    expect(unitInsight(readingsOfSamples(cooling), period(1)).deltaT.hoursBelow.value).toBeCloseTo(1, 9);
  });
});
