import { dynamo } from '../shared/platform/clients.js';
import { FilteredBody, messages } from '../shared/contract/reports.js';
import { HttpError, notFound, ok, badRequest } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { builtInPage, findReport, isBuiltInFrame, loadCatalogue } from '../shared/domain/reports/catalogue.js';
import { signEmbedToken } from '../shared/domain/reports/embed-token.js';
import { SigmaEmailError, sigmaConfig, sigmaConfigured, signSigmaUrl } from '../shared/domain/reports/sigma-signer.js';
import { everyId, resolveViewedUser, resolveViewScope } from '../shared/domain/reports/view-scope.js';

/** A signed URL for one frame of a report, filtered to the viewed user's customers and properties. */
export const handler = api({ body: FilteredBody }, async ({ body, caller }) => {
  const db = dynamo();
  // Both reads at once; the viewed user's refusals come first, as they always did.
  const [viewedR, catalogueR] = await Promise.allSettled([resolveViewedUser(db, caller!, body), loadCatalogue(db)]);
  if (viewedR.status === 'rejected') throw viewedR.reason;
  if (catalogueR.status === 'rejected') throw catalogueR.reason;
  const viewed = viewedR.value;
  const report = findReport(catalogueR.value, body.selectedReport);
  if (!report) throw notFound(messages.unknownReport(body.selectedReport));
  const frame = report.frames.find((f) => f === body._url);
  if (!frame) throw badRequest(messages.unknownFrame(report.name));
  const scope = await resolveViewScope(db, viewed, { customers: body.customers, properties: body.properties });

  if (isBuiltInFrame(frame)) {
    const { token, expiresAt } = await signEmbedToken({
      uid: viewed.userId,
      sub: viewed.email,
      acct: viewed.sub,
      page: builtInPage(frame),
      all: scope.all,
      c: scope.customerIds,
      p: scope.propertyIds,
      ...(body.from && body.to ? { df: body.from, dt: body.to } : {}),
    });
    return ok({ url: `${frame}${frame.includes('?') ? '&' : '?'}token=${token}`, expiresAt: expiresAt.toISOString() });
  }
  if (!sigmaConfigured()) throw new HttpError(503, messages.sigmaNotConfigured);
  const ids = scope.all ? await everyId(db) : scope;
  try {
    return ok(await signSigmaUrl(await sigmaConfig(), {
      frameUrl: frame,
      email: viewed.email,
      customerIds: ids.customerIds,
      propertyIds: ids.propertyIds,
      ...(body.from && body.to ? { period: { from: body.from, to: body.to } } : {}),
    }));
  } catch (err) {
    if (err instanceof SigmaEmailError) {
      log.error(err.message, { email: err.email, report: report.id });
      throw new HttpError(422, messages.sigmaEmail);
    }
    throw err;
  }
});
