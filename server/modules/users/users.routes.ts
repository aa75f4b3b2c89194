import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../../app.js';
import { isStaffEmail } from '../../config.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, HttpError, listForMessage as list, notFound } from '../../lib/http-error.js';
import { canSeeUser } from '../../lib/scope.js';
import { issueCode } from '../auth/auth.repository.js';
import {
  customerIdsOfUser,
  deleteUsers,
  insertUser,
  missingCustomers,
  portalUserByEmail,
  portalUsers,
  propertiesByIds,
  replaceCustomers,
  replaceProperties,
  usersByEmails,
} from './users.repository.js';
import {
  AssignmentsReply,
  EmailParams,
  ErrorReply,
  PortalUsers,
  PutCustomersBody,
  PutPropertiesBody,
  RemoveUsersBody,
  RemoveUsersReply,
  SignupBody,
  SignupReply,
  UserCustomersReply,
  userMessages,
} from './users.schema.js';

const tags = ['users'];
const adminOnly = (user: { isAdmin: boolean } | null, what: string) => {
  if (!user?.isAdmin) throw forbidden(`Only administrators may ${what}.`);
};
const unique = <T>(xs: T[]) => [...new Set(xs)];

/** Accounts and their assignments (spec section 7, /api/users/*). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const db = () => app.ctx.db;

  /** The portal user for an email the caller may see: 403 outside scope, then 404 if unknown. */
  const visibleUser = async (user: AuthUser | null, email: string) => {
    // canSeeUser's rule; it needs only the caller, so no assignment queries are spent on it.
    if (!user || !canSeeUser({ isAdmin: user.isAdmin, userId: user.id, email: user.email, customerIds: new Set(), propertyIds: new Set() }, email))
      throw forbidden('You may only read your own account.');
    const found = await portalUserByEmail(db(), email);
    if (!found) throw notFound(`No user with the email ${email}.`);
    return found;
  };

  app.get(
    '/api/users/getproperty/:email',
    { schema: { tags, params: EmailParams, response: { 200: PortalUsers, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => [await visibleUser(request.user, request.params.email)],
  );

  const customersOf = async (request: { user: AuthUser | null; params: { email: string } }) => {
    const u = await visibleUser(request.user, request.params.email);
    return { CUSTOMER_NAME: u.CUSTOMER_NAME, BUILDOPS_CUSTOMER_ID: u.BUILDOPS_CUSTOMER_ID };
  };
  const customersSchema = { tags, params: EmailParams, response: { 200: UserCustomersReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } };
  app.get('/api/users/usercustomerbyemail/:email', { schema: customersSchema }, customersOf);
  app.get('/api/users/getcustomerbyemail/:email', { schema: customersSchema }, customersOf);

  app.get('/api/users', { schema: { tags, response: { 200: PortalUsers, 403: ErrorReply } } }, async (request) => {
    adminOnly(request.user, 'list users');
    return portalUsers(db());
  });

  /** Locks the target user's row for an assignment change; 404 unknown, 400 for staff accounts. */
  const lockAssignable = async (trx: Parameters<typeof customerIdsOfUser>[0], email: string) => {
    const user = await trx.selectFrom('users').select(['id', 'email']).where('email', '=', email).forUpdate().executeTakeFirst();
    if (!user) throw notFound(`No user with the email ${email}.`);
    if (isStaffEmail(config, user.email)) throw badRequest(`${email} is a staff account; staff accounts have no customer or property assignments.`);
    return user;
  };

  app.put(
    '/api/users/:email/customers',
    {
      schema: {
        tags,
        params: EmailParams,
        body: PutCustomersBody,
        response: { 200: AssignmentsReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      adminOnly(request.user, 'change assignments');
      const ids = unique(request.body.customers.map((c) => c.ID));
      return db()
        .transaction()
        .execute(async (trx) => {
          const user = await lockAssignable(trx, request.params.email);
          const missing = await missingCustomers(trx, ids);
          if (missing.length) throw badRequest(`Invalid body.customers: unknown customer id ${list(missing)}.`);
          await replaceCustomers(trx, user.id, ids);
          const [u] = await portalUsers(trx, [user.id]);
          await audit(trx, request.user!.email, 'user.customers', user.email, { customers: ids });
          return { message: userMessages.updated, BUILDOPS_CUSTOMER_ID: u!.BUILDOPS_CUSTOMER_ID, BUILDOPS_PROPERTY_IDS: u!.BUILDOPS_PROPERTY_IDS };
        });
    },
  );

  app.put(
    '/api/users/:email/properties',
    {
      schema: {
        tags,
        params: EmailParams,
        body: PutPropertiesBody,
        response: { 200: AssignmentsReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      adminOnly(request.user, 'change assignments');
      const ids = unique(request.body.properties.map((p) => p.ID));
      return db()
        .transaction()
        .execute(async (trx) => {
          const user = await lockAssignable(trx, request.params.email);
          const found = await propertiesByIds(trx, ids);
          const known = new Set(found.map((p) => p.id));
          const missing = ids.filter((id) => !known.has(id));
          if (missing.length) throw badRequest(`Invalid body.properties: unknown property id ${list(missing)}.`);
          const customers = new Set(await customerIdsOfUser(trx, user.id));
          const outside = found.filter((p) => !customers.has(p.customer_id)).map((p) => p.id);
          if (outside.length)
            throw badRequest(`Invalid body.properties: ${list(outside)} belong to no customer of ${user.email}; assign the customer first.`);
          await replaceProperties(trx, user.id, ids);
          await audit(trx, request.user!.email, 'user.properties', user.email, { properties: ids });
          const [u] = await portalUsers(trx, [user.id]);
          return { message: userMessages.updated, BUILDOPS_CUSTOMER_ID: u!.BUILDOPS_CUSTOMER_ID, BUILDOPS_PROPERTY_IDS: u!.BUILDOPS_PROPERTY_IDS };
        });
    },
  );

  app.post(
    '/api/users/signup',
    { schema: { tags, body: SignupBody, response: { 201: SignupReply, 400: ErrorReply, 403: ErrorReply, 422: ErrorReply } } },
    async (request, reply) => {
      adminOnly(request.user, 'create users');
      const b = request.body;
      const staff = isStaffEmail(config, b.email);
      const sentCustomers = b.customers.map((c) => (typeof c === 'string' ? c : 'ID' in c ? c.ID : c.id));
      const customerIds = staff ? [] : unique([...b.buildops_customer_ids, ...sentCustomers]);
      const propertyIds = staff ? [] : unique(b.buildops_property_ids);
      const userId = await db()
        .transaction()
        .execute(async (trx) => {
          const exists = await trx.selectFrom('users').select('id').where('email', '=', b.email).executeTakeFirst();
          if (exists) throw new HttpError(422, userMessages.exists);
          const missing = await missingCustomers(trx, customerIds);
          if (missing.length) throw badRequest(`Invalid body.buildops_customer_ids: unknown customer id ${list(missing)}.`);
          const found = await propertiesByIds(trx, propertyIds);
          const known = new Set(found.map((p) => p.id));
          const unknown = propertyIds.filter((id) => !known.has(id));
          if (unknown.length) throw badRequest(`Invalid body.buildops_property_ids: unknown property id ${list(unknown)}.`);
          const chosen = new Set(customerIds);
          const outside = found.filter((p) => !chosen.has(p.customer_id)).map((p) => p.id);
          if (outside.length) throw badRequest(`Invalid body.buildops_property_ids: ${list(outside)} belong to none of the chosen customers.`);
          const id = await insertUser(trx, b.email, b.name);
          if (!id) throw new HttpError(422, userMessages.exists);
          await replaceCustomers(trx, id, customerIds);
          await replaceProperties(trx, id, propertyIds);
          await issueCode(trx, config.jwtSecret, id, 'registration', b.password);
          await audit(trx, request.user!.email, 'user.create', b.email, { customers: customerIds, properties: propertyIds });
          return id;
        });
      let warning: string | undefined;
      try {
        await app.ctx.mailer.send({
          to: b.email,
          subject: `Your ${config.productName} Reporting account`,
          text: [
            `Hello ${b.name},`,
            '',
            `An account has been created for you on ${config.productName} Reporting.`,
            'Your temporary password is:',
            '',
            b.password,
            '',
            `Set your own password at ${config.publicUrl}/user-registration with your email and this temporary password.`,
            'The temporary password works for 7 days and only on that page.',
          ].join('\n'),
        });
      } catch (err) {
        request.log.error({ err, userId, email: b.email }, 'invitation mail failed after the user was created');
        warning = userMessages.mailFailed;
      }
      return reply.code(201).send({ message: userMessages.created, EMAIL: b.email, ...(warning ? { warning } : {}) });
    },
  );

  app.post(
    '/api/users/remove-users',
    { schema: { tags, body: RemoveUsersBody, response: { 200: RemoveUsersReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      adminOnly(request.user, 'remove users');
      const emails = unique(request.body.users);
      if (emails.includes(request.user!.email)) throw badRequest('Invalid body.users: you cannot remove your own account.');
      const staff = emails.filter((e) => isStaffEmail(config, e));
      if (staff.length) throw badRequest(`Invalid body.users: staff accounts cannot be removed here (${list(staff)}).`);
      return db()
        .transaction()
        .execute(async (trx) => {
          const rows = await usersByEmails(trx, emails);
          const found = new Set(rows.map((r) => r.email));
          const missing = emails.filter((e) => !found.has(e));
          if (missing.length) throw notFound(`No user with the email ${list(missing)}.`);
          await deleteUsers(trx, rows.map((r) => r.id));
          for (const r of rows) await audit(trx, request.user!.email, 'user.remove', r.email);
          return { message: userMessages.removed, removed: rows.map((r) => r.email) };
        });
    },
  );
};
