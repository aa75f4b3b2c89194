/**
 * Runtime, duty cycle, starts and on-times from the on/off state of the intervals. Only what the
 * readings show is counted: a start is an off reading followed by an on reading with no gap between
 * them; an on-time runs from a start to the next off reading, with no gap inside it. A unit already
 * running when the period (or the data) begins, or still running when it ends, has an on-time the
 * readings cannot measure: it adds runtime but no on-time. Counted in one pass (./tally.ts).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { DAY_MS, HOUR_MS, median, MINUTE_MS, shareOfPeriod, type Figure, type Series } from './series.js';
import { cycleTally, type CycleTally } from './tally.js';

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
  return cycleFigures(cycleTally(series.intervals), series.periodMs, options);
}

/** The figures of a cycle tally over a period `periodMs` long (a series' own, or its days' joined: ./tally.ts). */
export function cycleFigures(t: Pick<CycleTally, 'knownMs' | 'runMs' | 'starts' | 'onTimes'>, periodMs: number, options: CycleOptions = {}): Cycles {
  const thresholds = {
    maxStartsPerDay: options.maxStartsPerDay ?? INSIGHT_DEFAULTS.maxStartsPerDay,
    minMedianOnMinutes: options.minMedianOnMinutes ?? INSIGHT_DEFAULTS.minMedianOnMinutes,
  };
  const { knownMs, runMs, starts, onTimes } = t;
  const coverage = shareOfPeriod(periodMs, knownMs);
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
