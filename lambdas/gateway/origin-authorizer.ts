/**
 * The HTTP API's request authorizer on the public routes (infra/api-construct.ts): API Gateway runs
 * it before the route's function, with the `x-origin-verify` header as its identity source, so a
 * request sent straight to the execute-api address without CloudFront's origin secret is refused
 * by API Gateway (401 when the header is missing, without calling this; 403 when this answers no)
 * and no route function runs. Its answer is cached by the header's value: all of CloudFront's
 * traffic carries one value, so one call per cache period serves it.
 *
 * ORIGIN_VERIFY: the value CloudFront sends (the same dynamic reference as the distribution's).
 * ORIGIN_VERIFY_PREVIOUS (set after a rotation, stage setting originVerifyVersionId): the value it
 * sent before, accepted too, so that the edges still sending it while the new one spreads are not
 * refused, and a refusal cannot be cached for all of CloudFront's traffic.
 * Payload 2.0, simple responses: https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-lambda-authorizer.html
 */
import { ORIGIN_VERIFY_HEADER } from '../shared/platform/http.js';
import { sameSecret } from '../shared/platform/origin-verify.js';

/** The part of API Gateway's payload-2.0 authorizer event read here. */
export interface OriginAuthorizerEvent {
  type?: string;
  /** The identity source's values, in order: here the one header's. */
  identitySource?: string[] | null;
  headers?: Record<string, string | undefined> | null;
}

export interface SimpleAuthorizerAnswer {
  isAuthorized: boolean;
}

/** The values accepted now: the current one and, during a rotation, the previous one. */
const accepted = (env: NodeJS.ProcessEnv = process.env) => [env.ORIGIN_VERIFY, env.ORIGIN_VERIFY_PREVIOUS].filter((v): v is string => !!v);

/** The header's value as API Gateway hands it (header names arrive in lower case in payload 2.0). */
function sentValue(event: OriginAuthorizerEvent): string | undefined {
  const fromHeaders = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  return fromHeaders ?? event.identitySource?.[0];
}

export function authorize(event: OriginAuthorizerEvent, env: NodeJS.ProcessEnv = process.env): SimpleAuthorizerAnswer {
  const values = accepted(env);
  // No value configured is a broken deploy, not an open door.
  if (values.length === 0) throw new Error('ORIGIN_VERIFY is not set: the origin authorizer cannot tell CloudFront from anyone');
  const sent = sentValue(event);
  // Every accepted value is compared, so the time taken does not tell which one matched.
  let ok = false;
  for (const v of values) ok = sameSecret(sent, v) || ok;
  return { isAuthorized: ok };
}

export const handler = async (event: OriginAuthorizerEvent): Promise<SimpleAuthorizerAnswer> => authorize(event);
