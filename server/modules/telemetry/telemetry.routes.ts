import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createTelemetryClient, TelemetryServiceError, type TelemetryClient, type TelemetryDevice } from '../../adapters/telemetry/telemetry-client.js';
import { HttpError } from '../../lib/http-error.js';
import { canSeeCustomer, canSeeProperty, type Scope } from '../../lib/scope.js';
import { fleetFor } from '../../../infra/local/simulator/fleet.js';
import { startSimulator } from '../../../infra/local/simulator/simulator.js';
import { allEquipmentIds, equipmentOf, findCustomerMapping } from './telemetry.repository.js';
import { CustomerParams, DevicesReply, ErrorReply, SamplesBody, SamplesReply, telemetryMessages } from './telemetry.schema.js';

const tags = ['telemetry'];
const errors = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 502: ErrorReply, 503: ErrorReply };

/** The telemetry service's failure as the portal's answer: 502 when it refused us, 503 when it is down. */
function serviceFailure(err: unknown): never {
  if (err instanceof TelemetryServiceError) {
    if (err.status >= 400 && err.status < 500) throw new HttpError(502, 'The telemetry service refused the request. Please try again later.');
    throw new HttpError(503, 'The telemetry service is not available. Please try again later.');
  }
  throw err;
}

/** Server-side proxy of the telemetry service: the browser never sees the service or its key. */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  let client = app.ctx.services.telemetry as TelemetryClient | undefined;
  if (!client) {
    let baseUrl = config.telemetry.baseUrl;
    if (!baseUrl) {
      const sim = await startSimulator({ apiKey: config.telemetry.apiKey, fleet: async () => fleetFor(await allEquipmentIds(app.ctx.db)) });
      app.ctx.services.telemetrySimulator = sim;
      app.addHook('onClose', () => sim.close());
      baseUrl = sim.url;
    }
    client = createTelemetryClient({
      baseUrl,
      apiKey: config.telemetry.apiKey,
      maxPages: config.telemetry.maxPages,
      timeoutMs: config.telemetry.timeoutMs,
    });
    app.ctx.services.telemetry = client;
  }
  const telemetry = client;

  /** Checks scope and mapping; returns the customer's devices (only those of its equipment rows the caller may see). */
  async function devicesOf(scope: Scope, customerId: string): Promise<TelemetryDevice[]> {
    if (!canSeeCustomer(scope, customerId)) throw new HttpError(403, 'You do not have access to this customer.');
    const customer = await findCustomerMapping(app.ctx.db, customerId);
    if (!customer) throw new HttpError(404, telemetryMessages.unknownCustomer);
    if (!customer.mapping) throw new HttpError(404, telemetryMessages.notMapped);
    // Like the analytics rows: a customer sees the equipment of their assigned properties (and customer-wide equipment).
    const rows = await equipmentOf(app.ctx.db, customerId);
    const equipment = new Set(rows.filter((r) => r.property_id === null || canSeeProperty(scope, r.property_id)).map((r) => r.id));
    if (equipment.size === 0) return [];
    const all = await telemetry.listDevices().catch(serviceFailure);
    return all.filter((d) => equipment.has(d.equipment.id));
  }

  app.get(
    '/api/telemetry/:customerId/devices',
    {
      schema: {
        tags,
        summary: "Devices of the customer's equipment",
        description:
          "The telemetry service's devices whose equipment.id is one of the customer's equipment rows. The customer must be in the caller's scope (403) and have a telemetry mapping (404).",
        params: CustomerParams,
        response: { 200: DevicesReply, ...errors },
      },
    },
    async (request) => ({ data: await devicesOf(await request.scope(), request.params.customerId) }),
  );

  app.post(
    '/api/telemetry/:customerId/samples',
    {
      schema: {
        tags,
        summary: 'Latest telemetry sample per device',
        description:
          "For each device id (devices of the customer's equipment only, else 403): the last 5-minute bucket of the past hour, as { _time, ...metrics }, or { error, _time: null }, or { _time: null } when the device sent nothing in the last hour.",
        params: CustomerParams,
        body: SamplesBody,
        response: { 200: SamplesReply, ...errors },
      },
    },
    async (request) => {
      const devices = await devicesOf(await request.scope(), request.params.customerId);
      const theirs = new Set(devices.map((d) => d.deviceId));
      const foreign = request.body.deviceIds.find((id) => !theirs.has(id));
      if (foreign !== undefined) throw new HttpError(403, telemetryMessages.notTheirs(foreign));
      const samples = await telemetry.latestSamples(request.body.deviceIds).catch(serviceFailure);
      // DeviceSample's optional error reads as `| undefined` in its index signature; the values are the schema's.
      return { data: samples as z.infer<typeof SamplesReply>['data'] };
    },
  );
};
