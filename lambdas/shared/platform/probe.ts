/**
 * The probe: a harmless request that the pre-traffic hook (lambdas/deploy/pre-traffic.ts) sends a
 * new version of an API function before CodeDeploy shifts any traffic to it, answered by the API
 * middleware (lambdas/shared/platform/middleware.ts). Only a direct, IAM-authorised Invoke can send this
 * shape: API Gateway's events always carry `requestContext`, so an event with one is never a probe.
 * No imports: the hook's bundle takes the shape without the middleware.
 */

/** `{ "portalProbe": { "routeKey": "GET /api/reports" } }` */
export interface ProbeEvent {
  portalProbe: { routeKey: string };
}

/** The body of a probe's answer (statusCode 200 when ok; 400 for an unknown route; 503 when a check failed). */
export interface ProbeAnswer {
  ok: boolean;
  routeKey: string;
  /** The function version that answered (AWS_LAMBDA_FUNCTION_VERSION). */
  version: string;
  /** The checks that passed, in order. */
  checks: string[];
  /** Why not ok: the failed check's error name and message. */
  error?: string;
}

/** The caller a probe looks up in the users table: no Cognito `sub` has this form (they are UUIDs). */
export const PROBE_SUB = 'portal-probe';

export const probeEvent = (routeKey: string): ProbeEvent => ({ portalProbe: { routeKey } });

export function isProbeEvent(event: unknown): event is ProbeEvent {
  if (typeof event !== 'object' || event === null || 'requestContext' in event || !('portalProbe' in event)) return false;
  const probe = (event as { portalProbe: unknown }).portalProbe;
  return typeof probe === 'object' && probe !== null && typeof (probe as { routeKey?: unknown }).routeKey === 'string';
}
