/**
 * What every figure of a unit is summed from, gathered in one pass over a series: the known and
 * running times, the ampere-hours, the starts and complete on-times, the ΔT time in and out of its
 * band, and the state at the series' two ends. The figures (./energy.ts, ./cycles.ts, ./delta-t.ts,
 * ./unit.ts) are computed from a tally, so a period's tally and the tallies of its days joined in
 * time order (the daily roll-up, ./rollup.ts) give the same figures: sums add, and a start or an
 * on-time that spans midnight is found again from the ends of the two days (`joinCycles`).
 *
 * Plain data (it is stored as it is: lambdas/shared/data/unit-days.ts): numbers, booleans, null.
 */
import type { Band } from './delta-t.js';
import { HOUR_MS, type Interval, type Series } from './series.js';

/** An end of a series' intervals with a known state: where it starts (or ends) and whether it runs there. */
export interface End {
  at: number;
  on: boolean;
}

export interface CycleTally {
  /** Time with a known state, and running. */
  knownMs: number;
  runMs: number;
  /** Starts seen inside the series (an off interval joined to the next, on one). */
  starts: number;
  /** The complete on-times seen inside the series, in ms. */
  onTimes: number[];
  /** The first interval with a known state (its start), or null when there is none. */
  first: End | null;
  /** The last one (its end). */
  last: End | null;
  /** The first interval is on and its run ends inside the series at this time (a joined off interval); else null. */
  headClose: number | null;
  /** The first interval is on and its run goes on, joined, to the last interval. */
  headThrough: boolean;
  /** An on-time whose start was seen and which still runs at the last interval: its start; else null. */
  tailRunFrom: number | null;
}

export interface Tally {
  /** Time with any reading (the series' own coverage). */
  ms: number;
  /** Intervals whose current is known: their time and ampere-hours (kWh = kW of these amperes over an hour). */
  energy: { knownMs: number; ampHours: number };
  /** Intervals with a known state and current: their time, the running part and its ampere-hours. */
  perRun: { knownMs: number; runMs: number; ampHours: number };
  cycles: CycleTally;
  /** ΔT against `band`: known time, cooling time with both temperatures, below and above the band, and ΔT × time while cooling. */
  deltaT: { knownMs: number; runMs: number; belowMs: number; aboveMs: number; weighted: number };
}

/** The state of a join: the last end seen and the on-time being measured across it. */
interface JoinState {
  prev: End | null;
  runFrom: number | null;
}

