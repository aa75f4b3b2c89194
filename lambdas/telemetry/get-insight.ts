import { InsightBody, CustomerParams, telemetryMessages, type DeviceInsight, type InsightReply } from '../shared/contract/telemetry.js';
import { getProperties } from '../shared/data/properties.js';
import { driftAgainstBaseline, INSIGHT_DEFAULTS, readingsOfSamples, unitInsight, type UnitInputs } from '../shared/domain/insight/index.js';
import { baselineSamples } from '../shared/domain/telemetry/baselines.js';
import type { PeriodSamples } from '../shared/domain/telemetry/client.js';
import { requestDeadline, serviceFailure, telemetryClient, visibleDevices } from '../shared/domain/telemetry/service.js';
import { dynamo } from '../shared/platform/clients.js';
import { forbidden, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

const DAY_MS = 86_400_000;

/**
 * The energy and runtime estimates (docs/energy-estimates.md) of devices of the customer's visible
 * equipment over a report period: only those devices (else 403, before the service is queried),
 * their readings of the period up to now (5-minute windows), the equipment rows' voltage, phase and
 * power factor and their property's tariff; with `baseline`, each one's drift against its first 30
 * days of readings too. Reads: the customer and its equipment (as the samples route), then the
 * properties of the asked devices' equipment.
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
  const propertyIds = ids.flatMap((id) => rows.get(equipmentOf.get(id)!)?.propertyId ?? []);
  const telemetry = await telemetryClient();
  const none = Promise.resolve({} as Record<string, PeriodSamples>);
  const [properties, readings, baselines] = await Promise.all([
    getProperties(dynamo(), propertyIds),
    end > start ? telemetry.periodSamples(ids, { start: new Date(start).toISOString(), stop: new Date(end).toISOString() }, limit).catch(serviceFailure) : none,
    body.baseline && end > start ? baselineSamples(telemetry, ids, end, limit).catch(serviceFailure) : none,
  ]);
  const propertyOf = new Map(properties.map((p) => [p.id, p]));

  const data: InsightReply['data'] = {};
  for (const id of ids) {
    const got = readings[id];
    if (got?.error) {
      data[id] = { error: got.error };
      continue;
    }
    const row = rows.get(equipmentOf.get(id)!);
    const property = row?.propertyId ? propertyOf.get(row.propertyId) : undefined;
    const inputs: UnitInputs = { electrical: { voltage: row?.voltage, phase: row?.phase, powerFactor: row?.powerFactor }, tariffPerKwh: property?.tariffPerKwh ?? null };
    const insight = unitInsight(readingsOfSamples(got?.samples ?? []), { start, end }, inputs);
    const answer: DeviceInsight = {
      equipmentId: row?.id ?? equipmentOf.get(id)!,
      equipmentName: row?.name ?? equipmentOf.get(id)!,
      propertyId: row?.propertyId ?? null,
      propertyName: property?.name ?? row?.buildingName ?? null,
      ...insight,
    };
    const baselineInputs = { ...inputs, maxIntervalMinutes: INSIGHT_DEFAULTS.baselineMaxIntervalMinutes };
    if (body.baseline) answer.drift = driftAgainstBaseline(insight.kwhPerRuntimeHour, readingsOfSamples(baselines[id]?.samples ?? []), baselineInputs);
    data[id] = answer;
  }
  const reply: InsightReply = { data };
  return ok(reply);
});
