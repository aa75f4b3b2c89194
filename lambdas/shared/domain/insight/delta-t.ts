/**
 * ΔT across the coil while cooling: return − supply, in °F, judged against a normal band (16–22 °F
 * by default, inclusive) over the intervals the unit runs with both temperatures known. Off
 * intervals, and those running for heat, say nothing of the cooling coil; their temperatures still
 * count as data (coverage). Summed in one pass (./tally.ts).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { HOUR_MS, shareOfPeriod, type Figure, type Series } from './series.js';
import { tallyOf, type Tally } from './tally.js';

export interface Band {
  low: number;
  high: number;
}

export interface DeltaT {
  /** The time-weighted mean ΔT while running. */
  meanF: Figure<number>;
  /** Hours running with ΔT below the band, above it, and both together. */
  hoursBelow: Figure<number>;
  hoursAbove: Figure<number>;
  hoursOutside: Figure<number>;
  /** The share of the running time (with ΔT known) outside the band, in %. */
  outsidePct: Figure<number>;
  band: Band;
}

export function deltaTOf(series: Series, band: Band = INSIGHT_DEFAULTS.coolingDeltaT): DeltaT {
  checkBand(band);
  return deltaTFigures(tallyOf(series, band).deltaT, series.periodMs, band);
}

export function checkBand(band: Band): void {
  if (!(band.low <= band.high)) throw new RangeError('the ΔT band must have its low end at or below its high end');
}

/** The figures of a ΔT tally (./tally.ts, judged against `band`) over a period `periodMs` long. */
export function deltaTFigures(t: Tally['deltaT'], periodMs: number, band: Band): DeltaT {
  const coverage = shareOfPeriod(periodMs, t.knownMs);
  const hours = (ms: number) => ({ value: coverage === 0 ? null : ms / HOUR_MS, coverage });
  const hoursBelow = hours(t.belowMs);
  const hoursAbove = hours(t.aboveMs);
  const hoursOutside = { value: hoursBelow.value === null ? null : hoursBelow.value + hoursAbove.value!, coverage };
  return {
    meanF: { value: t.runMs === 0 ? null : t.weighted / t.runMs, coverage },
    hoursBelow,
    hoursAbove,
    hoursOutside,
    outsidePct: { value: t.runMs === 0 || hoursOutside.value === null ? null : (100 * hoursOutside.value * HOUR_MS) / t.runMs, coverage },
    band,
  };
}
