/** The local stack's timers for the scheduled jobs (lambdas/routes.ts `scheduled`), as EventBridge Scheduler runs them in AWS. */
import { log } from '../../lambdas/shared/platform/log.js';
import { loadHandler } from './handlers.js';

/**
 * Runs a scheduled handler now and then every `seconds` (0: only when asked), one pass at a time.
 * A run that throws (a job with a failed part does, as in Lambda: lambdas/shared/platform/job.ts) is logged
 * and the timer goes on; `runOnce`, which tests and the operator call, hands the error to its caller.
 */
export function jobTimer(handler: string, seconds: number) {
  let running: Promise<unknown> | undefined;
  const runOnce = (): Promise<unknown> => {
    running ??= loadHandler<unknown, unknown>(handler)
      .then((h) => h({}))
      .finally(() => (running = undefined));
    return running;
  };
  let stopped = false;
  const tick = () => {
    if (!stopped) void runOnce().catch((err: unknown) => log.warn('scheduled job failed', { handler, err }));
  };
  const timer = seconds > 0 ? setInterval(tick, seconds * 1000) : undefined;
  const first = seconds > 0 ? setTimeout(tick, 1000) : undefined;
  timer?.unref();
  first?.unref();
  return {
    runOnce,
    /** A pass that starts after the one in progress (whose reads may predate the caller's change), and its end. */
    runNext: async (): Promise<unknown> => {
      await running?.catch(() => undefined);
      return runOnce();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running?.catch(() => undefined);
    },
  };
}
