/**
 * The one middleware stack every API handler runs on:
 *   take the correlation id (the caller's x-correlation-id, else API Gateway's request id) into
 *   every log line and the answer's x-correlation-id, count AWS calls, log one line per request
 *   and publish its business metrics (EMF) -> answer errors as { error } -> refuse requests that
 *   did not come through CloudFront (403; AWS only) -> parse the JSON body
 *   (malformed: 400) -> resolve the caller from the users table (gone or revoked: 401; `admin`
 *   routes: 403 for non-staff; the row is kept for the request, so the handler never reads it
 *   again) -> validate body, query and path parameters with zod (400 naming the field) -> the handler.
 * A route's access (public, user, admin) comes from the route table by the event's route key.
 * Every answer of 500 or above is counted (`Http5xx`, per function and version) for the canary's
 * rollback alarm. A probe event (./probe.ts: the pre-traffic hook's direct Invoke) is answered by
 * `answerProbe` instead of a handler.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { userPool } from '../resources/definitions.js';
import type { ZodType } from './zod.js';
import * as z from './zod-parts.js';
import type { Access, RouteAccess } from '../../routes.js';
import { calls, countCalls, dynamo } from './clients.js';
import { getUserBySub } from '../data/users.js';
import { isStaffEmail, mfaRequired } from './env.js';
import { ACCOUNT_REMOVED, badRequest, forbidden, HttpError, isDependencyFailure, NOT_THROUGH_PORTAL, ORIGIN_VERIFY_HEADER, RETRY_AFTER_SECONDS, SESSION_END_HEADER, unauthorized, unavailable, VIEWER_ADDRESS_HEADER, type Reply } from './http.js';
import { log } from './log.js';
import { sameSecret } from './origin-verify.js';
import { withRequestCache } from './request-cache.js';
import { CORRELATION_HEADER, correlationIdOf, countHttp5xx, countMetric, functionVersion, publishMetrics, tracingReady, withCorrelationId, type BusinessMetric } from './observability.js';
import { isProbeEvent, PROBE_SUB, type ProbeAnswer, type ProbeEvent } from './probe.js';
import { assignedScope, type Scope } from './scope.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyResultV2 & { statusCode: number; headers: Record<string, string>; body: string };

export const SESSION_EXPIRED = 'Your session has expired or is invalid. Please log in again.';
/** A signed-in user who must use an authenticator app and has none yet (the web app sets one up at sign-in). */
export const MFA_SETUP_NEEDED = 'Set up two-step verification to continue.';

export interface ApiRequest<B, Q, P> {
  event: ApiEvent;
  body: B;
  query: Q;
  params: P;
  /** The signed-in caller with their scope; null only on public routes. */
  caller: Scope | null;
  /** The body as sent (base64 decoded), for handlers that parse it themselves (multipart). */
  rawBody: Buffer;
  headers: Record<string, string>;
  /** The visitor's address: CloudFront's viewer address once the origin check passed, else the connection's (see viewerAddress). */
  sourceIp: string;
}

interface Spec<B extends ZodType | undefined, Q extends ZodType | undefined, P extends ZodType | undefined> {
  body?: B;
  query?: Q;
  params?: P;
  /** Leave the body unparsed (multipart uploads); `rawBody` carries it. */
  rawBody?: true;
  /** Largest body accepted, in bytes (default 1 MiB); larger: 413. */
  maxBodyBytes?: number;
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;

interface Ctx {
  access: Access;
  route: string;
  caller: Scope | null;
  rawBody: Buffer;
  json: unknown;
}

/** "body.email: must be an email address" from zod's first issue. */
export function describe(where: string, error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const at = issue?.path.length ? `${where}.${issue.path.join('.')}` : where;
  return `Invalid ${at}: ${issue?.message ?? 'bad value'}`;
}

/**
 * `value` as `schema` reads it, or a 400 naming the first problem at `where`: the route's own
 * parts (below) and, for a route with one body per action, the action's body.
 */
export function parseAs<S extends ZodType>(schema: S, value: unknown, where = 'body'): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(describe(where, r.error));
  return r.data as z.output<S>;
}

