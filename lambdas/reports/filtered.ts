import { dynamo } from '../shared/platform/clients.js';
import { FilteredBody, isPage, messages, type PageData } from '../shared/contract/reports.js';
import { HttpError, notFound, ok, badRequest } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { builtInPage, findReport, isBuiltInFrame, loadCatalogue } from '../shared/domain/reports/catalogue.js';
import { loadPageInput } from '../shared/domain/reports/embed-request.js';
import { signEmbedToken } from '../shared/domain/reports/embed-token.js';
import { pageAttributes, pageData, pageDatasets } from '../shared/domain/reports/pages.js';
import { SigmaEmailError, sigmaConfig, sigmaConfigured, signSigmaUrl } from '../shared/domain/reports/sigma-signer.js';
import { everyId, resolveViewedUser, resolveViewScope, type ViewScope } from '../shared/domain/reports/view-scope.js';

/** A promise's outcome without throwing (so one left unawaited on an early refusal is never an unhandled rejection). */
const settle = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> =>
  p.then(
    (value) => ({ status: 'fulfilled', value }) as const,
    (reason: unknown) => ({ status: 'rejected', reason }) as const,
  );
const valueOf = <T>(r: PromiseSettledResult<T>): T => {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
};

/**
 * A built-in page's data for a scope: what GET /api/embed/data answers for the token signed from
 * that scope (the same reads and the same function), so the frame can draw without asking.
 */
async function frameData(db: ReturnType<typeof dynamo>, url: string, scope: ViewScope, period: { df?: string; dt?: string }): Promise<PageData> {
  const page = builtInPage(url);
  if (!isPage(page)) throw notFound(messages.unknownReport(page));
  const access = { scope: scope.all ? ({ all: true } as const) : ({ all: false, propertyIds: scope.propertyIds } as const), index: new Map(), claims: period };
  return pageData(page, await loadPageInput(db, access, pageDatasets[page], pageAttributes[page]));
}

/**
 * A signed URL for one frame of a report, filtered to the viewed user's customers and properties.
 * With `withData` and a built-in frame, the frame's data comes in the same answer (issue 42: one
 * round less before the first report is drawn); its reads start beside the catalogue's and are
 * answered only once the catalogue has the frame.
 */
export const handler = api({ body: FilteredBody }, async ({ body, caller }) => {
  const db = dynamo();
  const period = body.from && body.to ? { df: body.from, dt: body.to } : {};
  const viewedP = settle(resolveViewedUser(db, caller!, body));
  const catalogueP = settle(loadCatalogue(db));
  const scopeP = settle(viewedP.then((v) => resolveViewScope(db, valueOf(v), { customers: body.customers, properties: body.properties })));
  const dataP = body.withData && isBuiltInFrame(body._url) ? settle(scopeP.then((s) => frameData(db, body._url, valueOf(s), period))) : undefined;

  // The refusals in the order they always came: the viewed user, the catalogue, the report, the frame, the scope.
  const viewed = valueOf(await viewedP);
  const report = findReport(valueOf(await catalogueP), body.selectedReport);
  if (!report) throw notFound(messages.unknownReport(body.selectedReport));
  const frame = report.frames.find((f) => f === body._url);
  if (!frame) throw badRequest(messages.unknownFrame(report.name));
  const scope = valueOf(await scopeP);

  if (isBuiltInFrame(frame)) {
    const { token, expiresAt } = await signEmbedToken({
      uid: viewed.userId,
      sub: viewed.email,
      acct: viewed.sub,
      page: builtInPage(frame),
      all: scope.all,
      c: scope.customerIds,
      p: scope.propertyIds,
      ...period,
    });
    const data = dataP ? valueOf(await dataP) : undefined;
    return ok({ url: `${frame}${frame.includes('?') ? '&' : '?'}token=${token}`, expiresAt: expiresAt.toISOString(), ...(data ? { data } : {}) });
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
