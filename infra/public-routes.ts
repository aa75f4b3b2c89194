/**
 * What a flood sent straight to the API's execute-api address, past CloudFront and its WAF, can take.
 *
 * The API cannot be made reachable through CloudFront alone (docs/security.md "Trust boundaries"): an HTTP
 * API has no resource policy and AWS WAF does not attach to it, a custom domain for the API with the
 * default endpoint disabled is just as public (and named in certificate transparency logs), and
 * CloudFront's private (VPC) origins do not take API Gateway. A REST API with a regional WAF would
 * refuse such a request in the WAF, at three and a half times the request price plus the web ACL's,
 * and a rewrite of every route. So API Gateway itself refuses it before any function runs:
 * - routes behind the JWT authorizer: no Cognito token, 401;
 * - the public routes (sign-in, reset, registration, report host, unsubscribe, calendar feed,
 *   config): the origin authorizer (infra/api-construct.ts, lambdas/gateway/origin-authorizer.ts), a
 *   Lambda request authorizer whose identity source is `x-origin-verify`. No header: API Gateway's
 *   401, nothing invoked. A wrong value: the authorizer's no (403), cached per value, so a flood
 *   with one value costs one call per cache period; ever-new values cost a short call each, at
 *   most the route's throttle. The functions' own check (lambdas/shared/platform/middleware.ts
 *   `viaPortal`) stays as the second line.
 * What still reaches a public route's function comes through CloudFront (or holds its secret), and
 * spends Lambda concurrency, which the account shares with every signed-in call. So each public
 * route's function gets reserved concurrency (stage setting publicRouteConcurrency):
 * a ceiling it cannot pass, so a flood on it is throttled there and the rest of the account's
 * concurrency stays for signed-in users. API Gateway's stage throttle (stage setting throttle) is
 * a token bucket per route (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-throttling.html),
 * so a flood on one route spends that route's bucket, not the others'.
 * Reserved concurrency: https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html
 * (it must leave at least 100 of the account's concurrency unreserved).
 */
import { Aspects, type IAspect } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct, IConstruct } from 'constructs';
import { routes } from '../lambdas/routes.js';
import type { Stage } from './config.js';
import { PortalFunction } from './function-construct.js';

/** The handlers of the routes the route table marks public (no token needed). */
export const publicHandlers: ReadonlySet<string> = new Set(routes.filter((r) => r.access === 'public').map((r) => r.handler));

/** Lambda keeps this much of an account's concurrency unreserved (configuration-concurrency.html). */
export const UNRESERVED_MINIMUM = 100;

/** Reserved concurrency for one public route's function: the stage's setting, never below its provisioned instances. */
export function publicRouteConcurrency(stage: Pick<Stage, 'publicRouteConcurrency' | 'warmFunctions'>, handler: string): number | undefined {
  if (!stage.publicRouteConcurrency || !publicHandlers.has(handler)) return undefined;
  return Math.max(stage.publicRouteConcurrency, stage.warmFunctions[handler] ?? 0);
}

class PublicRouteConcurrency implements IAspect {
  constructor(private readonly stage: Stage) {}

  visit(node: IConstruct): void {
    if (!(node instanceof PortalFunction)) return;
    const reserved = publicRouteConcurrency(this.stage, node.handler);
    if (reserved !== undefined) (node.fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = reserved;
  }
}

/**
 * Gives every public route's function of the stage its reserved concurrency, in whichever stack of
 * the app the function is made (an aspect on the app: one stage per app, bin/portal.ts).
 */
export function limitPublicRoutes(scope: Construct, stage: Stage): void {
  if (stage.publicRouteConcurrency) Aspects.of(scope.node.root).add(new PublicRouteConcurrency(stage));
}
