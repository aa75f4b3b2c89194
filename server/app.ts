import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { isStaffEmail, type Config } from './config.js';
import { migrate, openDb, type Db, type DbHandle } from './db/index.js';
import { outboxMailer, smtpMailer, type Mailer } from './adapters/mail/mail.js';
import { HttpError } from './lib/http-error.js';
import { redactPaths, serializeRequest, type Logger } from './lib/logger.js';
import { loadCaller, type Scope } from './lib/scope.js';
import { verifySessionToken } from './modules/auth/tokens.js';
import { modules, publicApiPaths } from './modules/index.js';

/** Everything a route needs besides the request: configuration and the chosen adapters. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DbHandle['kind'];
  mailer: Mailer;
  log: Logger;
  /** Adapters and services that later areas register (storage, reports, telemetry) live here. */
  services: Record<string, unknown>;
  /** Every route the app serves (method and URL), for the authorization matrix test. */
  routes: { method: string; url: string }[];
}

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in caller, set by the /api authentication hook; null on public routes. */
    user: AuthUser | null;
    /** The caller's scope, loaded from the database once per request. */
    scope(): Promise<Scope>;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  /** An already-open database (tests share one per file); the app then does not close it. */
  db?: DbHandle;
  mailer?: Mailer;
  /** Skip serving the built web app (API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Adapters to use instead of the configured ones (tests: a failing storage, a fake clock...). */
  services?: Record<string, unknown>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app: dist/web, whether the server runs compiled (dist/server) or from source. */
const webDir = path.basename(path.dirname(here)) === 'dist' ? path.join(here, '..', 'web') : path.join(here, '..', 'dist', 'web');

/**
 * The portal's Content-Security-Policy. Frames may come only from the portal itself and from the
 * origins the report configuration names (ctx.services.frameOrigins, e.g. Sigma's); the embed
 * pages may be framed only by the portal.
 */
function contentSecurityPolicy(ctx: AppContext, embed: boolean): string {
  const frameOrigins = (ctx.services.frameOrigins as string[] | undefined) ?? [];
  const s3 = ctx.config.documents.s3;
  const storageOrigin = s3 ? (s3.endpoint ? new URL(s3.endpoint).origin : 'https://*.amazonaws.com') : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${storageOrigin}`.trim(),
    `frame-src 'self' ${frameOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    embed ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

/** Builds the Fastify app: database, adapters, authentication hook, API modules and the web app. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: serializeRequest } },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !opts.db;
  const handle = opts.db ?? (await openDb(config, (err) => app.log.warn({ err }, 'database connection lost; the pool will reconnect')));
  if (ownsDb) await migrate(handle.db, (m) => app.log.info(m));
  const mailer =
    opts.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, app.log) : outboxMailer(config.outboxDir, config.mailFrom, app.log));
  app.decorate('ctx', { config, db: handle.db, dbKind: handle.kind, mailer, log: app.log, services: { ...opts.services }, routes: [] } satisfies AppContext);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.ctx.routes.push({ method, url: route.url });
  });
  app.addHook('onClose', async () => {
    await mailer.close();
    if (ownsDb) await handle.close();
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = `${err.validationContext ?? 'request'}${first?.instancePath ? first.instancePath.replace(/\//g, '.') : ''}`;
      return reply.code(400).send({ error: `Invalid ${where}: ${first?.message ?? 'bad value'}` });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Internal error' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: status === 413 ? 'The request is too large.' : err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(status >= 500 ? status : 500).send({ error: 'Internal error' });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.productName} portal API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // One authentication hook for the whole /api prefix, with an explicit allow-list of public paths.
  app.decorateRequest('user', null);
  app.decorateRequest('scope', async function (this: { user: AuthUser | null }): Promise<Scope> {
    throw new HttpError(401, 'Authentication required');
  });
  app.addHook('onRequest', async (request) => {
    const url = request.url.split('?')[0]!.replace(/\/+$/, '');
    if (!url.startsWith('/api/') || publicApiPaths.has(url)) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Authentication required');
    const claims = await verifySessionToken(config, match[1]!);
    if (!claims) throw new HttpError(401, 'Your session has expired or is invalid. Please log in again.');
    const row = await loadCaller(app.ctx.db, claims.userId);
    if (!row || row.token_version !== claims.tv || row.email !== claims.email)
      throw new HttpError(401, 'Your session has expired or is invalid. Please log in again.');
    const user: AuthUser = { id: row.id, email: row.email, name: row.name, isAdmin: isStaffEmail(config, row.email) };
    request.user = user;
    const scope: Scope = user.isAdmin
      ? { isAdmin: true, userId: user.id, email: user.email, customerIds: new Set(), propertyIds: new Set() }
      : { isAdmin: false, userId: user.id, email: user.email, customerIds: new Set(row.customer_ids), propertyIds: new Set(row.property_ids) };
    request.scope = () => Promise.resolve(scope);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const embed = request.url.startsWith('/embed/');
      reply.header('content-security-policy', contentSecurityPolicy(app.ctx, embed));
      reply.header('x-frame-options', embed ? 'SAMEORIGIN' : 'DENY');
    }
    return payload;
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(app.ctx.db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ error: 'The database is not reachable.' });
    }
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  for (const mod of modules) await app.register(mod);

  if (opts.serveWeb !== false && existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) =>
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0]!;
      if (request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/embed/') || path.extname(url)) {
        return reply.code(404).send({ error: `No route for ${request.method} ${url}` });
      }
      // Client routes of spec section 2 (and any other path) get the app, which redirects.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
  }
  return app;
}
