/**
 * The energy and runtime estimates' units and defaults, in one place: the computation
 * (`domain/insight/`) applies them and a page prints them beside the figures ("estimated, at PF
 * 0.85"). Plain data, no Node imports: Vite bundles this file.
 */

/** The unit each figure is given in. */
export const INSIGHT_UNITS = {
  current: 'A',
  voltage: 'V (line to line for three-phase)',
  energy: 'kWh',
  power: 'kW',
  tariff: 'price per kWh (the property currency)',
  runtime: 'h',
  dutyCycle: '%',
  coverage: '% of the period',
  startsPerDay: 'starts per covered day',
  onTime: 'min',
  temperature: '°F',
  deltaT: '°F',
  drift: '%',
} as const;

/** A unit's electrical inputs when its equipment row gives none. */
export const ELECTRICAL_DEFAULTS = {
  /** Power factor of a motor-driven HVAC load at running current (0 < PF ≤ 1). */
  powerFactor: 0.85,
  phase: 3 as 1 | 3,
  /** Volts by phase: line to line for three-phase (460 V), line to neutral or across two legs for single-phase (230 V). */
  voltage: { 1: 230, 3: 460 } as Readonly<Record<1 | 3, number>>,
};

/** The thresholds of the runtime and ΔT figures; each is a parameter of the computation with this default. */
export const INSIGHT_DEFAULTS = {
  /** Two readings further apart than this are a gap: nothing is counted between them (no data). */
  maxIntervalMinutes: 15,
  /** Without an explicit on/off state, a unit is running when its current is above this. */
  runningAboveAmps: 1,
  /** Short cycling: more starts a day than this ... */
  maxStartsPerDay: 6,
  /** ... or a median on-time shorter than this. */
  minMedianOnMinutes: 8,
  /** Normal ΔT across the coil while cooling (return − supply), inclusive. */
  coolingDeltaT: { low: 16, high: 22 },
  /** The baseline of drift: the unit's first days of readings. */
  baselineDays: 30,
  /**
   * The baseline is read as the last reading of every 15 minutes (a third of the period's 5-minute
   * reads), its gaps above 20 minutes: kWh per runtime hour is the mean power while running, which
   * a coarser read estimates as well.
   */
  baselineWindowMinutes: 15,
  baselineMaxIntervalMinutes: 20,
};
