import { PASSWORD_MIN_LENGTH } from '../../config/constants';

export interface PasswordChecks {
  lowercase: boolean;
  uppercase: boolean;
  number: boolean;
}

/** The live checklist of the reset and registration screens. */
export function passwordChecks(password: string): PasswordChecks {
  return { lowercase: /[a-z]/.test(password), uppercase: /[A-Z]/.test(password), number: /[0-9]/.test(password) };
}

/** Spec section 5: at least 5 characters with a lowercase letter, an uppercase letter and a digit. */
export function passwordMeetsRule(password: string): boolean {
  const c = passwordChecks(password);
  return password.length >= PASSWORD_MIN_LENGTH && c.lowercase && c.uppercase && c.number;
}

export type SetPasswordProblem = 'mismatch' | 'rule' | null;

/** What stops a reset or registration form from being sent (the fields themselves are required by the form). */
export function setPasswordProblem(newPassword: string, confirmPassword: string): SetPasswordProblem {
  if (newPassword !== confirmPassword) return 'mismatch';
  if (!passwordMeetsRule(newPassword)) return 'rule';
  return null;
}
