import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, listForMessage as list, notFound } from '../../lib/http-error.js';
import { canSeeCustomer, canSeeProperty } from '../../lib/scope.js';
import { listCustomers, propertiesOfCustomers } from './catalog.repository.js';
import {
  CustomerParams,
  CustomersReply,
  ErrorReply,
  PropertiesBody,
  PropertiesReply,
  SigmaBuildingsReply,
  SigmaCustomersReply,
} from './catalog.schema.js';

const tags = ['catalogue'];

/** Customers and properties, filtered to the caller's scope. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  app.get('/api/users/customers', { schema: { tags, response: { 200: CustomersReply, 403: ErrorReply } } }, async (request) => {
    if (!request.user?.isAdmin) throw forbidden('Only administrators may list all customers.');
    const rows = await listCustomers(db());
    return rows.map((c) => ({ ID: c.id, NAME: c.name }));
  });

  app.post(
    '/api/users/customers/properties',
    { schema: { tags, body: PropertiesBody, response: { 200: PropertiesReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      const scope = await request.scope();
      const ids = [...new Set(request.body.customerIds)];
      const outside = ids.filter((id) => !canSeeCustomer(scope, id));
      if (outside.length) throw forbidden(`You do not have access to customer ${list(outside)}.`);
      if (scope.isAdmin) {
        const found = new Set((await listCustomers(db(), ids)).map((c) => c.id));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length) throw notFound(`No customer with the id ${list(missing)}.`);
      }
      const rows = await propertiesOfCustomers(db(), ids);
      return rows.filter((p) => canSeeProperty(scope, p.id)).map((p) => ({ ID: p.id, NAME: p.name, PROPERTY_TYPE: p.property_type }));
    },
  );

  app.get('/api/sigma/customers', { schema: { tags, response: { 200: SigmaCustomersReply } } }, async (request) => {
    const scope = await request.scope();
    const rows = await listCustomers(db(), scope.isAdmin ? undefined : [...scope.customerIds]);
    return { customer_names: rows.map((c) => c.name), customer_ids: rows.map((c) => c.id) };
  });

  app.get(
    '/api/sigma/buildings/:customerId',
    { schema: { tags, params: CustomerParams, response: { 200: SigmaBuildingsReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      const scope = await request.scope();
      const { customerId } = request.params;
      if (!canSeeCustomer(scope, customerId)) throw forbidden(`You do not have access to customer ${customerId}.`);
      if (scope.isAdmin && !(await listCustomers(db(), [customerId])).length) throw notFound(`No customer with the id ${customerId}.`);
      const rows = (await propertiesOfCustomers(db(), [customerId])).filter((p) => canSeeProperty(scope, p.id));
      return { property_names: rows.map((p) => p.name), property_ids: rows.map((p) => p.id), property_type: rows.map((p) => p.property_type) };
    },
  );
};
