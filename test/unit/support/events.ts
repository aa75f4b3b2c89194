/** HTTP API (payload 2.0) events for calling handlers directly in unit tests. */
import type { ApiEvent, ApiResult } from '../../../lambdas/shared/platform/middleware.js';

export interface EventInput {
  /** The route key exactly as in lambdas/routes.ts, e.g. 'GET /api/users/getproperty/{email}'. */
  route: string;
  /** Claims of the caller's ID token; omitted on public routes. */
  claims?: Record<string, string | number>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  sourceIp?: string;
}

export function apiEvent(input: EventInput): ApiEvent {
  const [method, path] = input.route.split(' ') as [string, string];
  const body =
    input.rawBody !== undefined
      ? Buffer.from(input.rawBody).toString('base64')
      : input.body === undefined
        ? undefined
        : typeof input.body === 'string'
          ? input.body
          : JSON.stringify(input.body);
  return {
    version: '2.0',
    routeKey: input.route,
    rawPath: path,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: { 'content-type': 'application/json', ...(input.headers ?? {}) },
    queryStringParameters: input.query,
    pathParameters: input.params,
    body,
    isBase64Encoded: input.rawBody !== undefined,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: input.sourceIp ?? '127.0.0.1', userAgent: 'jest' },
      requestId: 'test',
      routeKey: input.route,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: input.claims ?? {}, scopes: [] } },
    },
  } as unknown as ApiEvent;
}

export const json = (r: ApiResult) => JSON.parse(r.body) as Record<string, unknown> & { error?: string };
