/**
 * The signal rules (issue 44): short cycling, ΔT across the coil out of its band, and drift of the
 * estimated kWh per runtime hour against the unit's first 30 days. Each is judged over a window of
 * readings ending now with the insight computation's own functions (../insight/), not over the
 * latest sample; a window its readings cover less than MIN_COVERAGE_PCT of answers "cannot tell"
 * (the state stays as it was: nothing is judged over gaps it cannot see). Pure: no I/O, no clock.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { cyclesOf, deltaTOf, driftPct, baselineWindow, seriesOf, unitInsight, type Figure, type Reading, type UnitInputs } from '../insight/index.js';
import { DAY_MS, HOUR_MS, toMs } from '../insight/series.js';
import type { Check, RuleId, RuleSetting } from './rules.js';

/** Short cycling and drift are judged over the last day (starts a day; a day's mean power while running). */
export const SIGNAL_DAY_MS = DAY_MS;
/** The share of a window that readings must cover for a rule to be judged at all. */
export const MIN_COVERAGE_PCT = 80;
/** ΔT is out of band "for N hours" when it is outside the band for at least this share of the cooling runtime of the last N hours. */
export const DELTA_T_OUTSIDE_PCT = 90;

const one = (n: number) => n.toFixed(1);
const hours = (ms: number) => `${+(ms / HOUR_MS).toFixed(2)} h`;

/** The readings a signal rule needs, as ms before now; 0 for the other rules. */
export function signalWindowMs(rule: RuleId, setting: RuleSetting): number {
  if (rule === 'short-cycling' || rule === 'drift') return SIGNAL_DAY_MS;
  if (rule === 'delta-t') return setting.forMinutes * 60_000;
  return 0;
}

/** The step's minutes of a signal rule: ΔT's minutes are its window (already held for them when breached). */
export const stepMinutes = (rule: RuleId, setting: RuleSetting) => (rule === 'delta-t' ? 0 : setting.forMinutes);

export interface SignalInputs {
  /** The equipment row's electrical inputs (drift). */
  inputs?: UnitInputs;
  /** The unit's readings from its first one (the drift's baseline; telemetry/baselines.ts). */
  baseline?: readonly Reading[];
  /** Or the baseline's figure already computed (a stored one: equipment-alerts.ts BaselineItem). */
  baselineFigure?: BaselineFigure;
}

/** A unit's drift baseline: its window (ms) and kWh per runtime hour over it. */
export interface BaselineFigure {
  start: number;
  end: number;
  kwhPerRuntimeHour: Figure<number>;
}

/** The baseline's figure from the unit's readings from its first one; null without a reading. */
export function baselineFigure(readings: readonly Reading[], inputs: UnitInputs = {}): BaselineFigure | null {
  const window = baselineWindow(readings);
  if (!window) return null;
  const baselineInputs = { ...inputs, maxIntervalMinutes: INSIGHT_DEFAULTS.baselineMaxIntervalMinutes };
  return { start: toMs(window.start), end: toMs(window.end), kwhPerRuntimeHour: unitInsight(readings, window, baselineInputs).kwhPerRuntimeHour };
}

/** Whether the readings up to `now` break a signal rule. */
export function checkSignal(rule: RuleId, setting: RuleSetting, readings: readonly Reading[], now: number, more: SignalInputs = {}): Check {
  const window = { start: now - signalWindowMs(rule, setting), end: now };
  if (window.end <= window.start) return { breached: undefined };
  switch (rule) {
    case 'short-cycling': {
      const maxStartsPerDay = setting.limit;
      const minMedianOnMinutes = setting.minOnMinutes ?? INSIGHT_DEFAULTS.minMedianOnMinutes;
      const c = cyclesOf(seriesOf(readings, window), { maxStartsPerDay, minMedianOnMinutes });
      if (c.shortCycling.value === null || c.shortCycling.coverage < MIN_COVERAGE_PCT) return { breached: undefined };
      const median = c.medianOnMinutes.value === null ? 'no complete on-time' : `median on-time ${one(c.medianOnMinutes.value)} min`;
      return {
        breached: c.shortCycling.value,
        detail: `${one(c.startsPerDay.value!)} starts a day and ${median} over the last 24 hours (short cycling: more than ${maxStartsPerDay} starts a day or a median on-time under ${minMedianOnMinutes} min)`,
      };
    }
    case 'delta-t': {
      const band = INSIGHT_DEFAULTS.coolingDeltaT;
      const d = deltaTOf(seriesOf(readings, window), band);
      if (d.hoursOutside.coverage < MIN_COVERAGE_PCT) return { breached: undefined };
      // Not cooling in the window: the coil's ΔT says nothing wrong.
      if (d.outsidePct.value === null || d.meanF.value === null) return { breached: false };
      return {
        breached: d.outsidePct.value >= DELTA_T_OUTSIDE_PCT,
        detail: `ΔT across the coil ${one(d.meanF.value)}°F on average while cooling; outside the normal ${band.low}–${band.high}°F band for ${hours(d.hoursOutside.value! * HOUR_MS)} of the last ${hours(window.end - window.start)}`,
      };
    }
    case 'drift': {
      const base = more.baselineFigure ?? baselineFigure(more.baseline ?? [], more.inputs);
      // A unit whose first 30 days are not over before the window: no baseline to drift from yet.
      if (!base || base.end > window.start) return { breached: undefined };
      const now = unitInsight(readings, window, more.inputs).kwhPerRuntimeHour;
      if (now.coverage < MIN_COVERAGE_PCT) return { breached: undefined };
      const pct = driftPct(now, base.kwhPerRuntimeHour);
      if (pct === null) return { breached: undefined };
      const sign = pct >= 0 ? '+' : '';
      return {
        breached: pct > setting.limit,
        detail: `Estimated ${now.value!.toFixed(2)} kWh per runtime hour over the last 24 hours against an estimated ${base.kwhPerRuntimeHour.value!.toFixed(2)} in its first ${INSIGHT_DEFAULTS.baselineDays} days: ${sign}${one(pct)} % (limit ${setting.limit} %)`,
      };
    }
    default:
      return { breached: undefined };
  }
}
