/**
 * The password rule of spec section 5, checked before Cognito sees a new password. Cognito's own
 * policy needs 6 characters at least (its minimum), so a 5-character password that passes this
 * rule is refused by Cognito; the handlers answer that refusal with this same message.
 */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.';

export function passwordMeetsRule(password: string): boolean {
  return password.length >= 5 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);
}
