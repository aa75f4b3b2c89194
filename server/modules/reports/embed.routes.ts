import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.js';
import { verifyEmbedToken, type EmbedClaims } from './embed-token.js';
import { isPage, pageData, tableRows, type DataScope, type Row } from './embed.pages.js';
import { EmbedPageParams, EmbedTableQuery, EmbedTokenQuery, messages } from './reports.schema.js';
import { resolveEmbedScope } from './reports.service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..', '..');
/** dist/web, whether the server runs compiled (dist/server) or from source. */
const webDir = path.basename(path.dirname(serverRoot)) === 'dist' ? path.join(serverRoot, '..', 'web') : path.join(serverRoot, '..', 'dist', 'web');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page with a message and no data (no script: the CSP allows none inline anyway). */
export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:48px 24px;color:#37474f;background:#fafafa;text-align:center}h1{font-size:20px;margin:0 0 8px}p{margin:0;font-size:14px}</style>
</head><body><main role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Leading = + - @ would be read as formulas by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The built-in report host: /embed/<page> pages framed by the portal, and the data they show. */
export const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const db = () => app.ctx.db;
  let shell: string | null | undefined = app.ctx.services.embedHtml as string | undefined;
  const loadShell = () => {
    if (shell === undefined) {
      try {
        shell = readFileSync(path.join(webDir, 'embed.html'), 'utf8');
      } catch {
        shell = null;
      }
    }
    return shell;
  };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  /** The caller's embed token (Authorization: Bearer) and the scope it may show now. */
  async function authorize(request: FastifyRequest): Promise<{ claims: EmbedClaims; scope: DataScope }> {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const claims = match ? await verifyEmbedToken(config, match[1]!) : null;
    if (!claims || !isPage(claims.page)) throw new HttpError(401, messages.embedInvalid);
    const scope = await resolveEmbedScope(db(), config, claims);
    if (!scope) throw new HttpError(403, messages.embedNoAccess);
    return { claims, scope };
  }

  app.get('/embed/:page', { schema: { hide: true, params: EmbedPageParams, querystring: EmbedTokenQuery } }, async (request, reply) => {
    const { page } = request.params;
    if (!isPage(page)) return html(reply, 404, messagePage('Report not found', `There is no report page "${page}".`));
    const claims = request.query.token ? await verifyEmbedToken(config, request.query.token) : null;
    if (!claims || claims.page !== page) return html(reply, 401, messagePage('Report link expired', messages.embedInvalid));
    if (!(await resolveEmbedScope(db(), config, claims))) return html(reply, 403, messagePage('No access', messages.embedNoAccess));
    const page_ = loadShell();
    if (!page_) return html(reply, 503, messagePage('Report pages not built', 'Run `npm run build` to build the report pages.'));
    return html(reply, 200, page_);
  });

  const noStore = { 'cache-control': 'no-store' };

  app.get('/embed/api/data', { schema: { hide: true } }, async (request, reply) => {
    const { claims, scope } = await authorize(request);
    const started = performance.now();
    const data = await pageData(db(), claims.page, scope);
    return reply.headers({ ...noStore, 'server-timing': `db;dur=${(performance.now() - started).toFixed(1)}` }).send(data);
  });

  app.get('/embed/api/table', { schema: { hide: true, querystring: EmbedTableQuery } }, async (request, reply) => {
    const { claims, scope } = await authorize(request);
    return reply.headers(noStore).send(await tableRows(db(), claims.page, scope, request.query));
  });

  app.get('/embed/api/table.csv', { schema: { hide: true, querystring: EmbedTableQuery } }, async (request, reply) => {
    const { claims, scope } = await authorize(request);
    const t = await tableRows(db(), claims.page, scope, { ...request.query, limit: null });
    const lines = [t.columns.map((c) => csvCell(c.label)).join(','), ...t.rows.map((r: Row) => t.columns.map((c) => csvCell(r[c.key] ?? null)).join(','))];
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .headers({ ...noStore, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${claims.page}-${day}.csv"` })
      .send(lines.join('\r\n') + '\r\n');
  });
};
