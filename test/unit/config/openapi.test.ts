import { handler, openApiDocument } from '../../../lambdas/config/get-openapi.js';
import { routeKey, routes } from '../../../lambdas/routes.js';
import { openApiRegistry } from '../../../lambdas/shared/contract/openapi-registry.js';
import { openApiSummaries } from '../../../lambdas/shared/contract/openapi-summaries.js';
import { apiEvent, json } from '../support/events.js';

interface Operation {
  operationId: string;
  summary?: string;
  deprecated?: boolean;
  'x-portal-legacy'?: { form: string; replacedBy: string[]; until: string };
  tags: string[];
  security: Record<string, string[]>[];
  'x-portal-access': string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }>; $ref?: string }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string }[];
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, unknown> };
}

const doc = openApiDocument() as unknown as Doc;
const op = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  const found = doc.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`no operation for ${key}`);
  return found;
};

describe('GET /api/openapi.json', () => {
  it('says in one line what every route does, and names no route that is gone', () => {
    expect(routes.filter((r) => !op(routeKey(r)).summary).map(routeKey)).toEqual([]);
    expect(Object.keys(openApiSummaries).filter((key) => !routes.some((r) => routeKey(r) === key))).toEqual([]);
  });

  it('400 on a control character in the query, as every call', async () => {
    const r = await handler(apiEvent({ route: 'GET /api/openapi.json', query: { x: 'a\u0000b' } }));
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toBe('Invalid query.x: must not contain control characters');
  });

  it('answers the description to anyone, without a token', async () => {
    const r = await handler(apiEvent({ route: 'GET /api/openapi.json' }));
    expect(r.statusCode).toBe(200);
    const body = json(r) as unknown as Doc;
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toContain('/api/users/login');
  });

  it('has every route of the table, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routes.map(routeKey).sort());
  });

  it('names only route keys of the table in the registry', () => {
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(openApiRegistry).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('asks for the bearer token on every route but the public ones, and says the access', () => {
    for (const route of routes) {
      const o = op(routeKey(route));
      expect({ key: routeKey(route), access: o['x-portal-access'], bearer: o.security.some((s) => 'bearer' in s) }).toEqual({
        key: routeKey(route),
        access: route.access,
        bearer: route.access !== 'public',
      });
    }
    expect(op('POST /api/users/login').security).toEqual([]);
    expect(op('GET /api/users').security).toEqual([{ bearer: [] }]);
    // The report host's data calls take its embed token, not a Cognito token.
    expect(op('GET /api/embed/data').security).toEqual([{ embed: [] }]);
    // The calendar feed and the unsubscribe link carry a signed token of their own (path, body): no scheme, no 401.
    for (const key of ['GET /api/calendar/{token}', 'POST /api/notifications/unsubscribe']) {
      expect(op(key).security).toEqual([]);
      expect(op(key).responses['401']).toBeUndefined();
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'embed']);
  });

  it('tags each call with its area, the handler folder', () => {
    expect(op('POST /api/users/login').tags).toEqual(['accounts']);
    expect(op('GET /api/telemetry/{customerId}/devices').tags).toEqual(['telemetry']);
    expect(op('GET /api/openapi.json').tags).toEqual(['config']);
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...new Set(routes.map((r) => r.handler.split('/')[0]))].sort());
  });

  it('describes the login body and answer from the contract', () => {
    const body = op('POST /api/users/login').requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties).sort()).toEqual(['email', 'password']);
    expect(body.required?.sort()).toEqual(['email', 'password']);
    expect(op('POST /api/users/login').responses['200']!.content!['application/json']!.schema).toMatchObject({ properties: { token: { type: 'string' } } });
  });

  it('lists path and query parameters, with the contract schema where there is one', () => {
    const params = op('PUT /api/users/{email}/customers').parameters!;
    expect(params).toEqual([expect.objectContaining({ name: 'email', in: 'path', required: true })]);
    expect(params[0]!.schema).toMatchObject({ type: 'string', maxLength: 320 });
    const audit = op('GET /api/audit').parameters!;
    expect(audit.map((p) => [p.name, p.in, p.required])).toEqual([
      ['limit', 'query', false],
      ['before', 'query', false],
    ]);
    expect(op('GET /api/s3/getdocumentsbyproperty').parameters).toEqual([expect.objectContaining({ name: 'propertyId', in: 'query', required: true })]);
  });

  it('answers 201 where the call creates, and text for the CSV', () => {
    expect(Object.keys(op('POST /api/users/signup').responses)).toContain('201');
    expect(Object.keys(op('POST /api/users/signup').responses)).not.toContain('200');
    expect(op('POST /api/s3/confirm-upload').responses['201']!.content!['application/json']!.schema).toMatchObject({
      properties: { DOCUMENT_URL: { type: 'string' }, message: { type: 'string' } },
    });
    expect(Object.keys(op('GET /api/embed/table.csv').responses['200']!.content!)).toEqual(['text/csv']);
    const upload = op('POST /api/s3/uploaddocument').requestBody!.content['multipart/form-data']!.schema;
    expect(upload.required?.sort()).toEqual(['file', 'propertyId']);
  });

  it('describes the portal.quote.decided event\'s detail among the components', () => {
    const event = (doc.components as unknown as { schemas: Record<string, { properties: Record<string, unknown>; required: string[]; 'x-portal-event': unknown }> }).schemas.QuoteDecidedEvent!;
    expect(event['x-portal-event']).toEqual({ detailType: 'portal.quote.decided', source: 'portal.<stage>', bus: 'portal-<stage>' });
    expect(event.required).toEqual(expect.arrayContaining(['quoteId', 'propertyId', 'decision', 'status', 'decidedAt', 'amount', 'record']));
    expect(Object.keys((event.properties.record as { properties: object }).properties)).toEqual(expect.arrayContaining(['hash', 'sourceIp', 'userAgent', 'shown']));
  });

  it('refers to the common { error } answers', () => {
    expect(Object.keys(doc.components.responses).sort()).toEqual(['BadRequest', 'Conflict', 'Forbidden', 'NotFound', 'TooManyRequests', 'Unauthorized']);
    expect(op('POST /api/quotes/{quoteId}/decision').responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(op('GET /api/users').responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(op('POST /api/users/login').responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(op('POST /api/users/login').responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(op('GET /api/config').responses['401']).toBeUndefined();
  });

  it("describes the resource-style routes of requests, alerts and notifications, and marks the previous release's forms", () => {
    expect(op('PATCH /api/requests/{reference}').parameters).toEqual([expect.objectContaining({ name: 'reference', in: 'path', required: true, schema: expect.objectContaining({ pattern: expect.any(String) }) })]);
    expect(Object.keys(op('PATCH /api/requests/{reference}').requestBody!.content['application/json']!.schema.properties).sort()).toEqual(['customerId', 'note', 'status']);
    expect(op('GET /api/requests').parameters!.map((p) => [p.name, p.required])).toEqual([['email', false], ['customerId', false], ['status', false], ['days', false]]);
    expect(op('GET /api/alerts/thresholds/{propertyId}').parameters!.map((p) => [p.name, p.in, p.required])).toEqual([['propertyId', 'path', true], ['customerId', 'query', true]]);
    expect(Object.keys(op('PUT /api/alerts/thresholds/{propertyId}').requestBody!.content['application/json']!.schema.properties).sort()).toEqual(['customerId', 'rules']);
    expect(Object.keys(op('PATCH /api/notifications').requestBody!.content['application/json']!.schema.properties)).toEqual(['settings']);
    // Filing is the new POST; its { action } bodies are the previous release's, noted but not deprecated.
    expect(op('POST /api/requests').requestBody!.content['application/json']!.schema.properties).not.toHaveProperty('action');
    expect(op('POST /api/requests')).toMatchObject({ 'x-portal-legacy': { form: 'action-body', until: 'next release' } });
    expect(op('POST /api/requests').deprecated).toBeUndefined();
    const legacy = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, o]) => o.deprecated).map(([m]) => `${m.toUpperCase()} ${path}`));
    expect(legacy.sort()).toEqual(['POST /api/alerts', 'POST /api/notifications']);
    for (const route of routes.filter((r) => r.legacy)) {
      // What replaces a legacy form is in the table, and is not itself legacy (but the request route filing as before).
      for (const key of route.legacy!.replacedBy) expect({ key, known: routes.some((r) => routeKey(r) === key && (r.legacy?.form !== 'route')) }).toEqual({ key, known: true });
    }
  });
});
