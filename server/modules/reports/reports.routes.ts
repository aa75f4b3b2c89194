import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signSigmaUrl, SigmaEmailError } from '../../adapters/sigma/sigma-signer.js';
import { HttpError } from '../../lib/http-error.js';
import { signEmbedToken } from './embed-token.js';
import { builtInPage, findReport, frameOriginsOf, isBuiltInFrame, loadCatalogue, readReportsFile, type Report } from './reports.catalogue.js';
import { ErrorReply, FilteredBody, FilteredReply, messages, ReportsReply } from './reports.schema.js';
import { everyId, resolveViewedUser, resolveViewScope } from './reports.service.js';

const tags = ['reports'];

/** The report catalogue (GET /api/reports) and the signed frame URLs (POST /api/sigma/filtered). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const db = () => app.ctx.db;
  // REPORTS_FILE is read once: a bad file stops the start with a message naming the entry.
  const fromFile: Report[] | undefined = config.reports.file ? readReportsFile(config.reports.file) : undefined;
  const sign = (app.ctx.services.sigmaSigner as typeof signSigmaUrl | undefined) ?? signSigmaUrl;
  if (config.reports.sigma) {
    const { reports } = await loadCatalogue(db(), fromFile);
    app.ctx.services.frameOrigins = frameOriginsOf(reports);
  }

  app.get(
    '/api/reports',
    { schema: { tags, summary: 'The report list (spec section 2) with each report\'s configured frame URLs', response: { 200: ReportsReply, 401: ErrorReply } } },
    async () => (await loadCatalogue(db(), fromFile)).reports.map((r) => ({ id: r.id, name: r.name, group: r.group, frames: r.frames })),
  );

  app.post(
    '/api/sigma/filtered',
    {
      schema: {
        tags,
        summary: 'A signed URL for one frame of a report, filtered to the viewed user\'s customers and properties',
        body: FilteredBody,
        response: { 200: FilteredReply, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 422: ErrorReply, 503: ErrorReply },
      },
    },
    async (request) => {
      const body = request.body;
      const viewed = await resolveViewedUser(db(), config, request.user!, body);
      const { reports } = await loadCatalogue(db(), fromFile);
      const report = findReport(reports, body.selectedReport);
      if (!report) throw new HttpError(404, messages.unknownReport(body.selectedReport));
      const frame = report.frames.find((f) => f === body._url);
      if (!frame) throw new HttpError(400, messages.unknownFrame(report.name));
      const scope = await resolveViewScope(db(), viewed, { customers: body.customers, properties: body.properties });

      if (isBuiltInFrame(frame)) {
        const { token, expiresAt } = await signEmbedToken(config, {
          uid: viewed.id,
          sub: viewed.email,
          page: builtInPage(frame),
          all: scope.all,
          c: scope.customerIds,
          p: scope.propertyIds,
        });
        return { url: `${frame}${frame.includes('?') ? '&' : '?'}token=${token}`, expiresAt: expiresAt.toISOString() };
      }
      if (!config.reports.sigma) throw new HttpError(503, messages.sigmaNotConfigured);
      const ids = scope.all ? await everyId(db()) : scope;
      try {
        return await sign(config.reports.sigma, { frameUrl: frame, email: viewed.email, customerIds: ids.customerIds, propertyIds: ids.propertyIds });
      } catch (err) {
        if (err instanceof SigmaEmailError) {
          request.log.error({ email: err.email, report: report.id }, err.message);
          throw new HttpError(422, messages.sigmaEmail);
        }
        throw err;
      }
    },
  );
};
