/**
 * The end of a job's run (the scheduled functions of lambdas/routes.ts and the SES feedback), said
 * so that an alarm can see it: `JobSucceeded` when every part of the run did its work, `JobFailed`
 * when any part failed (EMF, dimension set [service, job], job = the handler's short name). A run
 * with failed parts finishes what it can, then throws, so that Lambda counts an error and EventBridge
 * Scheduler's (or the asynchronous invoke's) retry runs it again; what the run already did holds
 * (claims, raised alerts), so a retry repeats nothing.
 */
import { shortName } from '../resources/function-names.js';
import { countJobRun, publishMetrics } from './observability.js';

export class JobFailedError extends Error {
  override name = 'JobFailedError';
}

/**
 * Runs `run` as the job of `handler` (`alerts/evaluate`): its summary when every part succeeded;
 * else, after the metric, a JobFailedError naming the failed parts (`failures` of the summary), or
 * the error the run threw.
 */
export async function runJob<S>(handler: string, run: () => Promise<S>, failures: (summary: S) => number): Promise<S> {
  const job = shortName(handler);
  let summary: S;
  try {
    summary = await run();
  } catch (err) {
    countJobRun(job, 'failed');
    publishMetrics();
    throw err;
  }
  const failed = failures(summary);
  countJobRun(job, failed > 0 ? 'failed' : 'succeeded');
  publishMetrics();
  if (failed > 0) throw new JobFailedError(`${job}: ${failed} ${failed === 1 ? 'part' : 'parts'} of the run failed (logged above); the rest was done`);
  return summary;
}
