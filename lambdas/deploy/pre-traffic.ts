/**
 * CodeDeploy's BeforeAllowTraffic hook of the API functions' deployment groups: before any traffic
 * shifts to a new version, it invokes that version with the probe event (lambdas/shared/platform/probe.ts)
 * of the function's route and lets the deployment go on only when the probe answers ok. A version
 * that cannot start (a variable its modules read at import is missing), cannot reach its users table
 * (a grant missing, which the emulators never enforce) or answers 5xx is stopped before it serves
 * a request, however quiet its route.
 *
 * The version comes from the deployment itself (GetDeployment: the AppSpec CloudFormation gave
 * CodeDeploy names the function and its TargetVersion), not from the environment: a map of every
 * group to its version grew with each route of the area towards Lambda's 4 KB of variables.
 * Environment: STAGE_PREFIX (`portal-<stage>-`): a group is named `portal-<stage>-<short name of its
 * handler>`, which finds its route (the first row of the handler's). The hook always reports its
 * verdict (PutLifecycleEventHookExecutionStatus), Failed when anything on the way fails.
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

/** The function and version a Lambda deployment shifts traffic to. */
export interface Target {
  name: string;
  version: string;
}

/**
 * The target of a Lambda deployment's AppSpec (`revision.appSpecContent.content`, JSON as
 * CloudFormation writes it): its one `AWS::Lambda::Function` resource's Name and TargetVersion.
 */
export function targetOf(appSpec: string | undefined): Target | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(appSpec ?? '');
  } catch {
    return undefined;
  }
  const resources = (parsed as { Resources?: unknown } | null)?.Resources;
  if (!Array.isArray(resources)) return undefined;
  const found = resources.flatMap((r) => Object.values((r ?? {}) as Record<string, { Type?: unknown; Properties?: Record<string, unknown> }>)).filter((r) => r?.Type === 'AWS::Lambda::Function');
  const props = found.length === 1 ? found[0]!.Properties : undefined;
  const name = props?.Name;
  const version = props?.TargetVersion === undefined ? undefined : String(props.TargetVersion);
  if (typeof name !== 'string' || !name || !version || !/^\d+$/.test(version)) return undefined;
  return { name, version };
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
  const route = routeOfGroup(group);
  if (!route) return { status: 'Failed', reason: 'no route of the route table is served by this deployment group', group };
  const target = targetOf(deploymentInfo.revision?.appSpecContent?.content);
  if (!target) return { status: 'Failed', reason: 'the deployment names no function version to probe (AppSpec TargetVersion)', group };
  const key = routeKey(route);
  const out = await functions().send(
    new InvokeCommand({ FunctionName: target.name, Qualifier: target.version, InvocationType: 'RequestResponse', Payload: Buffer.from(JSON.stringify(probeEvent(key))) }),
  );
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
