/**
 * The readings of each device's drift baseline (docs/energy-estimates.md, "Baseline and drift"):
 * its first 30 days of readings, looked for within the year before the period's end. One first()
 * query finds every device's first reading; then the readings kWh per runtime hour needs (currents
 * and state, the last of every 15 minutes: INSIGHT_DEFAULTS.baselineWindowMinutes), one set of
 * queries per window start (devices that began together share it).
 */
import { INSIGHT_DEFAULTS } from '../../contract/answers/insight.js';
import { POWER_FIELDS, type CallLimit, type PeriodSamples, type TelemetryClient } from './client.js';

const DAY_MS = 86_400_000;
const WINDOW_MS = INSIGHT_DEFAULTS.baselineWindowMinutes * 60_000;
/** How far back a unit's first reading is looked for; a unit older than this has the 30 days from then as its baseline. */
export const BASELINE_LOOKBACK_DAYS = 365;

const iso = (ms: number) => new Date(ms).toISOString();

/** Each device's first reading within the lookback before `periodEnd` (ISO; null: none): one first() query. */
export const firstReadingsBefore = (telemetry: TelemetryClient, deviceIds: string[], periodEnd: number, limit: CallLimit) =>
  telemetry.firstReadings(deviceIds, { start: iso(periodEnd - BASELINE_LOOKBACK_DAYS * DAY_MS), stop: iso(periodEnd) }, limit);

/** Each device's readings from its first one (within the lookback) for the baseline's days; no entry for a device without a reading. */
export async function baselineSamples(telemetry: TelemetryClient, deviceIds: string[], periodEnd: number, limit: CallLimit): Promise<Record<string, PeriodSamples>> {
  return baselineSamplesFrom(telemetry, await firstReadingsBefore(telemetry, deviceIds, periodEnd, limit), periodEnd, limit);
}

/** The baseline's readings of the devices whose first reading is given (`firstReadingsBefore`); none for those without. */
export async function baselineSamplesFrom(telemetry: TelemetryClient, first: Record<string, string | null>, periodEnd: number, limit: CallLimit): Promise<Record<string, PeriodSamples>> {
  const groups = new Map<number, string[]>();
  for (const [id, at] of Object.entries(first)) {
    if (!at) continue;
    const start = Math.floor(Date.parse(at) / WINDOW_MS) * WINDOW_MS;
    groups.set(start, [...(groups.get(start) ?? []), id]);
  }
  const out: Record<string, PeriodSamples> = {};
  await Promise.all(
    [...groups].map(async ([start, ids]) => {
      // One window more than the baseline's days: its first reading may come late in the first window.
      const stop = Math.min(start + INSIGHT_DEFAULTS.baselineDays * DAY_MS + WINDOW_MS, periodEnd);
      const range = { start: iso(start), stop: iso(stop), everyMinutes: INSIGHT_DEFAULTS.baselineWindowMinutes, fields: POWER_FIELDS };
      if (stop > start) Object.assign(out, await telemetry.periodSamples(ids, range, limit));
    }),
  );
  return out;
}
