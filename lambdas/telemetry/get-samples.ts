import { CustomerParams, SamplesBody, telemetryMessages, type SamplesReply } from '../shared/contract/telemetry.js';
import { forbidden, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { customerDevices, requestDeadline, serviceFailure, telemetryClient } from '../shared/domain/telemetry/service.js';

/** The latest sample per device, for devices of the customer's visible equipment only (else 403, before the service is queried). */
export const handler = api({ params: CustomerParams, body: SamplesBody }, async ({ caller, params, body }) => {
  const limit = { deadline: requestDeadline() };
  const theirs = new Set((await customerDevices(caller!, params.customerId, limit)).map((d) => d.deviceId));
  const foreign = body.deviceIds.find((id) => !theirs.has(id));
  if (foreign !== undefined) throw forbidden(telemetryMessages.notTheirs(foreign));
  const telemetry = await telemetryClient();
  const reply: SamplesReply = { data: await telemetry.latestSamples(body.deviceIds, limit).catch(serviceFailure) };
  return ok(reply);
});
