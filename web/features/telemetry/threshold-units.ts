/**
 * Alert thresholds as people read them: the server keeps limits in °C, a °C difference or A; the
 * dialog shows °F (a difference for 'delta-c') and A, to 0.1, and sends back °C to 0.001, so that
 * what was typed comes back as typed (12 °F is 6.667 °C; to 0.1 it would come back as 12.1 °F).
 */
import { SIGNAL_BOUNDS, type RuleThreshold } from '../../../lambdas/shared/contract/answers/alerts.js';

export type ThresholdUnit = RuleThreshold['unit'];

/** To 0.1, without -0. */
export const roundTenth = (n: number) => Math.round(n * 10) / 10 + 0;
/** To 0.001, without -0: the precision sent, fine enough that a limit shown to 0.1 round-trips exactly. */
export const roundThousandth = (n: number) => Math.round(n * 1000) / 1000 + 0;

/** A limit in the server's unit as shown (°F, a °F difference, A), to 0.1; null for a rule without a limit. */
export function limitToDisplay(unit: ThresholdUnit, value: number): number | null {
  switch (unit) {
    case 'delta-c':
      return roundTenth((value * 9) / 5);
    case 'c':
      return roundTenth((value * 9) / 5 + 32);
    case 'a':
    case 'per-day':
    case 'pct':
      return roundTenth(value);
    case 'none':
      return null;
  }
}

/** A shown limit back in the server's unit (°C difference, °C, A), to 0.001; 0 for a rule without a limit. */
export function limitFromDisplay(unit: ThresholdUnit, shown: number): number {
  switch (unit) {
    case 'delta-c':
      return roundThousandth((shown * 5) / 9);
    case 'c':
      return roundThousandth(((shown - 32) * 5) / 9);
    case 'a':
    case 'per-day':
    case 'pct':
      return roundThousandth(shown);
    case 'none':
      return 0;
  }
}

/** The server's bounds of a limit (lambdas/shared/contract/alerts.ts SetThresholdsBody) and of the minutes. */
export const thresholdBounds = { limitMin: -50, limitMax: 1000, minutesMin: 0, minutesMax: 1440 } as const;
/** The signal rules' own bounds, the server's (one rule: SIGNAL_BOUNDS of the contract): starts a day 1–100 and median on-time 1–60 min whole, drift 1–500 %, ΔT's window 30–1440 minutes. */
export const signalBounds = SIGNAL_BOUNDS;

/** One row of the dialog's form: the rule as the server sent it, and the two fields as typed. */
export interface ThresholdRow {
  rule: RuleThreshold;
  forMinutes: string;
  /** In the shown unit; '' for a rule without a limit. */
  limit: string;
  /** Whether the rule is evaluated (the signal rules are off by default; the others always on). */
  on: boolean;
  /** Short cycling's median on-time (minutes) as typed; '' for the other rules. */
  minOnMinutes: string;
}

export type RowProblem = 'minutes' | 'limit' | 'onMinutes' | null;

/** The form's row for a rule as the server sent it. */
export function rowOf(rule: RuleThreshold): ThresholdRow {
  const shown = limitToDisplay(rule.unit, rule.limit);
  return { rule, forMinutes: String(rule.forMinutes), limit: shown === null ? '' : String(shown), on: rule.on, minOnMinutes: rule.minOnMinutes === undefined ? '' : String(rule.minOnMinutes) };
}

const wholeWithin = (typed: string, min: number, max: number) => typed.trim() !== '' && Number.isInteger(Number(typed)) && Number(typed) >= min && Number(typed) <= max;

/** What is wrong with a typed row: minutes not a whole number in 0–1440 (ΔT's 30–1440), a limit not a number within the server's bounds, or short cycling's median on-time not 1–60 whole minutes. */
export function rowProblem(row: ThresholdRow): RowProblem {
  const minutes = Number(row.forMinutes);
  if (row.forMinutes.trim() === '' || !Number.isInteger(minutes) || minutes < thresholdBounds.minutesMin || minutes > thresholdBounds.minutesMax) return 'minutes';
  if (row.rule.rule === 'delta-t' && !wholeWithin(row.forMinutes, signalBounds.deltaTMinutesMin, signalBounds.deltaTMinutesMax)) return 'minutes';
  if (row.rule.unit === 'none') return null;
  const shown = Number(row.limit);
  if (row.limit.trim() === '' || !Number.isFinite(shown)) return 'limit';
  if (row.rule.unit === 'per-day') {
    if (!wholeWithin(row.limit, signalBounds.startsMin, signalBounds.startsMax)) return 'limit';
    return row.rule.minOnMinutes === undefined || wholeWithin(row.minOnMinutes, signalBounds.onMinutesMin, signalBounds.onMinutesMax) ? null : 'onMinutes';
  }
  if (row.rule.unit === 'pct') return shown >= signalBounds.pctMin && shown <= signalBounds.pctMax ? null : 'limit';
  const server = limitFromDisplay(row.rule.unit, shown);
  return server < thresholdBounds.limitMin || server > thresholdBounds.limitMax ? 'limit' : null;
}

export interface RuleChange {
  kind: RuleThreshold['kind'];
  rule: RuleThreshold['rule'];
  forMinutes: number;
  limit: number;
  /** Sent for the rules that can be off (defaultOn false): whether they are on. */
  on?: boolean;
  /** Sent for short cycling: its median on-time in minutes. */
  minOnMinutes?: number;
}

/**
 * The rules to save: only rows that differ from their defaults (compared as shown, to 0.1 in the
 * shown unit), limits in the server's unit. Rows must be free of problems (rowProblem).
 */
export function changedRules(rows: readonly ThresholdRow[]): RuleChange[] {
  return rows.flatMap((row): RuleChange[] => {
    const { kind, rule, unit, defaultForMinutes, defaultLimit } = row.rule;
    const forMinutes = Number(row.forMinutes);
    // A limit left as shown keeps the value the server has (an older one may be stored to 0.1 °C).
    const untouched = unit !== 'none' && Number(row.limit) === limitToDisplay(unit, row.rule.limit);
    const limit = unit === 'none' ? 0 : untouched ? row.rule.limit : limitFromDisplay(unit, Number(row.limit));
    const hasOnMinutes = row.rule.defaultMinOnMinutes !== undefined;
    const minOnMinutes = Number(row.minOnMinutes);
    const same =
      forMinutes === defaultForMinutes &&
      (unit === 'none' || roundTenth(Number(row.limit)) === limitToDisplay(unit, defaultLimit)) &&
      row.on === row.rule.defaultOn &&
      (!hasOnMinutes || minOnMinutes === row.rule.defaultMinOnMinutes);
    if (same) return [];
    const change: RuleChange = row.rule.defaultOn ? { kind, rule, forMinutes, limit } : { kind, rule, forMinutes, limit, on: row.on };
    return [hasOnMinutes ? { ...change, minOnMinutes } : change];
  });
}
