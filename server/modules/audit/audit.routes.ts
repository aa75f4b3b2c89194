import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffEmail } from '../../config.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { AuditQuery, AuditReply, ErrorReply, ViewAsBody, ViewAsReply } from './audit.schema.js';

const tags = ['audit'];

const parseDetails = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The audit log (administrators): who did which write to what, when; and "view as" records. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.db;

  app.get(
    '/api/audit',
    {
      schema: {
        tags,
        description: 'Audit events, newest first. Page with ?limit= (1-500, default 50) and ?before=<nextBefore of the previous page>.',
        querystring: AuditQuery,
        response: { 200: AuditReply, 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request) => {
      if (!request.user?.isAdmin) throw forbidden('Only administrators may read the audit log.');
      const { limit, before } = request.query;
      let q = db().selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(limit + 1);
      if (before) q = q.where('id', '<', before);
      const rows = await q.execute();
      const page = rows.slice(0, limit);
      return {
        events: page.map((r) => ({
          id: r.id,
          at: new Date(r.at).toISOString(),
          actor: r.actor_email,
          action: r.action,
          target: r.target,
          details: parseDetails(r.details),
        })),
        nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  );

  app.post(
    '/api/audit/view-as',
    { schema: { tags, body: ViewAsBody, response: { 200: ViewAsReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      if (!request.user?.isAdmin) throw forbidden('Only administrators may view the portal as a customer.');
      const { email } = request.body;
      if (isStaffEmail(app.ctx.config, email)) throw badRequest('Invalid body.email: staff accounts cannot be viewed as a customer.');
      const user = await db().selectFrom('users').select('email').where('email', '=', email).executeTakeFirst();
      if (!user) throw notFound(`No user with the email ${email}.`);
      await audit(db(), request.user.email, 'view-as', user.email);
      return { message: `Viewing the portal as ${user.email}.` };
    },
  );
};
