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
import { randomInt } from 'node:crypto';
import { userPool } from '../../resources/definitions.js';

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

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';

/**
 * A temporary password for an invitation sent again: 12 characters (the staff rule's length too),
 * one lower-case letter, upper-case letter, digit and symbol at least, no look-alike characters,
 * as the create-user form makes them.
 */
export function temporaryPassword(length = STAFF_PASSWORD_MIN_LENGTH): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
