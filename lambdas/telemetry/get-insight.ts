import { InsightBody, CustomerParams, telemetryMessages, type DeviceInsight, type InsightReply } from '../shared/contract/telemetry.js';
import { batchGetTables } from '../shared/data/batch.js';
import type { PropertyItem } from '../shared/data/properties.js';
import { rolledDaysOf, unitDayKeys } from '../shared/data/unit-days.js';
import { driftFromBaseline, insightFromDays, periodPlan, readingsOfSamples, readMarginMs, type RolledDay, type UnitInputs } from '../shared/domain/insight/index.js';
import { driftBaselines } from '../shared/domain/alerts/drift-baselines.js';
import type { PeriodSamples } from '../shared/domain/telemetry/client.js';
import { requestDeadline, serviceFailure, telemetryClient, visibleDevices } from '../shared/domain/telemetry/service.js';
import { dynamo } from '../shared/platform/clients.js';
import { tableName } from '../shared/platform/env.js';
import { forbidden, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

const DAY_MS = 86_400_000;

/**
 * The energy and runtime estimates (docs/energy-estimates.md) of devices of the customer's visible
 * equipment over a report period: only those devices (else 403, before the service is queried),
 * over the period up to now, from their days the daily roll-up holds (lambdas/telemetry/roll-up-days.ts)
 * and, for what it does not hold yet (today), their readings (5-minute windows); with the
 * equipment rows' voltage, phase and power factor and their property's tariff; with `baseline`,
 * each one's drift against its first 30 days too: from the rolled days where the roll-up holds all
 * 30, else from their readings (../shared/domain/alerts/drift-baselines.ts). DynamoDB reads: the
 * customer and its equipment (as the samples route), then ONE batch of the asked devices'
 * properties and rolled days; with `baseline`, after the first readings, one batch of the baseline's
 * rolled days (only when some device's 30 days are within the roll-up's 92).
 */
export const handler = api({ params: CustomerParams, body: InsightBody }, async ({ caller, params, body }) => {
  const limit = { deadline: requestDeadline() };
  const { devices, equipment } = await visibleDevices(caller!, params.customerId, limit);
  const equipmentOf = new Map(devices.map((d) => [d.deviceId, d.equipment.id]));
  const foreign = body.deviceIds.find((id) => !equipmentOf.has(id));
  if (foreign !== undefined) throw forbidden(telemetryMessages.notTheirs(foreign));

  const rows = new Map(equipment.map((r) => [r.id, r]));
  const ids = [...new Set(body.deviceIds)];
  const start = Date.parse(body.period.from);
  // The period's end is the end of its last day, or now: the future is not a gap in the data.
  const end = Math.max(start, Math.min(Date.parse(body.period.to) + DAY_MS, Date.now()));
  const propertyIds = [...new Set(ids.flatMap((id) => rows.get(equipmentOf.get(id)!)?.propertyId ?? []))];
  const [propertiesTable, rowsTable] = [tableName('properties'), tableName('reportRows')];
  const found = await batchGetTables(dynamo(), { [propertiesTable]: propertyIds.map((id) => ({ id })), [rowsTable]: end > start ? unitDayKeys(params.customerId, ids, start, end) : [] });
  const propertyOf = new Map((found[propertiesTable] as unknown as PropertyItem[]).map((p) => [p.id, p]));
  const rolled = rolledDaysOf(found[rowsTable]!);
  const none = new Map<string, RolledDay>();

  // Readings only for what the roll-up does not hold, with the intervals that reach into it and out of it (as the job reads a day).
  const period = { start, end };
  const rawFrom = new Map(ids.map((id) => [id, periodPlan(period, rolled.get(id) ?? none).rawFrom]));
  const raw = ids.filter((id) => rawFrom.get(id)! < end);
  const from = Math.min(...raw.map((id) => rawFrom.get(id)!)) - readMarginMs();
  const inputsOf = new Map(
    ids.map((id) => {
      const row = rows.get(equipmentOf.get(id)!);
      const property = row?.propertyId ? propertyOf.get(row.propertyId) : undefined;
      const inputs: UnitInputs = { electrical: { voltage: row?.voltage, phase: row?.phase, powerFactor: row?.powerFactor }, tariffPerKwh: property?.tariffPerKwh ?? null };
      return [id, inputs];
    }),
  );
  const telemetry = await telemetryClient();
  const noSamples = Promise.resolve({} as Record<string, PeriodSamples>);
  const [readings, baselines] = await Promise.all([
    raw.length ? telemetry.periodSamples(raw, { start: new Date(from).toISOString(), stop: new Date(end + readMarginMs()).toISOString() }, limit).catch(serviceFailure) : noSamples,
    body.baseline && end > start ? driftBaselines(dynamo(), params.customerId, telemetry, ids, end, limit, inputsOf).catch(serviceFailure) : Promise.resolve(new Map<string, never>()),
  ]);

  const data: InsightReply['data'] = {};
  for (const id of ids) {
    const got = readings[id];
    if (got?.error) {
      data[id] = { error: got.error };
      continue;
    }
    const row = rows.get(equipmentOf.get(id)!);
    const property = row?.propertyId ? propertyOf.get(row.propertyId) : undefined;
    const insight = insightFromDays(rolled.get(id) ?? none, readingsOfSamples(got?.samples ?? []), period, inputsOf.get(id));
    const answer: DeviceInsight = {
      equipmentId: row?.id ?? equipmentOf.get(id)!,
      equipmentName: row?.name ?? equipmentOf.get(id)!,
      propertyId: row?.propertyId ?? null,
      propertyName: property?.name ?? row?.buildingName ?? null,
      ...insight,
    };
    if (body.baseline) answer.drift = driftFromBaseline(insight.kwhPerRuntimeHour, baselines.get(id));
    data[id] = answer;
  }
  const reply: InsightReply = { data };
  return ok(reply);
});
