import { PASSWORD_MIN_LENGTH } from '../../config/constants';

/**
 * Staff passwords (emails of the staff domains in config.json) need at least this many characters:
 * the portal's own rule beside the spec's, the same as lambdas/shared/resources/definitions.ts userPool.staffPasswordMinLength.
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export interface PasswordChecks {
  lowercase: boolean;
  uppercase: boolean;
  number: boolean;
  /** At least PASSWORD_MIN_LENGTH characters (staff: STAFF_PASSWORD_MIN_LENGTH). */
  length: boolean;
}

/** The characters a password needs: the pool's minimum, or the staff rule's. */
export const minLengthFor = (staff: boolean) => (staff ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH);

/** The live checklist of the reset and registration screens: the rule that is enforced, length included. */
export function passwordChecks(password: string, staff = false): PasswordChecks {
  return { lowercase: /[a-z]/.test(password), uppercase: /[A-Z]/.test(password), number: /[0-9]/.test(password), length: password.length >= minLengthFor(staff) };
}

/** A lowercase letter, an uppercase letter and a digit, and the pool's 6 characters (staff: 12): checked before anything is sent. */
export function passwordMeetsRule(password: string, staff = false): boolean {
  const c = passwordChecks(password, staff);
  return c.lowercase && c.uppercase && c.number && c.length;
}

export type SetPasswordProblem = 'mismatch' | 'rule' | null;

/** What stops a reset or registration form from being sent (the fields themselves are required by the form). */
export function setPasswordProblem(newPassword: string, confirmPassword: string, staff = false): SetPasswordProblem {
  if (newPassword !== confirmPassword) return 'mismatch';
  if (!passwordMeetsRule(newPassword, staff)) return 'rule';
  return null;
}
