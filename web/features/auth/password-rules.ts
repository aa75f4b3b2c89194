import { PASSWORD_MIN_LENGTH } from '../../config/constants';

/**
 * Staff passwords (emails of the staff domains in config.json) need at least this many characters:
 * the portal's own rule beside the spec's, the same as infra/definitions.ts userPool.staffPasswordMinLength.
 */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export interface PasswordChecks {
  lowercase: boolean;
  uppercase: boolean;
  number: boolean;
  /** Staff only: at least STAFF_PASSWORD_MIN_LENGTH characters. */
  length?: boolean;
}

/** The live checklist of the reset and registration screens; a staff email adds the length. */
export function passwordChecks(password: string, staff = false): PasswordChecks {
  const kinds = { lowercase: /[a-z]/.test(password), uppercase: /[A-Z]/.test(password), number: /[0-9]/.test(password) };
  return staff ? { ...kinds, length: password.length >= STAFF_PASSWORD_MIN_LENGTH } : kinds;
}

/** Spec section 5: at least 5 characters with a lowercase letter, an uppercase letter and a digit (staff: 12 characters). */
export function passwordMeetsRule(password: string, staff = false): boolean {
  const c = passwordChecks(password, staff);
  return password.length >= PASSWORD_MIN_LENGTH && c.lowercase && c.uppercase && c.number && c.length !== false;
}

export type SetPasswordProblem = 'mismatch' | 'rule' | null;

/** What stops a reset or registration form from being sent (the fields themselves are required by the form). */
export function setPasswordProblem(newPassword: string, confirmPassword: string, staff = false): SetPasswordProblem {
  if (newPassword !== confirmPassword) return 'mismatch';
  if (!passwordMeetsRule(newPassword, staff)) return 'rule';
  return null;
}
