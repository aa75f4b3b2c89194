import { expect, type APIRequestContext } from '@playwright/test';

/** The scheduled jobs a spec asks a pass of (lambdas/routes.ts `scheduled`). */
export type Job = 'alerts/evaluate' | 'notifications/documents-digest' | 'notifications/weekly-summary';

/**
 * Runs one pass of a scheduled job on the spec's stack (its gateway's end-to-end control route,
 * E2E=1 only, infra/local/gateway.ts): the pass starts after any in progress and has ended when this
 * returns. The shared stacks also run each job on their own a second after start and every ten
 * minutes (test/e2e/stack-env.json); a spec waiting on a job asks for its pass instead.
 */
export async function runJob(request: APIRequestContext, job: Job): Promise<void> {
  const r = await request.post(`/_control/jobs/${job}`);
  expect(r.status(), await r.text()).toBe(200);
}
