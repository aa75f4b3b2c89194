/**
 * Every figure of one unit over one period, from its readings: the entry point the panel, the
 * summaries, the alerts and the roll-up call. Pure: no AWS, no I/O, no clock. The figures are
 * computed from the period's tally (./tally.ts), or from the tallies of its days joined in time
 * order (`insightOfTallies`, the daily roll-up's: ./rollup.ts), which give the same figures.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { cycleFigures, type CycleOptions, type Cycles } from './cycles.js';
import { checkBand, deltaTFigures, type Band, type DeltaT } from './delta-t.js';
import { electricalInputs, energyCost, energyFigure, kilowatts, type ElectricalInputs, type ElectricalUsed } from './energy.js';
import { HOUR_MS, periodBounds, seriesOf, shareOfPeriod, type Figure, type Period, type Reading, type Series, type SeriesOptions } from './series.js';
import { joinTallies, tallyOf, type Tally } from './tally.js';

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
  return perRunFigure(tallyOf(series, INSIGHT_DEFAULTS.coolingDeltaT).perRun, series.periodMs, e);
}

function perRunFigure(t: Tally['perRun'], periodMs: number, e: ElectricalUsed): Figure<number> {
  const coverage = shareOfPeriod(periodMs, t.knownMs);
  if (t.runMs === 0) return { value: null, coverage };
  return { value: kilowatts(t.ampHours, e) / (t.runMs / HOUR_MS), coverage };
}

/** The ΔT band of the inputs (the default unless given), checked. */
export function bandOf(inputs: UnitInputs): Band {
  const band = inputs.deltaTBand ?? INSIGHT_DEFAULTS.coolingDeltaT;
  checkBand(band);
  return band;
}

export function unitInsight(readings: readonly Reading[], period: Period, inputs: UnitInputs = {}): UnitInsight {
  const series = seriesOf(readings, period, inputs);
  return insightOfTallies([tallyOf(series, bandOf(inputs))], period, inputs);
}

/**
 * Every figure of a unit over `period` from the tallies of consecutive parts of it in time order
 * (its days, each with ΔT judged against the inputs' band): a part missing counts as no data.
 */
export function insightOfTallies(parts: readonly Tally[], period: Period, inputs: UnitInputs = {}): UnitInsight {
  const { start, end } = periodBounds(period);
  const periodMs = end - start;
  const band = bandOf(inputs);
  const t = joinTallies(parts);
  const electrical = electricalInputs(inputs.electrical);
  const energy = energyFigure(t.energy, periodMs, electrical);
  const tariff = inputs.tariffPerKwh ?? null;
  return {
    period: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
    coverage: shareOfPeriod(periodMs, t.ms),
    energyKwh: energy,
    costEstimate: energyCost(energy, tariff),
    kwhPerRuntimeHour: perRunFigure(t.perRun, periodMs, electrical),
    ...cycleFigures(t.cycles, periodMs, inputs),
    deltaT: deltaTFigures(t.deltaT, periodMs, band),
    electrical,
    tariffPerKwh: tariff,
  };
}
