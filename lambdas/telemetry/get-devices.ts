import { CustomerParams, type DevicesReply } from '../shared/contract/telemetry.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { customerDevices, requestDeadline } from '../shared/domain/telemetry/service.js';

/** The telemetry service's devices of the customer's equipment rows the caller may see. */
export const handler = api({ params: CustomerParams }, async ({ caller, params }) => {
  const reply: DevicesReply = { data: await customerDevices(caller!, params.customerId, { deadline: requestDeadline() }) };
  return ok(reply);
});
