/**
 * The local gateway: API Gateway (HTTP API, JWT authorizer) and CloudFront on one small server.
 * `/api/*` is matched against the route table as API Gateway matches it, the bearer token verified
 * as the JWT authorizer would, and the route's handler called with a payload-2.0 event. Everything
 * else is the web build, `config.json` and the SPA fallback, with the portal's security headers.
 * Playing CloudFront (`cloudFront`), the API is also reachable past it, as at its execute-api
 * address, on a second server (`apiUrl`), and the public routes have the origin authorizer
 * (./origin-authorizer.ts): a request there without CloudFront's origin secret never reaches a handler.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../lambdas/shared/platform/http.js';
import { log } from '../../lambdas/shared/platform/log.js';
import { originAuthorizer, routeKey, type Route } from '../../lambdas/routes.js';
import { loadHandler, MissingHandlerError } from './handlers.js';
import { originAuthorizerEmulation } from './origin-authorizer.js';

/** API Gateway's request size limit. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  host: string;
  port: number;
  routes: readonly Route[];
  /** The web build (index.html, embed.html, assets/); missing: only the API and config.json. */
  webDir: string;
  /** The JWT authorizer's settings: the pool's issuer, the app clients (web and server), the pool's keys. */
  auth: { issuer: string; clientIds: string[]; jwks: Jwks };
  /** config.json's content. */
  browserConfig: () => Record<string, unknown>;
  /** Origins the pages may connect to (storage, Cognito) and frame (reports). */
  connectOrigins: () => string[];
  frameOrigins: () => string[];
  /** Resolves when every emulator answers; rejects naming the first that does not. */
  ready: () => Promise<void>;
  /**
   * Play CloudFront in front of the API as AWS deploys it (infra/web-construct.ts): every /api
   * request reaches the handler with the origin secret in `x-origin-verify`, the visitor's address
   * and port in `CloudFront-Viewer-Address` (both replacing whatever the client sent), and the
   * edge server's address as the connection's. Unset: the client talks to the API directly.
   */
  cloudFront?: { originVerify: string; edgeAddress: string };
  /** Playing CloudFront: the port of the API's own address (past CloudFront); default a free one. */
  apiPort?: number;
  /**
   * The end-to-end specs only (E2E=1; no such route on AWS): `POST /_control/jobs/<handler>` runs a
   * scheduled job's pass after the one in progress, and answers once it has ended, so a spec waiting
   * on a job asks for its pass instead of the stacks running every job every few seconds.
   */
  runJob?: (handler: string) => Promise<unknown>;
}

export interface Gateway {
  /** The portal's address (CloudFront's, when the gateway plays it). */
  url: string;
  /** The API's own address, as execute-api's: past CloudFront when the gateway plays it, else `url`. */
  apiUrl: string;
  server: Server;
  close(): Promise<void>;
}

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;

interface Compiled {
  route: Route;
  key: string;
  segments: string[];
  literals: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const TEXT_BODY = /^(text\/|application\/([a-z0-9.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)\b)/i;

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}
const JOB_CONTROL = '/_control/jobs/';

/** A scheduled job's pass asked by an end-to-end spec (GatewayOptions.runJob): 200 once it has ended, 404 for no such job. */
async function runJob(run: (handler: string) => Promise<unknown>, res: ServerResponse, handler: string) {
  try {
    await run(handler);
    sendJson(res, 200, { ran: handler });
  } catch (err) {
    const unknown = err instanceof UnknownJobError;
    if (!unknown) log.warn('a job run asked by a spec failed', { handler, err });
    sendJson(res, unknown ? 404 : 500, { error: (err as Error).message });
  }
}

/** No scheduled job of that handler (lambdas/routes.ts `scheduled`). */
export class UnknownJobError extends Error {}

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(res, status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });

