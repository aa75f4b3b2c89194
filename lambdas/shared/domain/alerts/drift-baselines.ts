/**
 * The drift baselines a pass computes (those not stored yet: ./evaluate.ts): ONE first-readings call
 * finds each device's first reading; a device whose first 30 days are all in the daily roll-up
 * (lambdas/shared/domain/insight/rollup.ts, its last 92 days) has its baseline from those rolled
 * days, read in ONE BatchGetItem of their month items (at most 2 a device); the others' baseline
 * windows are read from the telemetry service as before (telemetry/baselines.ts: the last reading of
 * every 15 minutes) and computed from their readings. docs/energy-estimates.md "The daily roll-up".
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetTables } from '../../data/batch.js';
import { rolledDaysOf, unitDayKeys } from '../../data/unit-days.js';
import { tableName } from '../../platform/env.js';
import { baselineFromDays, INSIGHT_DEFAULTS, readingsOfSamples, ROLLUP_LOOKBACK_DAYS, type RolledDay, type UnitInputs } from '../insight/index.js';
import { baselineSamplesFrom, firstReadingsBefore } from '../telemetry/baselines.js';
import type { CallLimit, TelemetryClient } from '../telemetry/client.js';
import { baselineFigure, type BaselineFigure } from './signals.js';

const DAY_MS = 86_400_000;

/** Where a baseline came from (the bench and the tests tell them apart). */
export type BaselineSource = 'roll-up' | 'readings';

/**
 * The baselines of these devices at `now`, by device, with their source; none for a device without
 * a reading or whose readings the service could not give.
 */
export async function driftBaselines(
  db: DynamoDBDocumentClient,
  customerId: string,
  telemetry: TelemetryClient,
  deviceIds: string[],
  now: number,
  limit: CallLimit,
  inputsOf: ReadonlyMap<string, UnitInputs>,
): Promise<Map<string, BaselineFigure & { source: BaselineSource }>> {
  const out = new Map<string, BaselineFigure & { source: BaselineSource }>();
  const first = await firstReadingsBefore(telemetry, deviceIds, now, limit);
  // Those whose first day is within what the roll-up keeps and whose 30 days are over: their month items.
  const oldest = Math.floor(now / DAY_MS) * DAY_MS - ROLLUP_LOOKBACK_DAYS * DAY_MS;
  const keys = Object.entries(first).flatMap(([id, at]) => {
    const from = at ? Math.floor(Date.parse(at) / DAY_MS) * DAY_MS : NaN;
    if (!(from >= oldest) || from + INSIGHT_DEFAULTS.baselineDays * DAY_MS > now) return [];
    return unitDayKeys(customerId, [id], from, from + INSIGHT_DEFAULTS.baselineDays * DAY_MS);
  });
  const table = tableName('reportRows');
  const rolled = keys.length ? rolledDaysOf((await batchGetTables(db, { [table]: keys }))[table]!) : new Map<string, Map<string, RolledDay>>();
  const raw: Record<string, string | null> = {};
  for (const [id, at] of Object.entries(first)) {
    if (!at) continue;
    const days = rolled.get(id);
    const figure = days ? baselineFromDays(Date.parse(at), days, inputsOf.get(id)) : null;
    if (figure) out.set(id, { ...figure, source: 'roll-up' });
    else raw[id] = at;
  }
  const samples = Object.keys(raw).length ? await baselineSamplesFrom(telemetry, raw, now, limit) : {};
  for (const [id, got] of Object.entries(samples)) {
    if (got.error) continue;
    const figure = baselineFigure(readingsOfSamples(got.samples), inputsOf.get(id));
    if (figure) out.set(id, { ...figure, source: 'readings' });
  }
  return out;
}
