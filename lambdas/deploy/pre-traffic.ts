/**
 * CodeDeploy's BeforeAllowTraffic hook of the API functions' deployment groups: before any traffic
 * shifts to a new version, it invokes that version with the probe event (lambdas/shared/platform/probe.ts)
 * of the function's route and lets the deployment go on only when the probe answers ok. A version
 * that cannot start (a variable its modules read at import is missing), cannot reach its users table
 * (a grant missing, which the emulators never enforce) or answers 5xx is stopped before it serves
 * a request, however quiet its route.
 *
 * Environment: PROBES, a JSON object from each deployment group's name to the version ARN it deploys
 * (`{ "portal-prod-users-get-property": "arn:aws:lambda:…:function:…:12" }`), and STAGE_PREFIX
 * (`portal-<stage>-`): a group is named `portal-<stage>-<short name of its handler>`, which finds
 * its route (the first row of the handler's). The hook always reports its verdict
 * (PutLifecycleEventHookExecutionStatus), Failed when anything on the way fails.
 */
import { GetDeploymentCommand, PutLifecycleEventHookExecutionStatusCommand, type LifecycleEventStatus } from '@aws-sdk/client-codedeploy';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { routeKey, routes, type Route } from '../routes.js';
import { deployments, functions } from '../shared/platform/clients.js';
import { shortName } from '../shared/resources/function-names.js';
import { log } from '../shared/platform/log.js';
import { tracingReady } from '../shared/platform/observability.js';
import { probeEvent, type ProbeAnswer } from '../shared/platform/probe.js';

/** What CodeDeploy sends a lifecycle hook. */
export interface HookEvent {
  DeploymentId: string;
  LifecycleEventHookExecutionId: string;
}

export interface Verdict {
  status: Extract<LifecycleEventStatus, 'Succeeded' | 'Failed'>;
  reason: string;
  group?: string;
  routeKey?: string;
}

/** PROBES: deployment group name → function version ARN. */
export function probesOf(raw = process.env.PROBES): Record<string, string> {
  const parsed: unknown = JSON.parse(raw ?? '');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === 'string' && v.length > 0))
    throw new Error('PROBES must be a JSON object of deployment group names to function version ARNs');
  return parsed as Record<string, string>;
}

/** The route a deployment group's function serves: the first row whose handler's short name ends the group's name. */
export function routeOfGroup(group: string, prefix = process.env.STAGE_PREFIX, table: readonly Route[] = routes): Route | undefined {
  if (!prefix) throw new Error('STAGE_PREFIX is not set');
  if (!group.startsWith(prefix)) return undefined;
  const name = group.slice(prefix.length);
  return table.find((r) => shortName(r.handler) === name);
}

/** The probe's answer as the invoked function returned it, or why it is not one. */
function readAnswer(payload: Uint8Array | undefined): { statusCode?: number; answer?: Partial<ProbeAnswer> } {
  const result = JSON.parse(Buffer.from(payload ?? new Uint8Array()).toString('utf8') || 'null') as { statusCode?: unknown; body?: unknown } | null;
  const statusCode = typeof result?.statusCode === 'number' ? result.statusCode : undefined;
  const answer = typeof result?.body === 'string' ? (JSON.parse(result.body) as Partial<ProbeAnswer>) : undefined;
  return { statusCode, answer };
}

async function check(deploymentId: string): Promise<Verdict> {
  const { deploymentInfo } = await deployments().send(new GetDeploymentCommand({ deploymentId }));
  const group = deploymentInfo?.deploymentGroupName;
  if (!group) return { status: 'Failed', reason: 'the deployment names no deployment group' };
  const target = probesOf()[group];
  if (!target) return { status: 'Failed', reason: 'no probe for this deployment group (PROBES)', group };
  const route = routeOfGroup(group);
  if (!route) return { status: 'Failed', reason: 'no route of the route table is served by this deployment group', group };
  const key = routeKey(route);
  const out = await functions().send(new InvokeCommand({ FunctionName: target, InvocationType: 'RequestResponse', Payload: Buffer.from(JSON.stringify(probeEvent(key))) }));
  if (out.FunctionError) return { status: 'Failed', reason: `the new version failed (${out.FunctionError}): ${Buffer.from(out.Payload ?? new Uint8Array()).toString('utf8').slice(0, 500)}`, group, routeKey: key };
  const { statusCode, answer } = readAnswer(out.Payload);
  if (statusCode === undefined || statusCode >= 500 || answer?.ok !== true)
    return { status: 'Failed', reason: `the probe answered ${statusCode ?? 'no status'}: ${answer?.error ?? 'not ok'}`, group, routeKey: key };
  return { status: 'Succeeded', reason: `the probe answered ${statusCode} (version ${answer.version ?? '?'}; checks ${(answer.checks ?? []).join(', ') || 'none'})`, group, routeKey: key };
}

export const handler = async (event: HookEvent): Promise<Verdict> => {
  let verdict: Verdict;
  try {
    await tracingReady();
    verdict = await check(event.DeploymentId);
  } catch (err) {
    verdict = { status: 'Failed', reason: `the check could not run: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}` };
  }
  (verdict.status === 'Succeeded' ? log.info : log.error)('pre-traffic check', { deploymentId: event.DeploymentId, ...verdict });
  // Not caught: a verdict that cannot be reported fails the invocation, which Lambda retries
  // (CodeDeploy invokes the hook asynchronously); unreported, the deployment fails after an hour.
  await deployments().send(
    new PutLifecycleEventHookExecutionStatusCommand({ deploymentId: event.DeploymentId, lifecycleEventHookExecutionId: event.LifecycleEventHookExecutionId, status: verdict.status }),
  );
  return verdict;
};
