/**
 * What the scheduled mail jobs (documents digest, weekly summary) share: each user's mail claimed
 * before it is sent and given back when the send fails, and the handler around a run.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients.js';
import { log } from '../../platform/log.js';
import { runJob } from '../../platform/job.js';
import { tracingReady } from '../../platform/observability.js';
import type { MailOutcome } from './send.js';

/**
 * One user's mail of a run: `claim` first (a conditional write, so two runs at once send it once),
 * then `send`; a send that fails gives the claim back (`release`) so that the next run tries again.
 * Undefined when the claim was not this run's.
 */
export async function claimedMail(claim: Promise<boolean>, send: () => Promise<MailOutcome>, release: () => Promise<void>): Promise<MailOutcome | undefined> {
  if (!(await claim)) return undefined;
  try {
    return await send();
  } catch (err) {
    await release();
    throw err;
  }
}

/**
 * A mail job's Lambda handler (`handler`: its file, `notifications/documents-digest`): the run,
 * logged at info only when it mailed or failed (a run that mailed nothing is routine), as a job
 * (../job.ts): a run in which any user's mail failed ends with JobFailed and throws.
 */
export function mailJob<S extends { mailed: number; failed: number }>(handler: string, message: string, run: (db: DynamoDBDocumentClient) => Promise<S>) {
  return (): Promise<S> =>
    runJob(
      handler,
      async () => {
        await tracingReady();
        const summary = await run(dynamo());
        if (summary.mailed || summary.failed) log.info(message, { ...summary });
        else log.debug(message, { ...summary });
        return summary;
      },
      (summary) => summary.failed,
    );
}
