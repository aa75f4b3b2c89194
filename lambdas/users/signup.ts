import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { userPool } from '../shared/resources/definitions.js';
import { dynamo, identity } from '../shared/platform/clients.js';
import { SignupBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { getCustomersAndProperties } from '../shared/data/catalog.js';
import { createUser, getUserByEmail } from '../shared/data/users.js';
import { isStaffEmail, settings } from '../shared/platform/env.js';
import { badRequest, HttpError, listForMessage, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { PASSWORD_RULE_MESSAGE } from '../shared/domain/accounts/passwords.js';
import { errorName } from '../shared/domain/accounts/cognito-errors.js';

const exists = () => new HttpError(422, userMessages.exists);

/** Deletes a Cognito user this call created; one already gone is fine. */
async function removeFromPool(email: string) {
  await identity()
    .send(new AdminDeleteUserCommand({ UserPoolId: settings.userPoolId(), Username: email }))
    .catch((err: unknown) => {
      if (errorName(err) !== 'UserNotFoundException') log.error('AdminDeleteUser after a failed creation failed', { email, err });
    });
}

/**
 * POST /api/users/signup (administrators): the Cognito user, which mails the sent password as the
 * temporary one (text by the custom-message trigger) — in the staff group when the email is in a
 * staff domain —, then the users row (pending) keyed by its sub. When either fails, neither half
 * is left behind. Staff accounts get no assignments.
 */
export const handler = api({ body: SignupBody }, async ({ body, caller }) => {
  const db = dynamo();
  if (await getUserByEmail(db, body.email)) throw exists();
  const staff = isStaffEmail(body.email);
  const sent = body.customers.map((c) => (typeof c === 'string' ? c : 'ID' in c ? c.ID : c.id));
  const customerIds = staff ? [] : [...new Set([...body.buildops_customer_ids, ...sent])];
  const propertyIds = staff ? [] : [...new Set(body.buildops_property_ids)];

  const { customers, properties } = await getCustomersAndProperties(db, customerIds, propertyIds);
  const knownCustomers = new Set(customers.map((c) => c.id));
  const missing = customerIds.filter((id) => !knownCustomers.has(id));
  if (missing.length) throw badRequest(`Invalid body.buildops_customer_ids: unknown customer id ${listForMessage(missing)}.`);
  const knownProperties = new Set(properties.map((p) => p.id));
  const unknown = propertyIds.filter((id) => !knownProperties.has(id));
  if (unknown.length) throw badRequest(`Invalid body.buildops_property_ids: unknown property id ${listForMessage(unknown)}.`);
  const outside = properties.filter((p) => !knownCustomers.has(p.customerId)).map((p) => p.id);
  if (outside.length) throw badRequest(`Invalid body.buildops_property_ids: ${listForMessage(outside)} belong to none of the chosen customers.`);

  // The pool first: it holds the email as its username (unique) and gives the account its sub,
  // the row's key. When the row cannot be written, the Cognito user goes again.
  let sub: string;
  try {
    const r = await identity().send(
      new AdminCreateUserCommand({
        UserPoolId: settings.userPoolId(),
        Username: body.email,
        TemporaryPassword: body.password,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: body.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: body.name },
        ],
      }),
    );
    sub = r.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    if (!sub) throw new Error('AdminCreateUser answered without the new user\'s sub');
    if (staff) await identity().send(new AdminAddUserToGroupCommand({ UserPoolId: settings.userPoolId(), Username: body.email, GroupName: userPool.staffGroup }));
  } catch (e) {
    const name = errorName(e);
    if (name === 'UsernameExistsException') throw exists();
    if (name === 'InvalidPasswordException') throw badRequest(`Invalid body.password: ${PASSWORD_RULE_MESSAGE}`);
    log.error('creating the Cognito user failed', { email: body.email, err: e });
    // The local pool saves the user before its mail fails: take that half away too.
    await removeFromPool(body.email);
    throw new HttpError(503, 'The account could not be created because the sign-in service did not answer. Please try again.');
  }

  const now = new Date().toISOString();
  let created = false;
  try {
    created = await createUser(db, {
      sub,
      email: body.email,
      userId: randomUUID(),
      name: body.name,
      customerIds: customers.map((c) => c.id),
      properties: Object.fromEntries(properties.map((p) => [p.id, p.customerId])),
      pending: true,
      createdAt: now,
      updatedAt: now,
    });
  } finally {
    if (!created) await removeFromPool(body.email);
  }
  if (!created) throw exists();
  await appendAudit(db, caller!.email, 'user.create', body.email, { customers: customerIds, properties: propertyIds });
  return ok({ message: userMessages.created, EMAIL: body.email }, 201);
});
