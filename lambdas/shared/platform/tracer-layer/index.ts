/**
 * The entry of the Lambda layer holding Powertools' Tracer and the X-Ray SDK (infra/function-construct.ts
 * bundles it to /opt/nodejs/portal-tracer.mjs): kept out of every function's bundle, imported by
 * lambdas/shared/platform/observability.ts only where tracing is on.
 */
export { Tracer } from '@aws-lambda-powertools/tracer';
