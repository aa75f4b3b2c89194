/**
 * Alert thresholds as people read them: the server keeps limits in °C, a °C difference or A; the
 * dialog shows °F (a difference for 'delta-c') and A, to 0.1, and sends back °C rounded to 0.1.
 */
import type { RuleThreshold } from '../../../lambdas/shared/contract/answers/alerts.js';

export type ThresholdUnit = RuleThreshold['unit'];

/** To 0.1, without -0. */
export const roundTenth = (n: number) => Math.round(n * 10) / 10 + 0;

/** A limit in the server's unit as shown (°F, a °F difference, A), to 0.1; null for a rule without a limit. */
export function limitToDisplay(unit: ThresholdUnit, value: number): number | null {
  switch (unit) {
    case 'delta-c':
      return roundTenth((value * 9) / 5);
    case 'c':
      return roundTenth((value * 9) / 5 + 32);
    case 'a':
      return roundTenth(value);
    case 'none':
      return null;
  }
}

/** A shown limit back in the server's unit (°C difference, °C, A), rounded to 0.1; 0 for a rule without a limit. */
export function limitFromDisplay(unit: ThresholdUnit, shown: number): number {
  switch (unit) {
    case 'delta-c':
      return roundTenth((shown * 5) / 9);
    case 'c':
      return roundTenth(((shown - 32) * 5) / 9);
    case 'a':
      return roundTenth(shown);
    case 'none':
      return 0;
  }
}

/** The server's bounds of a limit (lambdas/shared/contract/alerts.ts SetThresholdsBody) and of the minutes. */
export const thresholdBounds = { limitMin: -50, limitMax: 1000, minutesMin: 0, minutesMax: 1440 } as const;

/** One row of the dialog's form: the rule as the server sent it, and the two fields as typed. */
export interface ThresholdRow {
  rule: RuleThreshold;
  forMinutes: string;
  /** In the shown unit; '' for a rule without a limit. */
  limit: string;
}

export type RowProblem = 'minutes' | 'limit' | null;

/** The form's row for a rule as the server sent it. */
export function rowOf(rule: RuleThreshold): ThresholdRow {
  const shown = limitToDisplay(rule.unit, rule.limit);
  return { rule, forMinutes: String(rule.forMinutes), limit: shown === null ? '' : String(shown) };
}

/** What is wrong with a typed row: minutes not a whole number in 0–1440, or a limit not a number within the server's bounds. */
export function rowProblem(row: ThresholdRow): RowProblem {
  const minutes = Number(row.forMinutes);
  if (row.forMinutes.trim() === '' || !Number.isInteger(minutes) || minutes < thresholdBounds.minutesMin || minutes > thresholdBounds.minutesMax) return 'minutes';
  if (row.rule.unit === 'none') return null;
  const shown = Number(row.limit);
  if (row.limit.trim() === '' || !Number.isFinite(shown)) return 'limit';
  const server = limitFromDisplay(row.rule.unit, shown);
  return server < thresholdBounds.limitMin || server > thresholdBounds.limitMax ? 'limit' : null;
}

export interface RuleChange {
  kind: RuleThreshold['kind'];
  rule: RuleThreshold['rule'];
  forMinutes: number;
  limit: number;
}

/**
 * The rules to save: only rows that differ from their defaults (compared at the precision sent, 0.1
 * in the server's unit), limits in the server's unit. Rows must be free of problems (rowProblem).
 */
export function changedRules(rows: readonly ThresholdRow[]): RuleChange[] {
  return rows.flatMap((row): RuleChange[] => {
    const { kind, rule, unit, defaultForMinutes, defaultLimit } = row.rule;
    const forMinutes = Number(row.forMinutes);
    const limit = unit === 'none' ? 0 : limitFromDisplay(unit, Number(row.limit));
    const same = forMinutes === defaultForMinutes && (unit === 'none' || limit === roundTenth(defaultLimit));
    return same ? [] : [{ kind, rule, forMinutes, limit }];
  });
}
