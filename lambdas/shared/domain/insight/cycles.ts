/**
 * Runtime, duty cycle, starts and on-times from the on/off state of the intervals. Only what the
 * readings show is counted: a start is an off reading followed by an on reading with no gap between
 * them; an on-time runs from a start to the next off reading, with no gap inside it. A unit already
 * running when the period (or the data) begins, or still running when it ends, has an on-time the
 * readings cannot measure: it adds runtime but no on-time.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { DAY_MS, HOUR_MS, median, MINUTE_MS, shareOf, type Figure, type Interval, type Series } from './series.js';

export interface CycleOptions {
  maxStartsPerDay?: number;
  minMedianOnMinutes?: number;
}

export interface Cycles {
  runtimeHours: Figure<number>;
  /** Runtime ÷ time with a known state, in %. */
  dutyCyclePct: Figure<number>;
  starts: Figure<number>;
  /** Starts ÷ days with a known state. */
  startsPerDay: Figure<number>;
  /** The median of the complete on-times seen, in minutes; null when none was complete. */
  medianOnMinutes: Figure<number>;
  /** More starts a day than `maxStartsPerDay`, or a median on-time under `minMedianOnMinutes`; null when no state is known. */
  shortCycling: Figure<boolean>;
  /** The thresholds applied. */
  thresholds: { maxStartsPerDay: number; minMedianOnMinutes: number };
}

export function cyclesOf(series: Series, options: CycleOptions = {}): Cycles {
  const thresholds = {
    maxStartsPerDay: options.maxStartsPerDay ?? INSIGHT_DEFAULTS.maxStartsPerDay,
    minMedianOnMinutes: options.minMedianOnMinutes ?? INSIGHT_DEFAULTS.minMedianOnMinutes,
  };
  let knownMs = 0;
  let runMs = 0;
  let starts = 0;
  const onTimes: number[] = [];
  // The start of the on-time being measured: set at a seen start, dropped at a gap.
  let runFrom: number | null = null;
  // The interval with a known state before this one (intervals with none are passed over, as a gap is).
  let prev: Interval | null = null;
  for (const i of series.intervals) {
    if (i.on === null) continue;
    knownMs += i.ms;
    if (i.on) runMs += i.ms;
    const joined = prev !== null && prev.end === i.start;
    if (!joined) runFrom = null;
    if (i.on && joined && prev!.on === false) {
      starts++;
      runFrom = i.start;
    } else if (!i.on && joined && prev!.on && runFrom !== null) {
      onTimes.push(i.start - runFrom);
      runFrom = null;
    }
    prev = i;
  }
  const coverage = shareOf(series, knownMs);
  const none = { value: null, coverage };
  if (coverage === 0) return { runtimeHours: none, dutyCyclePct: none, starts: none, startsPerDay: none, medianOnMinutes: none, shortCycling: none, thresholds };

  const startsPerDay = starts / (knownMs / DAY_MS);
  const medianMs = median(onTimes);
  const medianOnMinutes = medianMs === null ? null : medianMs / MINUTE_MS;
  const shortCycling = startsPerDay > thresholds.maxStartsPerDay || (medianOnMinutes !== null && medianOnMinutes < thresholds.minMedianOnMinutes);
  return {
    runtimeHours: { value: runMs / HOUR_MS, coverage },
    dutyCyclePct: { value: (100 * runMs) / knownMs, coverage },
    starts: { value: starts, coverage },
    startsPerDay: { value: startsPerDay, coverage },
    medianOnMinutes: { value: medianOnMinutes, coverage },
    shortCycling: { value: shortCycling, coverage },
    thresholds,
  };
}
