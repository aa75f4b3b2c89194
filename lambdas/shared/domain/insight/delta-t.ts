/**
 * ΔT across the coil while cooling: return − supply, in °F, judged against a normal band (16–22 °F
 * by default, inclusive) over the intervals the unit runs with both temperatures known. Off
 * intervals, and those running for heat, say nothing of the cooling coil; their temperatures still
 * count as data (coverage).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { coverageOf, HOUR_MS, type Figure, type Interval, type Series } from './series.js';

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

const delta = (i: Interval) => i.returnF! - i.supplyF!;

export function deltaTOf(series: Series, band: Band = INSIGHT_DEFAULTS.coolingDeltaT): DeltaT {
  if (!(band.low <= band.high)) throw new RangeError('the ΔT band must have its low end at or below its high end');
  const known = series.intervals.filter((i) => i.on !== null && (i.on === false || i.heating || (i.supplyF !== null && i.returnF !== null)));
  const coverage = coverageOf(series, known);
  const running = known.filter((i) => i.on && !i.heating);
  const runMs = running.reduce((sum, i) => sum + i.ms, 0);
  const hours = (pick: (d: number) => boolean) => ({ value: coverage === 0 ? null : running.reduce((sum, i) => sum + (pick(delta(i)) ? i.ms : 0), 0) / HOUR_MS, coverage });
  const hoursBelow = hours((d) => d < band.low);
  const hoursAbove = hours((d) => d > band.high);
  const hoursOutside = { value: hoursBelow.value === null ? null : hoursBelow.value + hoursAbove.value!, coverage };
  return {
    meanF: { value: runMs === 0 ? null : running.reduce((sum, i) => sum + delta(i) * i.ms, 0) / runMs, coverage },
    hoursBelow,
    hoursAbove,
    hoursOutside,
    outsidePct: { value: runMs === 0 || hoursOutside.value === null ? null : (100 * hoursOutside.value * HOUR_MS) / runMs, coverage },
    band,
  };
}