/** Refuses NUL and other control characters in path and query values before any lookup. */
function checkText(where: string, values: Record<string, string | undefined> | undefined) {
  for (const [k, v] of Object.entries(values ?? {})) {
    if (v === undefined) continue;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(v)) throw badRequest(`Invalid ${where}.${k}: must not contain control characters`);
    if (v.length > 1000) throw badRequest(`Invalid ${where}.${k}: must be at most 1000 characters`);
  }
}

/**
 * A token from before the account's last password change (reset or registration, which move
 * `tokensValidAfter` on). Two signs, both needed:
 * - `tva`, the tokensValidAfter in force when the token was issued (stamped by the
 *   pre-token-generation trigger): older than the row's means issued before the change;
 * - `auth_time`, when the session's sign-in happened, which Cognito keeps across refreshes: a
 *   refresh token from a session signed in a second or more before the change still mints tokens
 *   with a fresh `tva`, and this refuses them. (cognito-local sets auth_time anew on refresh, so
 *   locally only the first sign holds; the web app also ends a session whose refresh brings a new tva.)
 */
export function revoked(claims: Record<string, unknown>, tokensValidAfter: number): boolean {
  if (Number(claims.tva ?? 0) < tokensValidAfter) return true;
  const authTime = Number(claims.auth_time);
  return Number.isFinite(authTime) && authTime * 1000 + 1000 <= tokensValidAfter;
}

/** The token's `cognito:groups` as the HTTP API hands it on: "[staff other]" (or a JSON array, or one name). */
export function groupsOf(claims: Record<string, unknown>): string[] {
  const v = claims['cognito:groups'];
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || !v.trim()) return [];
  const text = v.trim();
  if (text.startsWith('[') && text.includes('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON: the bracketed, space-separated form below.
    }
  }
  return text
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** A claim that is true as a boolean or as the HTTP API's string "true". */
const claimTrue = (v: unknown) => v === true || v === 'true';

/**
 * The caller, found by the token's `sub`, which the user cannot change; everything the user can
 * write in Cognito (email, name, custom attributes) decides nothing. The row must still agree with
 * the token: the same email, verified (a token minted after a self-made email change carries the
 * new address, or an unverified one). Any disagreement, no row, or a token older than the row's
 * tokensValidAfter: 401. An administrator is a member of the pool's staff group whose verified
 * email is in a staff domain: a customer who somehow holds a staff-domain address stays a customer.
 */
export async function resolveCaller(event: ApiEvent): Promise<Scope> {
  const claims: Record<string, unknown> = event.requestContext.authorizer?.jwt?.claims ?? {};
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!sub || !email) throw unauthorized();
  const row = await getUserBySub(dynamo(), sub);
  // The account was removed: said in a header too, so the web app does not try to revoke a refresh
  // token the pool no longer has (the body is the same as for any other refused session).
  if (!row) throw new HttpError(401, SESSION_EXPIRED, { [SESSION_END_HEADER]: ACCOUNT_REMOVED });
  if (row.email !== email || !claimTrue(claims.email_verified) || revoked(claims, row.tokensValidAfter ?? 0)) throw unauthorized(SESSION_EXPIRED);
  const inStaffGroup = groupsOf(claims).includes(userPool.staffGroup);
  if (mfaRequired(inStaffGroup) && claims.mfa !== '1') throw forbidden(MFA_SETUP_NEEDED);
  const isAdmin = inStaffGroup && isStaffEmail(email);
  const assigned = isAdmin ? assignedScope({}) : assignedScope(row);
  return { isAdmin, sub, userId: row.userId, email, name: row.name, ...assigned };
}

/**
 * In AWS, ORIGIN_VERIFY holds the value CloudFront adds as `x-origin-verify`: a request without it
 * was sent to the execute-api address directly, past CloudFront's WAF, and is refused. On the public
 * routes API Gateway's request authorizer (lambdas/gateway/origin-authorizer.ts) refuses it first,
 * before any function runs; this check is the second line. Unset (the local stack without
 * LOCAL_CLOUDFRONT), every request passes.
 */
export function viaPortal(headers: ApiEvent['headers'], expected = process.env.ORIGIN_VERIFY): boolean {
  if (!expected) return true;
  const sent = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  return sameSecret(sent, expected);
}

