/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 description, built from the route table (every row,
 * its access and area) and the contract's zod schemas (lambdas/shared/contract/openapi-registry.ts).
 * Only this function imports zod's JSON-schema code and the registry: they would grow every bundle.
 */
import { toJSONSchema } from 'zod/mini';
import { routes, routeKey, type Route } from '../routes.js';
import { openApiRegistry, type OpenApiEntry } from '../shared/contract/openapi-registry.js';
import { openApiSummaries } from '../shared/contract/openapi-summaries.js';
import type { core } from '../shared/platform/zod.js';
import { settings } from '../shared/platform/env.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { QUOTE_DECIDED, QuoteDecidedDetail } from '../shared/contract/quotes.js';

type Json = Record<string, unknown>;

/** Requests are described as clients send them (before defaults and transforms), answers as sent. */
function jsonSchema(schema: core.$ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** Every error is answered as { error }; by status: the component's name and description. */
const errorResponses = {
  400: ['BadRequest', 'The request is malformed or a field is invalid ("Invalid body.<field>: <reason>").'],
  401: ['Unauthorized', 'No valid credential, or the session has expired or been revoked.'],
  403: ['Forbidden', 'The caller may not do this or see this data.'],
  404: ['NotFound', 'What the request names does not exist.'],
  409: ['Conflict', 'The object is no longer in the state the request expects (a quote expired, decided or changed).'],
  429: ['TooManyRequests', 'Too many attempts; try again later.'],
} as const;

/** The path's `{name}` parameters, then the query's, each with its schema where the contract has one. */
function parameters(route: Route, entry: OpenApiEntry): Json[] {
  const pathSchema = entry.params ? jsonSchema(entry.params, 'input') : {};
  const pathProps = (pathSchema.properties ?? {}) as Record<string, Json>;
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const out: Json[] = names.map((name) => ({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } }));
  if (entry.query) {
    const q = jsonSchema(entry.query, 'input');
    const required = new Set((q.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>)) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function requestBody(entry: OpenApiEntry): Json | undefined {
  if (entry.multipart) {
    const fields = entry.body ? jsonSchema(entry.body, 'input') : { type: 'object', properties: {} };
    const schema = {
      ...fields,
      properties: { ...(fields.properties as Json), file: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [...((fields.required ?? []) as string[]), 'file'],
    };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (!entry.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(entry.body, 'input') } } };
}

function responses(route: Route, entry: OpenApiEntry): Json {
  const success: Json = { description: 'Success' };
  if (entry.text) success.content = { [entry.text]: { schema: { type: 'string' } } };
  else if (entry.response) success.content = { 'application/json': { schema: jsonSchema(entry.response, 'output') } };
  const signedIn = route.access !== 'public' || isEmbedRoute(route);
  const names = entry.body || entry.query || entry.params || route.path.includes('{');
  const errors = entry.errors ?? [...(signedIn ? [401, 403] : []), ...(names ? [404] : []), ...(route.tables?.rateLimits ? [429] : [])];
  const out: Json = { [entry.status ?? 200]: success };
  for (const status of [400, ...errors]) out[status] = { $ref: `#/components/responses/${errorResponses[status as keyof typeof errorResponses][0]}` };
  return out;
}

/**
 * Public in the route table, but the handler checks the report host's embed token: the /api/embed/
 * routes. The calendar feed and the unsubscribe link also read the embed secret, to check a signed
 * token of their own in the path or body: anyone holding the link may call them, so no scheme.
 */
const isEmbedRoute = (route: Route) => route.access === 'public' && route.path.startsWith('/api/embed/') && Boolean(route.secrets?.includes('embed'));

const area = (route: Route) => route.handler.split('/')[0]!;
const operationId = (route: Route) => route.handler.replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase());

export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const entry = openApiRegistry[routeKey(route)] ?? {};
    const params = parameters(route, entry);
    const body = requestBody(entry);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: openApiSummaries[routeKey(route)],
      tags: [area(route)],
      security: route.access !== 'public' ? [{ bearer: [] }] : isEmbedRoute(route) ? [{ embed: [] }] : [],
      'x-portal-access': route.access,
      // A form kept for the previous release's web app: a whole row is deprecated; an action body is noted.
      ...(route.legacy ? { 'x-portal-legacy': route.legacy, ...(route.legacy.form === 'route' ? { deprecated: true } : {}) } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(route, entry),
    };
  }
  const errorSchema = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };
  return {
    openapi: '3.1.0',
    info: { title: `${settings.productName()} portal API`, version: '1.0.0' },
    tags: [...new Set(routes.map(area))].map((name) => ({ name })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The Cognito ID token from POST /api/users/login.' },
        embed: { type: 'http', scheme: 'bearer', description: 'The report host\'s embed token, from the frame URL POST /api/sigma/filtered answers.' },
      },
      // The detail of the EventBridge event the stage's bus carries for each quote decision (docs/features/quotes.md "Quote decisions").
      schemas: { Error: errorSchema, QuoteDecidedEvent: { ...jsonSchema(QuoteDecidedDetail, 'output'), 'x-portal-event': { detailType: QUOTE_DECIDED, source: 'portal.<stage>', bus: 'portal-<stage>' } } },
      responses: Object.fromEntries(
        Object.values(errorResponses).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

let built: Json | undefined;

export const handler = api({}, async () => ok((built ??= openApiDocument())));
