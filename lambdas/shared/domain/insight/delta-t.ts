/**
 * ΔT across the coil while cooling: return − supply, in °F, judged against a normal band (16–22 °F
 * by default, inclusive) over the intervals the unit runs with both temperatures known. Off
 * intervals, and those running for heat, say nothing of the cooling coil; their temperatures still
 * count as data (coverage).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { HOUR_MS, shareOf, type Figure, type Interval, type Series } from './series.js';

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
  let knownMs = 0;
  let runMs = 0;
  let below = 0;
  let above = 0;
  let weighted = 0;
  for (const i of series.intervals) {
    if (i.on === null) continue;
    const cooling = i.on && !i.heating;
    if (cooling && (i.supplyF === null || i.returnF === null)) continue;
    knownMs += i.ms;
    if (!cooling) continue;
    const d = delta(i);
    runMs += i.ms;
    weighted += d * i.ms;
    if (d < band.low) below += i.ms;
    else if (d > band.high) above += i.ms;
  }
  const coverage = shareOf(series, knownMs);
  const hours = (ms: number) => ({ value: coverage === 0 ? null : ms / HOUR_MS, coverage });
  const hoursBelow = hours(below);
  const hoursAbove = hours(above);
  const hoursOutside = { value: hoursBelow.value === null ? null : hoursBelow.value + hoursAbove.value!, coverage };
  return {
    meanF: { value: runMs === 0 ? null : weighted / runMs, coverage },
    hoursBelow,
    hoursAbove,
    hoursOutside,
    outsidePct: { value: runMs === 0 || hoursOutside.value === null ? null : (100 * hoursOutside.value * HOUR_MS) / runMs, coverage },
    band,
  };
}
