/** Business constants of spec section 9 that the web app uses. */
export const MIN_WINDOW_WIDTH = 700;

/** Idle sign-out: 10 minutes without activity; the warning shows at 9 minutes. */
export const IDLE_TIMEOUT_MS = 600_000;
export const IDLE_WARNING_AFTER_MS = 540_000;
export const IDLE_DEBOUNCE_MS = 250;
/**
 * Test-only: a shorter idle time-out (ms) read from this local-storage key. It is honoured only
 * when it is shorter than the product's time-out, so it can never keep anyone signed in longer.
 */
export const IDLE_TEST_TIMEOUT_KEY = 'portal:idle-timeout-ms';

/**
 * The user pool's minimum length (lambdas/shared/resources/definitions.ts userPool.passwordPolicy.minLength): Cognito
 * allows no password policy under 6 characters, so the spec's 5 cannot be the rule; its messages
 * keep their text (docs/security.md "Password rule"), the checklist shows the 6 that is enforced.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const REDIRECT_DELAY_MS = 3000;

export const DEFAULT_REPORT_NAME = 'Dashboard';
export const DEFAULT_REPORT_GROUP = 'General';
export const WORK_HISTORY_GROUP = 'Work History';
/** Reports listed after the groups, in this order. */
export const TRAILING_REPORT_NAMES = ['Utilities', 'Analytics'] as const;
export const ANALYTICS_REPORT_NAME = 'Analytics';
/** The report above which "Quotes awaiting approval" (issue 30) is shown. */
export const QUOTES_REPORT_NAME = 'Quotes';
/** The reports above which "Coming up" (the next 30 days' visits, issue 30) is shown. */
export const COMING_UP_REPORT_NAMES: readonly string[] = [DEFAULT_REPORT_NAME, 'Maintenance'];

export const LOGO_URL = '/logo.svg';
