/** The energy and runtime estimates of a unit (see docs/energy-estimates.md): one import for their callers. */
export { ELECTRICAL_DEFAULTS, INSIGHT_DEFAULTS, INSIGHT_UNITS } from '../../contract/answers/insight.js';
export { cyclesOf, type CycleOptions, type Cycles } from './cycles.js';
export { deltaTOf, type Band, type DeltaT } from './delta-t.js';
export { baselineFromDays, baselineWindow, driftAgainstBaseline, driftFromBaseline, driftCsv, driftPct, DRIFT_CSV_COLUMNS, rankByDrift, rankingsByProperty, unitDrift, type BaselineOfDays, type DriftRow, type UnitDrift } from './drift.js';
export { electricalInputs, energyCost, energyKwh, kilowatts, type ElectricalInputs, type ElectricalUsed } from './energy.js';
export { firstReadingMs, seriesOf, timeOrder, type Figure, type Interval, type Period, type Reading, type Series, type SeriesOptions } from './series.js';
export { readingOfSample, readingsOfSamples } from './samples.js';
export { bandOf, insightOfTallies, kwhPerRuntimeHour, unitInsight, type UnitInputs, type UnitInsight } from './unit.js';
export { cycleTally, joinCycles, joinTallies, tallyOf, type CycleTally, type Tally } from './tally.js';
export { dayOf, dayStart, dayTally, insightFromDays, optionsKey, periodPlan, readMarginMs, rollableDays, ROLLUP_LOOKBACK_DAYS, ROLLUP_SETTLE_MS, type RolledDay } from './rollup.js';
