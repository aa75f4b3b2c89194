import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/http-error.js';
import { canSeeCustomer, canSeeProperty } from '../../lib/scope.js';
import { customerExists, equipmentOf, telemetryMapping } from './analytics.repository.js';
import { AnalyticsRows, CustomerParams, ErrorReply, NclarityReply } from './analytics.schema.js';

const tags = ['analytics'];

/** Equipment analytics rows and the telemetry-service mapping of a customer. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  const checkCustomer = async (request: { scope: () => ReturnType<import('fastify').FastifyRequest['scope']> }, customerId: string) => {
    const scope = await request.scope();
    if (!canSeeCustomer(scope, customerId)) throw forbidden(`You do not have access to customer ${customerId}.`);
    if (!(await customerExists(db(), customerId))) throw notFound(`No customer with the id ${customerId}.`);
    return scope;
  };

  app.get(
    '/api/analytics/data/:customerId',
    { schema: { tags, params: CustomerParams, response: { 200: AnalyticsRows, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      const scope = await checkCustomer(request, request.params.customerId);
      const rows = await equipmentOf(db(), request.params.customerId);
      // A customer sees equipment of their assigned properties (and customer-wide equipment with no property).
      return rows
        .filter((r) => r.property_id === null || canSeeProperty(scope, r.property_id))
        .map((r) => ({
          BUILDING_NAME: r.building_name,
          EQUIPMENT_ID: r.id,
          EQUIPMENT_NAME: r.name,
          EQUIPMENT_TYPE: r.equipment_type,
          TELEMETRY_DATA: r.telemetry_data,
        }));
    },
  );

  app.get(
    '/api/analytics/nclarity-customer/:customerId',
    { schema: { tags, params: CustomerParams, response: { 200: NclarityReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      await checkCustomer(request, request.params.customerId);
      const m = await telemetryMapping(db(), request.params.customerId);
      if (!m) throw notFound(`Customer ${request.params.customerId} has no telemetry mapping.`);
      return { nclarityCustomer: { ID: m.telemetry_customer_id, NAME: m.telemetry_customer_name } };
    },
  );
};
