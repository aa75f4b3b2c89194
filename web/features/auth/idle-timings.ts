import { IDLE_TIMEOUT_MS, IDLE_WARNING_AFTER_MS } from '../../config/constants';

export interface IdleTimings {
  /** Sign out after this many ms without activity. */
  timeout: number;
  /** The warning shows this many ms before the sign-out. */
  promptBeforeIdle: number;
}

/**
 * The product's idle timings, or shorter ones for tests: `override` (ms, from local storage) is
 * honoured only when it is a whole number shorter than the product's time-out. The warning keeps
 * the product's proportion (9 of 10 minutes).
 */
export function idleTimings(override: string | null): IdleTimings {
  const wanted = override === null ? NaN : Number(override);
  const timeout = Number.isInteger(wanted) && wanted >= 1000 && wanted < IDLE_TIMEOUT_MS ? wanted : IDLE_TIMEOUT_MS;
  const warningAfter = Math.round((timeout * IDLE_WARNING_AFTER_MS) / IDLE_TIMEOUT_MS);
  return { timeout, promptBeforeIdle: timeout - warningAfter };
}
