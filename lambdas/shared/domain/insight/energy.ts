/**
 * Estimated energy from current draw: three-phase kW = √3 · V_LL · I · PF / 1000, single-phase
 * kW = V · I · PF / 1000, summed over the intervals whose current is known. Estimated, because the
 * voltage and power factor are the equipment row's (or the defaults), not measured.
 */
import { ELECTRICAL_DEFAULTS } from '../../contract/answers/insight.js';
import { HOUR_MS, shareOfPeriod, type Figure, type Series } from './series.js';

/** A unit's electrical inputs as its equipment row gives them; what is absent takes the default. */
export interface ElectricalInputs {
  voltage?: number;
  phase?: 1 | 3;
  powerFactor?: number;
}

/** The inputs an estimate used, every one filled in (a page prints them beside the figure). */
export interface ElectricalUsed {
  voltage: number;
  phase: 1 | 3;
  powerFactor: number;
  /** Which of them came from the defaults rather than the equipment row. */
  defaulted: ('voltage' | 'phase' | 'powerFactor')[];
}

/** The inputs filled in with the defaults; throws on values no import lets through (a caller's mistake). */
export function electricalInputs(given: ElectricalInputs = {}): ElectricalUsed {
  const defaulted: ElectricalUsed['defaulted'] = [];
  const phase = given.phase ?? (defaulted.push('phase'), ELECTRICAL_DEFAULTS.phase);
  const voltage = given.voltage ?? (defaulted.push('voltage'), ELECTRICAL_DEFAULTS.voltage[phase]);
  const powerFactor = given.powerFactor ?? (defaulted.push('powerFactor'), ELECTRICAL_DEFAULTS.powerFactor);
  if (phase !== 1 && phase !== 3) throw new RangeError('phase must be 1 or 3');
  if (!(voltage > 0) || !Number.isFinite(voltage)) throw new RangeError('voltage must be a positive number of volts');
  if (!(powerFactor > 0 && powerFactor <= 1)) throw new RangeError('power factor must be more than 0 and at most 1');
  return { voltage, phase, powerFactor, defaulted };
}

/** The power in kW of a current in A with these inputs. */
export function kilowatts(amps: number, e: ElectricalUsed): number {
  return ((e.phase === 3 ? Math.sqrt(3) : 1) * e.voltage * amps * e.powerFactor) / 1000;
}

/** Estimated kWh over the intervals whose current is known, with its coverage. */
export function energyKwh(series: Series, e: ElectricalUsed): Figure<number> {
  let knownMs = 0;
  let ampHours = 0;
  for (const i of series.intervals) {
    if (i.amps === null) continue;
    knownMs += i.ms;
    ampHours += i.amps * (i.ms / HOUR_MS);
  }
  return energyFigure({ knownMs, ampHours }, series.periodMs, e);
}

/** Estimated kWh of the ampere-hours summed over `knownMs` of a period `periodMs` long (./tally.ts). */
export function energyFigure(t: { knownMs: number; ampHours: number }, periodMs: number, e: ElectricalUsed): Figure<number> {
  const coverage = shareOfPeriod(periodMs, t.knownMs);
  if (coverage === 0) return { value: null, coverage };
  return { value: kilowatts(t.ampHours, e), coverage };
}

/** Estimated cost of an energy figure at a tariff (price per kWh); null without a tariff or without energy. */
export function energyCost(energy: Figure<number>, tariffPerKwh: number | null | undefined): Figure<number> {
  if (tariffPerKwh === null || tariffPerKwh === undefined || energy.value === null) return { value: null, coverage: energy.coverage };
  if (!(tariffPerKwh >= 0) || !Number.isFinite(tariffPerKwh)) throw new RangeError('the tariff must be a price per kWh of 0 or more');
  return { value: energy.value * tariffPerKwh, coverage: energy.coverage };
}
