import { IDLE_TIMEOUT_MS, IDLE_WARNING_AFTER_MS } from '../../config/constants';

export interface IdleTimings {
  /** Sign out after this many ms without activity. */
  timeout: number;
  /** The warning shows this many ms before the sign-out. */
  promptBeforeIdle: number;
}

const product: IdleTimings = { timeout: IDLE_TIMEOUT_MS, promptBeforeIdle: IDLE_TIMEOUT_MS - IDLE_WARNING_AFTER_MS };

/**
 * The product's idle timings, or shorter ones for tests. `override` (from local storage) is
 * "TIMEOUT" or "TIMEOUT/WARNING" in ms, WARNING being how long before the sign-out the warning
 * shows (default: the product's proportion, one tenth). It is honoured only when TIMEOUT is shorter
 * than the product's time-out, so it can never keep anyone signed in longer.
 */
export function idleTimings(override: string | null): IdleTimings {
  const match = /^\s*(\d+)(?:\s*\/\s*(\d+))?\s*$/.exec(override ?? '');
  if (!match) return product;
  const timeout = Number(match[1]);
  if (timeout < 1000 || timeout >= IDLE_TIMEOUT_MS) return product;
  const proportional = timeout - Math.round((timeout * IDLE_WARNING_AFTER_MS) / IDLE_TIMEOUT_MS);
  const lead = match[2] === undefined ? proportional : Number(match[2]);
  return { timeout, promptBeforeIdle: lead > 0 && lead < timeout ? lead : proportional };
}