/**
 * The address per-address limits count. Behind CloudFront the connection's address is an edge
 * server's, shared by many visitors; CloudFront names the visitor in `CloudFront-Viewer-Address`
 * ("<ip>:<port>", IPv6 unbracketed; https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/adding-cloudfront-headers.html),
 * forwarded by the /api/* behaviour's origin request policy (infra/web-construct.ts). Anyone can
 * send that header, so it is believed only where ORIGIN_VERIFY is set and the request carries its
 * value (it came through CloudFront, which sets the header itself); otherwise, and when the header
 * is missing or not an address, the connection's address counts.
 */
export function viewerAddress(event: Pick<ApiEvent, 'headers' | 'requestContext'>, expected = process.env.ORIGIN_VERIFY): string {
  const source = event.requestContext.http.sourceIp;
  if (!expected || !viaPortal(event.headers, expected)) return source;
  const sent = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === VIEWER_ADDRESS_HEADER)?.[1]?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(sent);
  const port = sent.lastIndexOf(':');
  const ip = bracketed ? bracketed[1]! : port > 0 && /^\d+$/.test(sent.slice(port + 1)) ? sent.slice(0, port) : sent;
  return isIP(ip) ? ip.toLowerCase() : source;
}

function toResult(reply: Reply): ApiResult {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.text !== undefined) return { statusCode: reply.statusCode, headers, body: reply.text };
  if (reply.body === undefined) return { statusCode: reply.statusCode, headers, body: '' };
  return { statusCode: reply.statusCode, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(reply.body) };
}

/**
 * The route table's row for a route key. A function's bundle carries the rows of the routes it
 * answers, cut to what is read here (PORTAL_BUNDLED_ROUTES, set by the bundle's entry before any
 * request; PORTAL_BUNDLED, true in every bundle through esbuild's define: infra/function-bundling.ts),
 * so the table with its grants stays out of it; unbundled (the local stack in one process, the
 * tests) the table itself is read.
 */
let table: Promise<ReadonlyMap<string, RouteAccess>> | undefined;
export function routeOf(routeKey: string): Promise<RouteAccess | undefined> {
  table ??= process.env.PORTAL_BUNDLED
    ? Promise.resolve(new Map(Object.entries((globalThis as { PORTAL_BUNDLED_ROUTES?: Record<string, RouteAccess> }).PORTAL_BUNDLED_ROUTES ?? {})))
    : import('../../routes.js').then((m) => m.routesByKey);
  return table.then((t) => t.get(routeKey));
}

/** Where a probe's check failed, said without a stack (an AWS error's name and message name no secret). */
const failure = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/**
 * A probe of `routeKey` (./probe.ts): checks, without changing anything, what a real request of
 * the route needs before its handler runs. The route is in the route table (else 400), and where
 * the route's row grants the users table (every signed-in route, and the public ones that read it)
 * one read of it for a caller that cannot exist: a missing table variable, a role without the
 * grant (AccessDenied, which the emulators never enforce) or no network answer 503. Never throws;
 * counts no metric.
 */
export async function answerProbe(event: ProbeEvent): Promise<ApiResult> {
  const { routeKey } = event.portalProbe;
  const answer: ProbeAnswer = { ok: false, routeKey, version: functionVersion(), checks: [] };
  const route = await routeOf(routeKey);
  if (!route) return toResult({ statusCode: 400, body: { ...answer, error: `No route table entry for ${routeKey}` } });
  answer.checks.push('route');
  try {
    await tracingReady();
    if (route.tables?.users) {
      await getUserBySub(dynamo(), PROBE_SUB);
      answer.checks.push('users-table');
    }
  } catch (err) {
    const error = failure(err);
    log.warn('probe failed', { route: routeKey, error });
    return toResult({ statusCode: 503, body: { ...answer, error } });
  }
  log.info('probe', { route: routeKey, checks: answer.checks });
  return toResult({ statusCode: 200, body: { ...answer, ok: true } });
}

