/**
 * The password rules, checked before Cognito sees a new password.
 *
 * Customers: spec section 5. Cognito's own policy needs 6 characters at least (its minimum), so a
 * 5-character password that passes this rule is refused by Cognito; the handlers answer that
 * refusal with this same message.
 *
 * Staff (emails of the staff domains): 12 characters at least. Cognito has one policy per pool, so
 * this rule is the portal's: its set-password routes and forms and the operator commands apply it.
 */
import { userPool } from '../../infra/definitions.js';

export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.';

export const STAFF_PASSWORD_MIN_LENGTH = userPool.staffPasswordMinLength;

export const STAFF_PASSWORD_RULE_MESSAGE = `Staff passwords must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long and include at least one lowercase letter, one uppercase letter, and one number.`;

const hasKinds = (password: string) => /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);

export function passwordMeetsRule(password: string): boolean {
  return password.length >= 5 && hasKinds(password);
}

export function staffPasswordMeetsRule(password: string): boolean {
  return password.length >= STAFF_PASSWORD_MIN_LENGTH && hasKinds(password);
}

/** The message refusing a new password, or null: the staff rule for staff, the spec's for everyone else. */
export function newPasswordProblem(password: string, staff: boolean): string | null {
  if (staff) return staffPasswordMeetsRule(password) ? null : STAFF_PASSWORD_RULE_MESSAGE;
  return passwordMeetsRule(password) ? null : PASSWORD_RULE_MESSAGE;
}
