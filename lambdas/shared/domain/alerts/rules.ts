/**
 * Equipment alerts' rules: what each rule watches, its defaults per kind of equipment, and whether
 * a device's latest sample breaks it. Pure: the evaluation (./evaluate.ts) keeps state and time.
 *
 * Readings come from the telemetry service in °C and A (spec section 3's fields); texts show °F as
 * the dashboard does. A rule whose fields the sample lacks answers `undefined` (unknown): its state
 * is left as it was, so a device that stops sending one field neither raises nor clears.
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { isCoolOn, isHeatOn, isStale, num, STALE_AFTER_MS, toBool } from '../../contract/telemetry-state.js';

import { RULE_IDS, SIGNAL_RULES, type RuleId } from '../../contract/answers/alerts.js';

export { RULE_IDS, SIGNAL_RULES, type RuleId };

/** What the equipment is, from its EQUIPMENT_TYPE: the defaults follow from it. */
export type EquipmentKind = 'air' | 'chiller' | 'heat';

export function equipmentKind(equipmentType: string): EquipmentKind {
  const t = equipmentType.toLowerCase();
  if (/chiller/.test(t)) return 'chiller';
  if (/make-?up air|\bmau\b|furnace|boiler|heater|heating/.test(t)) return 'heat';
  return 'air';
}

export interface RuleSetting {
  /** How long the condition must hold before the alert is raised, in minutes (0: at once). */
  forMinutes: number;
  /** The rule's limit, in the field's unit (°C difference, °C, A, starts a day, %); unused by `stale` and `delta-t`. */
  limit: number;
  /** Off: not evaluated (the signal rules' default); absent: on. */
  on?: boolean;
  /** Short cycling only: also flagged when the median on-time is under these minutes; absent: INSIGHT_DEFAULTS.minMedianOnMinutes. */
  minOnMinutes?: number;
}

/** Whether a rule is evaluated. */
export const isOn = (setting: RuleSetting) => setting.on !== false;

export type RuleSettings = Partial<Record<RuleId, RuleSetting>>;

/**
 * The defaults. Stale: the dashboard's rule (no sample for 15 minutes). Supply air: a unit calling
 * for cool whose supply is less than 5 °C (9 °F) below its return for 15 minutes is not cooling (a
 * working unit runs 8 to 13 °C below). No heat: calling for heat with the supply less than 5 °C
 * above the return for 15 minutes. Current: any leg above 40 A for 10 minutes. Chilled water: the
 * supply above 10 °C (50 °F) while calling for cool for 15 minutes (design is about 7 °C).
 *
 * The signal rules (./signals.ts), off by default: short cycling with the insight's thresholds (more
 * than 6 starts a day over the last 24 hours, or a median on-time under 8 minutes), raised at once;
 * ΔT across a cooling coil outside 16–22 °F for 2 hours (air units only: the band is a cooling
 * coil's); drift of the estimated kWh per runtime hour over the last 24 hours more than 15 % above
 * the unit's first 30 days, raised at once.
 */
const SIGNAL_DEFAULTS: RuleSettings = {
  'short-cycling': { forMinutes: 0, limit: INSIGHT_DEFAULTS.maxStartsPerDay, on: false, minOnMinutes: INSIGHT_DEFAULTS.minMedianOnMinutes },
  drift: { forMinutes: 0, limit: 15, on: false },
};

export const DEFAULT_RULES: Record<EquipmentKind, RuleSettings> = {
  air: {
    stale: { forMinutes: 0, limit: 0 },
    'supply-warm': { forMinutes: 15, limit: 5 },
    'no-heat': { forMinutes: 15, limit: 5 },
    'high-current': { forMinutes: 10, limit: 40 },
    'short-cycling': SIGNAL_DEFAULTS['short-cycling'],
    'delta-t': { forMinutes: 120, limit: 0, on: false },
    drift: SIGNAL_DEFAULTS.drift,
  },
  heat: {
    stale: { forMinutes: 0, limit: 0 },
    'no-heat': { forMinutes: 15, limit: 5 },
    'high-current': { forMinutes: 10, limit: 40 },
    ...SIGNAL_DEFAULTS,
  },
  chiller: {
    stale: { forMinutes: 0, limit: 0 },
    'chilled-water-warm': { forMinutes: 15, limit: 10 },
    'high-current': { forMinutes: 10, limit: 60 },
    ...SIGNAL_DEFAULTS,
  },
};

