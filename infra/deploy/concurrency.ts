/**
 * The deploy's check of the account's Lambda concurrency (`npm run deploy`, before `cdk deploy`):
 * a stage that reserves concurrency (publicRouteConcurrency) or keeps instances warm
 * (warmFunctions) fails half-way on an account whose quota is still a new account's (as low as 10),
 * because Lambda keeps 100 of the quota unreserved. What the stage holds is read from its
 * synthesised templates (the functions' ReservedConcurrentExecutions and their aliases'
 * ProvisionedConcurrencyConfig), the account's figures from Lambda's GetAccountSettings.
 *
 * Lambda's rules (https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html,
 * provisioned-concurrency.html): reserved concurrency is set aside from the account's quota;
 * provisioned instances of a function with reserved concurrency are within it, those of a function
 * without are taken from the unreserved pool; at least 100 stays unreserved.
 */
import { UNRESERVED_MINIMUM } from '../public-routes.js';
import type { DeployedStack } from './assembly.js';

/** Service Quotas' code of Lambda's "Concurrent executions" quota. */
export const CONCURRENCY_QUOTA_CODE = 'L-B99A9384';

/** One function of the stage that holds concurrency, where it is. */
export interface Holder {
  stackName: string;
  region: string;
  functionId: string;
  reserved?: number;
  provisioned?: number;
  /** What it takes of the account: its reserved concurrency, else its provisioned instances. */
  held: number;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
const refOf = (v: unknown) => (v && typeof v === 'object' && typeof (v as { Ref?: unknown }).Ref === 'string' ? (v as { Ref: string }).Ref : undefined);

/** Every function of the stage that reserves concurrency or has provisioned instances. */
export function holders(stacks: DeployedStack[]): Holder[] {
  return stacks.flatMap((s) => {
    const resources = Object.entries(s.template.Resources ?? {});
    const provisioned = new Map<string, number>();
    for (const [, r] of resources) {
      const fn = r.Type === 'AWS::Lambda::Alias' ? refOf(r.Properties?.FunctionName) : undefined;
      const n = num((r.Properties?.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions?: unknown } | undefined)?.ProvisionedConcurrentExecutions);
      if (fn && n) provisioned.set(fn, (provisioned.get(fn) ?? 0) + n);
    }
    return resources
      .filter(([id, r]) => r.Type === 'AWS::Lambda::Function' && (r.Properties?.ReservedConcurrentExecutions !== undefined || provisioned.has(id)))
      .map(([id, r]) => {
        const reserved = num(r.Properties?.ReservedConcurrentExecutions);
        const warm = provisioned.get(id);
        return { stackName: s.stackName, region: s.region, functionId: id, ...(reserved !== undefined ? { reserved } : {}), ...(warm ? { provisioned: warm } : {}), held: reserved ?? warm ?? 0 };
      });
  });
}

/** What the stage needs of the account's concurrency in each region: what it holds, and the 100 Lambda keeps unreserved. */
export function concurrencyNeeded(stacks: DeployedStack[]): Map<string, { held: number; needed: number }> {
  const out = new Map<string, { held: number; needed: number }>();
  for (const h of holders(stacks)) {
    const r = out.get(h.region) ?? { held: 0, needed: UNRESERVED_MINIMUM };
    out.set(h.region, { held: r.held + h.held, needed: r.needed + h.held });
  }
  return out;
}

/** The figures of GetAccountSettings the check reads. */
export interface AccountConcurrency {
  /** AccountLimit.ConcurrentExecutions: the quota. */
  quota: number;
  /** AccountLimit.UnreservedConcurrentExecutions: the quota less what functions reserve or hold provisioned. */
  unreserved: number;
}

/** GetAccountSettings' answer → its figures (a missing one stops the check rather than pass it). */
export function accountConcurrency(answer: { AccountLimit?: { ConcurrentExecutions?: number; UnreservedConcurrentExecutions?: number } }): AccountConcurrency {
  const quota = answer.AccountLimit?.ConcurrentExecutions;
  const unreserved = answer.AccountLimit?.UnreservedConcurrentExecutions;
  if (quota === undefined || unreserved === undefined) throw new Error('Lambda GetAccountSettings gave no ConcurrentExecutions or UnreservedConcurrentExecutions');
  return { quota, unreserved };
}

export type ConcurrencyVerdict =
  | { ok: true; message: string }
  | { ok: false; message: string; requestValue: number; command: string };

export interface ConcurrencyCheck {
  stage: string;
  region: string;
  /** The stage's hold and need in this region (concurrencyNeeded). */
  held: number;
  needed: number;
  account: AccountConcurrency;
  /** What the stage's functions already deployed hold now (0 before the first deploy): the account's unreserved figure already lacks it. */
  heldNow: number;
}

export const quotaRequestCommand = (region: string, value: number) =>
  `aws service-quotas request-service-quota-increase --service-code lambda --quota-code ${CONCURRENCY_QUOTA_CODE} --desired-value ${value} --region ${region}`;

/**
 * Whether the stage's concurrency fits the account: the quota must be at least what the stage
 * needs, and what other functions of the account hold must leave room for it.
 */
export function checkConcurrency(c: ConcurrencyCheck): ConcurrencyVerdict {
  const { quota, unreserved } = c.account;
  // Held by the account's other functions (and other stages in it): the quota less the unreserved pool less this stage's own.
  const others = Math.max(0, quota - unreserved - c.heldNow);
  const fits = quota >= c.needed && quota - others >= c.needed;
  const figures = `stage ${c.stage} holds ${c.held} (reserved and provisioned concurrency) and Lambda keeps ${UNRESERVED_MINIMUM} unreserved: it needs ${c.needed}; the account's quota in ${c.region} is ${quota}, other functions hold ${others}`;
  if (fits) return { ok: true, message: `Lambda concurrency: ${figures}. Enough.` };
  const requestValue = c.needed + others;
  const command = quotaRequestCommand(c.region, requestValue);
  const why =
    quota < c.needed
      ? `the quota (${quota}) is under what the stage needs (${c.needed}); a new account starts as low as 10`
      : `other functions of the account hold ${others}, leaving ${quota - others} where the stage needs ${c.needed}`;
  return {
    ok: false,
    requestValue,
    command,
    message: [
      `Lambda concurrency: ${figures}. Not enough: ${why}.`,
      `Request the quota "Concurrent executions" (Service Quotas, AWS Lambda, quota code ${CONCURRENCY_QUOTA_CODE}) in ${c.region} at ${requestValue} or more:`,
      `  ${command}`,
      `and deploy when it is granted (aws service-quotas get-service-quota --service-code lambda --quota-code ${CONCURRENCY_QUOTA_CODE} --region ${c.region}).${quota >= c.needed ? ' Or lower what the other functions reserve.' : ''}`,
    ].join('\n'),
  };
}