export function api<B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, P extends ZodType | undefined = undefined>(
  spec: Spec<B, Q, P>,
  fn: (req: ApiRequest<Out<B>, Out<Q>, Out<P>>) => Promise<Reply>,
) {
  const ctxOf = new WeakMap<object, Ctx>();

  const core = async (event: ApiEvent): Promise<ApiResult> => {
    const ctx = ctxOf.get(event)!;
    const parse = <S extends ZodType | undefined>(schema: S, value: unknown, where: string): Out<S> =>
      (schema ? parseAs(schema, value, where) : undefined) as Out<S>;
    checkText('path', event.pathParameters);
    checkText('query', event.queryStringParameters);
    const params = parse(spec.params as P, event.pathParameters ?? {}, 'path');
    const query = parse(spec.query as Q, event.queryStringParameters ?? {}, 'query');
    const body = parse(spec.body as B, ctx.json ?? {}, 'body');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
    const reply = await fn({ event, body, query, params, caller: ctx.caller, rawBody: ctx.rawBody, headers, sourceIp: viewerAddress(event) });
    return toResult(reply);
  };

  /** Before the handler: the origin, the route, the caller and the body (each refusal an HttpError). */
  const before = async (event: ApiEvent) => {
    if (!viaPortal(event.headers)) throw forbidden(NOT_THROUGH_PORTAL);
    const route = event.routeKey;
    const found = await routeOf(route);
    if (!found) throw new Error(`No route table entry for ${route}`);
    const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
    const ctx: Ctx = { access: found.access, route, caller: null, rawBody: raw, json: undefined };
    ctxOf.set(event, ctx);
    if (found.access !== 'public') {
      ctx.caller = await resolveCaller(event);
      if (found.access === 'admin' && !ctx.caller.isAdmin) throw forbidden(`Only administrators may ${found.denied ?? 'do this'}.`);
    }
    if (raw.length > (spec.maxBodyBytes ?? 1024 * 1024)) throw new HttpError(413, 'The request is too large.');
    if (!spec.rawBody && raw.length > 0) {
      const type = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
      if (type && !/^application\/(.+\+)?json\b/i.test(type)) throw new HttpError(415, 'The body must be JSON (Content-Type: application/json).');
      try {
        ctx.json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('The body is not valid JSON.');
      }
    }
  };

  /** Any error of the steps above or of the handler, as the answer. */
  const answerError = (event: ApiEvent, err: unknown): ApiResult => {
    if (err instanceof HttpError) {
      // Every 503 says when to try again, whoever made it.
      const headers = err.statusCode === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS), ...err.headers } : err.headers;
      return toResult({ statusCode: err.statusCode, body: { error: err.message }, headers });
    }
    if (isDependencyFailure(err)) {
      // A service failed even after the SDK's retries (FAULTS makes this happen on purpose locally).
      log.warn('a service failed', { route: event.routeKey, err });
      const e = unavailable();
      return toResult({ statusCode: e.statusCode, body: { error: e.message }, headers: e.headers });
    }
    log.error('request failed', { route: event.routeKey, err });
    return toResult({ statusCode: 500, body: { error: 'Internal error' } });
  };

  const handler = async (event: ApiEvent): Promise<ApiResult> => {
    try {
      await before(event);
      return await core(event);
    } catch (err) {
      return answerError(event, err);
    }
  };

  return (event: ApiEvent | ProbeEvent): Promise<ApiResult> => {
    if (isProbeEvent(event)) return withCorrelationId(`probe-${randomUUID()}`, () => answerProbe(event));
    const id = correlationIdOf(event.headers, event.requestContext?.requestId);
    return withCorrelationId(id, () =>
      countCalls(async () => {
        const started = performance.now();
        await tracingReady();
        const result = await withRequestCache(() => handler(event));
        result.headers[CORRELATION_HEADER] = id;
        log.info('request', {
          route: event.routeKey,
          status: result.statusCode,
          ms: Math.round(performance.now() - started),
          calls: calls(),
        });
        const metric = businessMetrics[event.routeKey];
        if (metric && result.statusCode >= 200 && result.statusCode < 300) countMetric(metric);
        if (result.statusCode >= 500) countHttp5xx();
        publishMetrics();
        return result;
      }),
    );
  };
}

/**
 * The business events among the routes, counted when answered 2xx: sign-ins through the portal's
 * login route (every sign-in, the web app's too, is counted by the pre-token trigger as SignIn),
 * reports opened, documents uploaded (in one request, or confirmed after a direct upload) and
 * download links given.
 */
export const businessMetrics: Readonly<Record<string, BusinessMetric>> = {
  'POST /api/users/login': 'LoginRouteSignIn',
  'POST /api/sigma/filtered': 'ReportOpened',
  'POST /api/s3/uploaddocument': 'DocumentUploaded',
  'POST /api/s3/confirm-upload': 'DocumentUploaded',
  'GET /api/s3/getpresignedurl': 'DocumentDownloaded',
};
