import { dynamo } from '../shared/platform/clients.js';
import { EmailParams } from '../shared/contract/users.js';
import { getCustomers } from '../shared/data/customers.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { visibleUser } from '../shared/domain/users/portal-user.js';

/** GET /api/users/getcustomerbyemail/{email}: the user's customers as parallel arrays. */
export const handler = api({ params: EmailParams }, async ({ params, caller }) => {
  const db = dynamo();
  const user = await visibleUser(db, caller!, params.email);
  const customers = await getCustomers(db, user.customerIds);
  return ok({ CUSTOMER_NAME: customers.map((c) => c.name), BUILDOPS_CUSTOMER_ID: customers.map((c) => c.id) });
});