/** The cycle tally of a series, in one pass (the rules of ./cycles.ts). */
export function cycleTally(intervals: readonly Interval[]): CycleTally {
  let knownMs = 0;
  let runMs = 0;
  let starts = 0;
  const onTimes: number[] = [];
  let runFrom: number | null = null;
  let prev: Interval | null = null;
  let first: End | null = null;
  let headClose: number | null = null;
  // Following the first interval's run while it is on and joined.
  let headOpen = false;
  for (const i of intervals) {
    if (i.on === null) continue;
    knownMs += i.ms;
    if (i.on) runMs += i.ms;
    const joined = prev !== null && prev.end === i.start;
    if (first === null) {
      first = { at: i.start, on: i.on };
      headOpen = i.on;
    } else if (headOpen) {
      if (!joined) headOpen = false;
      else if (!i.on) {
        headClose = i.start;
        headOpen = false;
      }
    }
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
  const last = prev === null ? null : { at: prev.end, on: prev.on! };
  return { knownMs, runMs, starts, onTimes, first, last, headClose, headThrough: headOpen, tailRunFrom: runFrom };
}

/**
 * The cycle tallies of consecutive series (days in time order) as one: their own starts and
 * on-times, and those the joins between them hold (a series that ends where the next begins is
 * joined to it, as two intervals are). Only the counts are answered, not a tally to join again.
 */
export function joinCycles(parts: readonly CycleTally[]): Pick<CycleTally, 'knownMs' | 'runMs' | 'starts' | 'onTimes'> {
  if (parts.length === 1) return parts[0]!;
  let knownMs = 0;
  let runMs = 0;
  let starts = 0;
  const onTimes: number[] = [];
  const state: JoinState = { prev: null, runFrom: null };
  for (const p of parts) {
    knownMs += p.knownMs;
    runMs += p.runMs;
    starts += p.starts;
    for (const t of p.onTimes) onTimes.push(t);
    if (p.first === null) continue;
    const joined = state.prev !== null && state.prev.at === p.first.at;
    // The on-time measured into this part's first run: started at the join, or carried through it.
    let run: number | null = null;
    if (joined && state.prev!.on === false && p.first.on) {
      starts++;
      run = p.first.at;
    } else if (joined && state.prev!.on && !p.first.on && state.runFrom !== null) {
      onTimes.push(p.first.at - state.runFrom);
    } else if (joined && state.prev!.on && p.first.on) {
      run = state.runFrom;
    }
    if (run !== null && p.headClose !== null) {
      onTimes.push(p.headClose - run);
      run = null;
    }
    state.runFrom = p.headThrough ? run : p.tailRunFrom;
    state.prev = p.last;
  }
  return { knownMs, runMs, starts, onTimes };
}

/** Every sum of a series, in one pass over its intervals (ΔT judged against `band`). */
export function tallyOf(series: Series, band: Band): Tally {
  let ms = 0;
  const energy = { knownMs: 0, ampHours: 0 };
  const perRun = { knownMs: 0, runMs: 0, ampHours: 0 };
  const deltaT = { knownMs: 0, runMs: 0, belowMs: 0, aboveMs: 0, weighted: 0 };
  for (const i of series.intervals) {
    ms += i.ms;
    if (i.amps !== null) {
      energy.knownMs += i.ms;
      energy.ampHours += i.amps * (i.ms / HOUR_MS);
    }
    if (i.on === null) continue;
    if (i.amps !== null) {
      perRun.knownMs += i.ms;
      if (i.on) {
        perRun.runMs += i.ms;
        perRun.ampHours += i.amps * (i.ms / HOUR_MS);
      }
    }
    const cooling = i.on && !i.heating;
    if (cooling && (i.supplyF === null || i.returnF === null)) continue;
    deltaT.knownMs += i.ms;
    if (!cooling) continue;
    const d = i.returnF! - i.supplyF!;
    deltaT.runMs += i.ms;
    deltaT.weighted += d * i.ms;
    if (d < band.low) deltaT.belowMs += i.ms;
    else if (d > band.high) deltaT.aboveMs += i.ms;
  }
  return { ms, energy, perRun, cycles: cycleTally(series.intervals), deltaT };
}

/** Tallies of consecutive series as one (sums added, cycles joined): what the figures of their whole span are computed from. */
export function joinTallies(parts: readonly Tally[]): Omit<Tally, 'cycles'> & { cycles: Pick<CycleTally, 'knownMs' | 'runMs' | 'starts' | 'onTimes'> } {
  const out = {
    ms: 0,
    energy: { knownMs: 0, ampHours: 0 },
    perRun: { knownMs: 0, runMs: 0, ampHours: 0 },
    deltaT: { knownMs: 0, runMs: 0, belowMs: 0, aboveMs: 0, weighted: 0 },
  };
  for (const p of parts) {
    out.ms += p.ms;
    out.energy.knownMs += p.energy.knownMs;
    out.energy.ampHours += p.energy.ampHours;
    out.perRun.knownMs += p.perRun.knownMs;
    out.perRun.runMs += p.perRun.runMs;
    out.perRun.ampHours += p.perRun.ampHours;
    out.deltaT.knownMs += p.deltaT.knownMs;
    out.deltaT.runMs += p.deltaT.runMs;
    out.deltaT.belowMs += p.deltaT.belowMs;
    out.deltaT.aboveMs += p.deltaT.aboveMs;
    out.deltaT.weighted += p.deltaT.weighted;
  }
  return { ...out, cycles: joinCycles(parts.map((p) => p.cycles)) };
}
