/**
 * Every figure of one unit over one period, from its readings: the entry point the panel, the
 * summaries, the alerts and the roll-up call. Pure: no AWS, no I/O, no clock.
 */
import { cyclesOf, type CycleOptions, type Cycles } from './cycles.js';
import { deltaTOf, type Band, type DeltaT } from './delta-t.js';
import { electricalInputs, energyCost, energyKwh, kilowatts, type ElectricalInputs, type ElectricalUsed } from './energy.js';
import { coverageOf, HOUR_MS, seriesOf, shareOf, type Figure, type Period, type Reading, type Series, type SeriesOptions } from './series.js';

export interface UnitInputs extends SeriesOptions, CycleOptions {
  electrical?: ElectricalInputs;
  /** The property's price per kWh; absent: no cost figure. */
  tariffPerKwh?: number | null;
  deltaTBand?: Band;
}

export interface UnitInsight extends Cycles {
  period: { start: string; end: string };
  /** The share of the period with any reading (0–100). */
  coverage: number;
  energyKwh: Figure<number>;
  costEstimate: Figure<number>;
  /** kWh per hour of runtime: over the intervals both running and with a known current. */
  kwhPerRuntimeHour: Figure<number>;
  deltaT: DeltaT;
  electrical: ElectricalUsed;
  tariffPerKwh: number | null;
}

/** kWh per running hour over the intervals both running and with a known current; null with no such interval. */
export function kwhPerRuntimeHour(series: Series, e: ElectricalUsed): Figure<number> {
  let knownMs = 0;
  let ms = 0;
  let ampHours = 0;
  for (const i of series.intervals) {
    if (i.on === null || i.amps === null) continue;
    knownMs += i.ms;
    if (!i.on) continue;
    ms += i.ms;
    ampHours += i.amps * (i.ms / HOUR_MS);
  }
  const coverage = shareOf(series, knownMs);
  if (ms === 0) return { value: null, coverage };
  return { value: kilowatts(ampHours, e) / (ms / HOUR_MS), coverage };
}

export function unitInsight(readings: readonly Reading[], period: Period, inputs: UnitInputs = {}): UnitInsight {
  const series = seriesOf(readings, period, inputs);
  const electrical = electricalInputs(inputs.electrical);
  const energy = energyKwh(series, electrical);
  const tariff = inputs.tariffPerKwh ?? null;
  return {
    period: { start: new Date(series.start).toISOString(), end: new Date(series.end).toISOString() },
    coverage: coverageOf(series, series.intervals),
    energyKwh: energy,
    costEstimate: energyCost(energy, tariff),
    kwhPerRuntimeHour: kwhPerRuntimeHour(series, electrical),
    ...cyclesOf(series, inputs),
    deltaT: deltaTOf(series, inputs.deltaTBand),
    electrical,
    tariffPerKwh: tariff,
  };
}
