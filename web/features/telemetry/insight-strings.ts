/**
 * The texts of the energy and runtime estimates (beyond the spec: issue 44): the device cards'
 * "Energy and runtime (estimated)" part and the page that explains the figures
 * (docs/energy-estimates.md's essentials). Figures are formatted here too, so the panel and the
 * page say them the same way.
 */
import { ELECTRICAL_DEFAULTS, INSIGHT_DEFAULTS } from '../../../lambdas/shared/contract/answers/insight';

const one = (v: number) => v.toFixed(1);

export const insightText = {
  panelTitle: 'Energy and runtime',
  estimated: 'estimated',
  estimatedLink: (device: string) => `How the estimates of ${device} are made`,
  period: (days: number) => `Last ${days} days`,
  range: (from: string, to: string) => `${from} to ${to}`,
  tooLong: (max: number) => `The estimates cover at most ${max} days: choose a shorter period`,
  loading: 'Loading estimates…',
  failed: 'Estimates unavailable',
  noData: 'No readings in this period',
  energy: 'Energy',
  runtime: 'Runtime',
  starts: 'Starts',
  deltaT: 'ΔT',
  kwh: (v: number) => `${one(v)} kWh`,
  cost: (v: number) => `cost ${v.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  noCost: 'no tariff',
  hours: (v: number) => `${one(v)} h`,
  duty: (v: number) => `${Math.round(v)}% duty`,
  perDay: (v: number) => `${one(v)}/day`,
  medianOn: (v: number | null) => (v === null ? 'no full cycle' : `median on ${Math.round(v)} min`),
  shortCycling: 'Short cycling',
  /** The mean ΔT while cooling and the hours outside the band (none: no cooling run seen). */
  deltaTValue: (v: number | null, outsideHours: number | null, low: number, high: number) =>
    v === null ? 'no cooling run' : `${one(v)} °F · ${one(outsideHours ?? 0)} h outside ${low}–${high}`,
  coverage: (pct: number) => `${Math.round(pct)}% data`,
  coverageLabel: (what: string, pct: number) => `${what}: readings cover ${Math.round(pct)}% of the period`,
  missing: '—',

  // The page (paths.estimates)
  pageTitle: 'Energy and runtime estimates',
  back: 'Back to the portal',
  whatEstimated: 'What "estimated" means',
  whatEstimatedText:
    'The portal measures current, not power. Energy multiplies the current by a voltage and a power factor from the equipment import (or the defaults below), not from a meter, and cost multiplies energy by a tariff imported for the property. The figures compare a unit with itself and with its peers; they are not a utility bill.',
  formulas: 'Formulas',
  formulaRows: [
    ['Power, three-phase', 'kW = √3 · V_LL · I · PF / 1000'],
    ['Power, single-phase', 'kW = V · I · PF / 1000'],
    ['Energy (kWh)', 'the power of each interval × its length in hours, summed over the intervals whose current is known'],
    ['Cost', 'energy × tariff (price per kWh); no tariff, no cost'],
    ['Runtime (h) and duty cycle', 'the time the unit runs; duty cycle is runtime ÷ the time its state is known'],
    ['Starts per day', 'starts seen ÷ the days its state is known'],
    ['Median on-time', 'the median of the on-times seen from start to stop'],
    ['Short cycling', `more than ${INSIGHT_DEFAULTS.maxStartsPerDay} starts a day, or a median on-time under ${INSIGHT_DEFAULTS.minMedianOnMinutes} minutes`],
    ['ΔT (°F)', 'return − supply while cooling, over the running time with both temperatures known'],
    ['Time outside the band', `running time with ΔT below ${INSIGHT_DEFAULTS.coolingDeltaT.low} °F or above ${INSIGHT_DEFAULTS.coolingDeltaT.high} °F`],
  ] as const,
  example: 'A constant 20 A on a three-phase 460 V unit at PF 0.85 for 10 hours is √3 · 460 · 20 · 0.85 / 1000 · 10 = 135.4 kWh.',
  coverageTitle: 'Gaps and coverage',
  coverageText: `Readings more than ${INSIGHT_DEFAULTS.maxIntervalMinutes} minutes apart leave a gap: nothing is counted over it. Beside every figure, its coverage says which share of the period the readings it needs cover. The panel reads the last sample of every 5 minutes.`,
  defaults: 'Defaults',
  defaultRows: [
    ['Voltage', `${ELECTRICAL_DEFAULTS.voltage[3]} V three-phase (line to line), ${ELECTRICAL_DEFAULTS.voltage[1]} V single-phase`],
    ['Phase', String(ELECTRICAL_DEFAULTS.phase)],
    ['Power factor', String(ELECTRICAL_DEFAULTS.powerFactor)],
    ['Tariff', 'none: no cost is estimated'],
    ['Running, without a reported state', `current above ${INSIGHT_DEFAULTS.runningAboveAmps} A`],
    ['ΔT band while cooling', `${INSIGHT_DEFAULTS.coolingDeltaT.low}–${INSIGHT_DEFAULTS.coolingDeltaT.high} °F`],
  ] as const,
  inputsTitle: (device: string) => `Inputs used for ${device}`,
  noInputs: 'Open this page from a device card to see the inputs of its estimates.',
  input: 'Input',
  value: 'Value',
  source: 'Source',
  fromImport: 'equipment import',
  fromProperty: 'property import',
  isDefault: 'default',
  notImported: 'none imported: no cost',
  voltage: 'Voltage',
  phase: 'Phase',
  powerFactor: 'Power factor',
  tariff: 'Tariff (per kWh)',
  volts: (v: number) => `${v} V`,

  // The summary (paths.energySummary), reached from Analytics
  summaryLink: 'Energy and runtime summary',
  summaryTitle: 'Energy and runtime summary',
  backToAnalytics: 'Back to Analytics',
  summaryLoading: 'Reading the units\' estimates and baselines…',
  summaryFailed: 'The estimates could not be loaded.',
  noDevices: 'This customer has no units with telemetry.',
  byProperty: 'By property',
  property: 'Property',
  units: 'Units',
  energyEstimated: 'Energy',
  costEstimated: 'Cost',
  runtimeEstimated: 'Runtime',
  flagged: 'Units flagged',
  noneFlagged: 'none',
  deltaTFlag: 'ΔT out of band',
  unavailable: (ids: readonly string[]) => `Estimates unavailable for ${ids.join(', ')}: not counted.`,
  ranking: 'Units ranked by drift',
  rankingHelp: 'Estimated kWh per runtime hour in the period against the unit\'s first 30 days of readings (within the year before). Highest first.',
  rankingScope: 'Ranking of',
  wholeAccount: 'Whole account',
  downloadCsv: 'Download CSV',
  rank: '#',
  unit: 'Unit',
  unitId: 'Unit id',
  kwhPerHour: 'kWh per runtime hour',
  baseline: 'Baseline',
  drift: 'Drift',
  dataCoverage: 'Data',
  kwhPerHourValue: (v: number | null) => (v === null ? '—' : v.toFixed(2)),
  /** Signed, one decimal; what rounds to zero is 0.0% (no "-0.0%"). */
  driftValue: (v: number | null) => {
    if (v === null) return '—';
    const r = Number(v.toFixed(1));
    return r === 0 ? '0.0%' : `${r > 0 ? '+' : ''}${r.toFixed(1)}%`;
  },
} as const;