/** The rules of one kind of equipment, with a property's adjustments over the defaults. */
export function rulesFor(kind: EquipmentKind, overrides: RuleSettings = {}): RuleSettings {
  const out: RuleSettings = {};
  for (const [id, setting] of Object.entries(DEFAULT_RULES[kind]) as [RuleId, RuleSetting][]) out[id] = { ...setting, ...overrides[id] };
  return out;
}

/** A latest sample as the telemetry proxy gives it: { _time, ...metrics } or { error, _time: null }. */
export type SampleFields = { _time: string | null; error?: string } & Record<string, unknown>;

export interface Check {
  /** The condition holds now (true), does not (false), or cannot be told from this sample (undefined). */
  breached: boolean | undefined;
  /** What was seen, for the alert's detail (°F, A). */
  detail?: string;
  /** When the condition began, where the sample tells (a silent device: its last report). */
  since?: string;
}

const f = (c: number) => `${((c * 9) / 5 + 32).toFixed(1)}°F`;
const fDelta = (c: number) => `${((c * 9) / 5).toFixed(1)}°F`;
const finite = (v: unknown) => Number.isFinite(num(v)) && v !== null && v !== '' && typeof v !== 'boolean';
const minutes = (ms: number) => Math.round(ms / 60_000);

/** Whether the sample breaks the rule (the rule's `forMinutes` is the evaluation's business). */
export function check(rule: RuleId, setting: RuleSetting, s: SampleFields, now: number): Check {
  // The signal rules are judged over a window of readings (./signals.ts), not one sample.
  if (s.error || (SIGNAL_RULES as readonly RuleId[]).includes(rule)) return { breached: undefined };
  if (rule === 'stale') {
    if (!s._time) return { breached: true, detail: 'No report in the last hour' };
    // Said as it stays true while the alert is up (the detail is kept from the raise).
    const stale = isStale(s._time, now);
    return stale ? { breached: true, detail: `No report for more than ${minutes(STALE_AFTER_MS)} minutes`, since: s._time } : { breached: false };
  }
  // A silent device has no readings to judge: only `stale` speaks for it.
  if (!s._time || isStale(s._time, now)) return { breached: undefined };
  const supply = s['sadb-1'];
  const ret = s['radb-1'];
  switch (rule) {
    case 'supply-warm': {
      if (!finite(supply) || !finite(ret)) return { breached: undefined };
      if (!isCoolOn(s)) return { breached: false };
      const drop = num(ret) - num(supply);
      return { breached: drop < setting.limit, detail: `Calling for cool; supply ${f(num(supply))}, return ${f(num(ret))} (${fDelta(drop)} cooler; expected at least ${fDelta(setting.limit)})` };
    }
    case 'no-heat': {
      // Only units that say they call for heat: the cooling heuristic has no heating twin.
      if (toBool(s.callForHeat) === undefined && toBool(s.tw) === undefined) return { breached: undefined };
      if (!finite(supply) || !finite(ret)) return { breached: undefined };
      if (!isHeatOn(s)) return { breached: false };
      const rise = num(supply) - num(ret);
      return { breached: rise < setting.limit, detail: `Calling for heat; supply ${f(num(supply))}, return ${f(num(ret))} (${fDelta(rise)} warmer; expected at least ${fDelta(setting.limit)})` };
    }
    case 'high-current': {
      const legs = ['amps-1', 'amps-2', 'amps-3'].filter((k) => finite(s[k])).map((k) => num(s[k]));
      if (legs.length === 0) return { breached: undefined };
      const top = Math.max(...legs);
      return { breached: top > setting.limit, detail: `Highest current ${top.toFixed(1)} A (limit ${setting.limit.toFixed(0)} A)` };
    }
    case 'chilled-water-warm': {
      if (!finite(s.wst)) return { breached: undefined };
      if (!isCoolOn(s)) return { breached: false };
      return { breached: num(s.wst) > setting.limit, detail: `Calling for cool; chilled water supply ${f(num(s.wst))} (limit ${f(setting.limit)})` };
    }
    default:
      return { breached: undefined };
  }
}

export { STALE_AFTER_MS };