/** JWT claims as the HTTP API hands them to the function: every value a string. */
function claimsAsStrings(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** The route for a method and a raw path, the most specific first (literal segments win over {params}). */
function matcher(routes: readonly Route[]) {
  const compiled: Compiled[] = routes.map((route) => {
    const segments = route.path.split('/').slice(1);
    return { route, key: routeKey(route), segments, literals: segments.filter((s) => !s.startsWith('{')).length };
  });
  compiled.sort((a, b) => b.literals - a.literals);
  return (method: string, rawPath: string): { route: Route; key: string; params: Record<string, string> } | 'bad-encoding' | undefined => {
    const trimmed = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const parts = trimmed.split('/').slice(1);
    for (const c of compiled) {
      if (c.route.method !== method || c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < parts.length && matched; i++) {
        const seg = c.segments[i]!;
        const part = parts[i]!;
        if (seg.startsWith('{')) {
          if (!part) matched = false;
          else {
            try {
              params[seg.slice(1, -1)] = decodeURIComponent(part);
            } catch {
              return 'bad-encoding';
            }
          }
        } else if (seg !== part) matched = false;
      }
      if (matched) return { route: c.route, key: c.key, params };
    }
    return undefined;
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      return resolve('too-large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const match = matcher(opts.routes);
  const verifier = JwtRsaVerifier.create({
    issuer: opts.auth.issuer,
    // API Gateway's JWT authorizer: `aud` (ID tokens) or `client_id` (access tokens) must be one of the app clients.
    audience: null,
    jwksUri: `${opts.auth.issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      const clients = opts.auth.clientIds;
      if (!clients.includes(String(payload.aud)) && !clients.includes(String(payload.client_id))) throw new Error('audience not allowed');
    },
  });
  verifier.cacheJwks(opts.auth.jwks);
  // Where CloudFront is played, its origin secret guards the public routes as on AWS.
  const checkOrigin = opts.cloudFront
    ? originAuthorizerEmulation({ cacheSeconds: originAuthorizer.cacheSeconds, invoke: async (event) => (await loadHandler(originAuthorizer.handler))(event) })
    : undefined;

  const securityHeaders = (html: boolean, embed: boolean): Record<string, string> => {
    const h: Record<string, string> = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' };
    if (html) {
      h['content-security-policy'] = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src 'self' ${opts.connectOrigins().join(' ')}`.trim(),
        `frame-src 'self' ${opts.frameOrigins().join(' ')}`.trim(),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        embed ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
      ].join('; ');
      h['x-frame-options'] = embed ? 'SAMEORIGIN' : 'DENY';
    }
    return h;
  };

  /** One /api request: through CloudFront (`viaCloudFront`, which sets its headers) or straight to the API. */
  async function api(req: IncomingMessage, res: ServerResponse, url: URL, rawPath: string, viaCloudFront: boolean) {
    const method = req.method ?? 'GET';
    const found = match(method, rawPath);
    const base = securityHeaders(false, false);
    if (found === 'bad-encoding') return sendJson(res, 400, { message: 'Bad Request' }, base);
    if (!found) return sendJson(res, 404, { message: 'Not Found' }, base);
    const body = await readBody(req);
    if (body === 'too-large') return sendJson(res, 413, { message: 'Request Entity Too Large' }, base);

    let claims: Record<string, string> | undefined;
    if (found.route.access !== 'public') {
      const header = req.headers.authorization ?? '';
      const token = header.replace(/^Bearer\s+/i, '').trim();
      try {
        if (!token) throw new Error('no token');
        claims = claimsAsStrings((await verifier.verify(token)) as Record<string, unknown>);
      } catch {
        return sendJson(res, 401, { message: 'Unauthorized' }, { ...base, 'www-authenticate': 'Bearer' });
      }
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v;
    const clientAddress = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    if (opts.cloudFront && viaCloudFront) {
      headers[ORIGIN_VERIFY_HEADER] = opts.cloudFront.originVerify;
      headers[VIEWER_ADDRESS_HEADER] = `${clientAddress}:${req.socket.remotePort ?? 0}`;
    }
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const type = headers['content-type'] ?? '';
    const text = body.length === 0 || TEXT_BODY.test(type);
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: found.key,
      rawPath,
      rawQueryString: url.search.slice(1),
      cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: url.search.length > 1 ? query : undefined,
      pathParameters: Object.keys(found.params).length ? found.params : undefined,
      body: body.length === 0 ? undefined : text ? body.toString('utf8') : body.toString('base64'),
      isBase64Encoded: !text,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
        http: { method, path: rawPath, protocol: `HTTP/${req.httpVersion}`, sourceIp: (viaCloudFront && opts.cloudFront?.edgeAddress) || clientAddress, userAgent: headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey: found.key,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } : undefined,
      },
      stageVariables: undefined,
    } as unknown as Event;

    if (checkOrigin && found.route.access === 'public') {
      const { requestContext, ...request } = event as unknown as Record<string, unknown> & { headers: Record<string, string> };
      const verdict = await checkOrigin(found.route, found.key, { ...request, requestContext: { ...(requestContext as object), authorizer: undefined } });
      if (verdict.status !== 'allowed') {
        if (verdict.status === 500) log.error('origin authorizer failed', { route: found.key });
        return sendJson(res, verdict.status, { message: verdict.message }, base);
      }
    }

    let result: Result | string | object;
    try {
      const handler = await loadHandler<Event, Result>(found.route.handler);
      result = await handler(event);
    } catch (err) {
      if (err instanceof MissingHandlerError) {
        return sendJson(res, 501, { error: `Not implemented yet: ${err.message}` }, base);
      }
      log.error('handler failed', { route: found.key, err });
      return sendJson(res, 500, { message: 'Internal Server Error' }, base);
    }
    // Payload 2.0: an answer without statusCode is a 200 with the value as JSON.
    if (typeof result !== 'object' || result === null || !('statusCode' in result)) return sendJson(res, 200, result, base);
    const r = result as Result;
    const out: Record<string, string | string[]> = { ...base };
    for (const [k, v] of Object.entries(r.headers ?? {})) out[k.toLowerCase()] = String(v);
    if (r.cookies?.length) out['set-cookie'] = r.cookies;
    const payload = r.body === undefined ? Buffer.alloc(0) : Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8');
    out['content-length'] = String(payload.length);
    res.writeHead(r.statusCode ?? 200, out);
    res.end(payload);
  }

  function file(res: ServerResponse, method: string, relative: string, status = 200) {
    const full = path.join(opts.webDir, relative);
    const ext = path.extname(full);
    const html = ext === '.html';
    const headers = {
      ...securityHeaders(html, relative === 'embed.html'),
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const body = readFileSync(full);
    if (method === 'HEAD') {
      res.writeHead(status, { ...headers, 'content-length': String(body.length) });
      return res.end();
    }
    send(res, status, body, headers);
  }

  function web(req: IncomingMessage, res: ServerResponse, rawPath: string) {
    const method = req.method ?? 'GET';
    const notFound = () => sendJson(res, 404, { error: `No route for ${method} ${rawPath}` }, securityHeaders(false, false));
    if (method !== 'GET' && method !== 'HEAD') return notFound();
    if (rawPath === '/config.json') return sendJson(res, 200, opts.browserConfig(), { ...securityHeaders(false, false), 'cache-control': 'no-cache' });
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return notFound();
    }
    const relative = path.normalize(decoded).replace(/^([/\\])+/, '');
    if (relative.startsWith('..') || relative.includes('\0')) return notFound();
    const full = path.join(opts.webDir, relative);
    if (relative && existsSync(full) && statSync(full).isFile()) return file(res, method, relative);
    if (path.extname(relative)) return notFound();
    const shell = relative.startsWith(`embed${path.sep}`) ? 'embed.html' : 'index.html';
    if (!existsSync(path.join(opts.webDir, shell))) return notFound();
    return file(res, method, shell);
  }

  /** CloudFront (or, not played, the API itself): the web build, config.json and /api. */
  const server = serve(async (req, res, url, rawPath) => {
    if (rawPath === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (rawPath === '/readyz') {
      try {
        await opts.ready();
        return sendJson(res, 200, { status: 'ready' });
      } catch (err) {
        return sendJson(res, 503, { error: (err as Error).message });
      }
    }
    if (rawPath === '/api' || rawPath.startsWith('/api/')) return api(req, res, url, rawPath, true);
    if (opts.runJob && rawPath.startsWith(JOB_CONTROL) && req.method === 'POST') return runJob(opts.runJob, res, rawPath.slice(JOB_CONTROL.length));
    return web(req, res, rawPath);
  });
  const urlOf = async (srv: Server, port: number) => {
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(port, opts.host, () => resolve());
    });
    const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${(srv.address() as AddressInfo).port}`;
  };
  const closeServer = (srv: Server) =>
    new Promise<void>((resolve) => {
      srv.close(() => resolve());
      srv.closeAllConnections();
    });
  const url = await urlOf(server, opts.port);
  // Playing CloudFront: the API's own address, past it (API Gateway's answers only, no web build).
  const direct = opts.cloudFront
    ? serve(async (req, res, u, rawPath) => {
        if (rawPath === '/api' || rawPath.startsWith('/api/')) return api(req, res, u, rawPath, false);
        return sendJson(res, 404, { message: 'Not Found' });
      })
    : undefined;
  let apiUrl = url;
  if (direct) {
    try {
      apiUrl = await urlOf(direct, opts.apiPort ?? 0);
    } catch (err) {
      await closeServer(server);
      throw err;
    }
  }
  return {
    url,
    apiUrl,
    server,
    close: async () => {
      await Promise.all([closeServer(server), ...(direct ? [closeServer(direct)] : [])]);
    },
  };
}

/** A server calling `handle` for each request; a failure is logged and answered 500. */
function serve(handle: (req: IncomingMessage, res: ServerResponse, url: URL, rawPath: string) => Promise<unknown>): Server {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://gateway.local');
      await handle(req, res, url, (req.url ?? '/').split('?')[0]!);
    })().catch((err: unknown) => {
      log.error('gateway failed', { err });
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  return server;
}
