import { dynamo } from '../shared/platform/clients.js';
import { EmailParams } from '../shared/contract/users.js';
import { getCustomers } from '../shared/data/customers.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { visibleUser } from '../shared/domain/users/portal-user.js';

/**
 * GET /api/users/usercustomerbyemail/{email}: the user's customers as parallel arrays, and beyond the
 * spec whether each has a telemetry mapping (the web app asks for a mapping only where one exists).
 */
export const handler = api({ params: EmailParams }, async ({ params, caller }) => {
  const db = dynamo();
  const user = await visibleUser(db, caller!, params.email);
  const customers = await getCustomers(db, user.customerIds);
  return ok({
    CUSTOMER_NAME: customers.map((c) => c.name),
    BUILDOPS_CUSTOMER_ID: customers.map((c) => c.id),
    TELEMETRY_MAPPED: customers.map((c) => !!c.telemetryCustomerId),
  });
});
