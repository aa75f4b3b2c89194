/**
 * The HTTP API's request authorizer on the public routes, as API Gateway runs it
 * (infra/api-construct.ts; https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html):
 * - the identity source (`x-origin-verify`) missing or empty: 401 `{"message":"Unauthorized"}`,
 *   nothing invoked;
 * - present: the authorizer function (lambdas/gateway/origin-authorizer.ts, through the same local
 *   function mechanism as every handler) answers `isAuthorized`; no is 403 `{"message":"Forbidden"}`,
 *   a failure 500;
 * - the answer, yes or no, is kept for the identity source's value for the cache period: a flood
 *   with one value costs one invocation per period.
 */
import type { Route } from '../../lambdas/routes.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/platform/http.js';

export type OriginVerdict = { status: 'allowed' } | { status: 401 | 403 | 500; message: string };

export interface OriginAuthorizerOptions {
  /** How long an answer is kept for one header value. */
  cacheSeconds: number;
  /** Calls the authorizer function with API Gateway's payload-2.0 authorizer event. */
  invoke: (event: Record<string, unknown>) => Promise<unknown>;
  now?: () => number;
}

/** Entries beyond this are pruned of the expired ones (a flood of distinct values locally). */
const CACHE_PRUNE_AT = 1000;

export function originAuthorizerEmulation(opts: OriginAuthorizerOptions) {
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { authorized: boolean; until: number }>();
  return async (route: Route, routeKey: string, request: Record<string, unknown> & { headers: Record<string, string> }): Promise<OriginVerdict> => {
    const value = request.headers[ORIGIN_VERIFY_HEADER];
    if (!value) return { status: 401, message: 'Unauthorized' };
    let known = cache.get(value);
    if (!known || known.until <= now()) {
      let answer: unknown;
      try {
        answer = await opts.invoke({
          ...request,
          version: '2.0',
          type: 'REQUEST',
          routeArn: `arn:aws:execute-api:us-east-1:000000000000:local/$default/${route.method}${route.path}`,
          identitySource: [value],
          routeKey,
        });
      } catch {
        return { status: 500, message: 'Internal Server Error' };
      }
      const authorized = (answer as { isAuthorized?: unknown } | null)?.isAuthorized;
      if (typeof authorized !== 'boolean') return { status: 500, message: 'Internal Server Error' };
      if (cache.size >= CACHE_PRUNE_AT) for (const [k, v] of cache) if (v.until <= now()) cache.delete(k);
      known = { authorized, until: now() + opts.cacheSeconds * 1000 };
      cache.set(value, known);
    }
    return known.authorized ? { status: 'allowed' } : { status: 403, message: 'Forbidden' };
  };
}
