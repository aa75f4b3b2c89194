import { useMutation } from '@tanstack/react-query';
import { confirmResetCode, revokeSession, signInWithPassword, type SignInOutcome } from '../../../lib/cognito';
import { registrationFailureMessage, resetFailureMessage } from '../cognito-errors';

export type CodePurpose = 'reset' | 'registration';

export interface VerifyCodeInput {
  email: string;
  code: string;
  newPassword: string;
}

/** A refusal carrying the message the screen shows. */
export class AuthFailure extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'AuthFailure';
  }
}

/** Reset: ConfirmForgotPassword with the mailed code. */
async function reset({ email, code, newPassword }: VerifyCodeInput) {
  try {
    await confirmResetCode(email, code, newPassword);
  } catch (error) {
    throw new AuthFailure(resetFailureMessage(error), error);
  }
}

/**
 * Registration: sign in with the invitation's temporary password and answer Cognito's new-password
 * challenge. The tokens that answer brings are not kept (the user signs in afterwards, as the spec
 * says), and their refresh token is revoked.
 */
async function register({ email, code, newPassword }: VerifyCodeInput) {
  let outcome: SignInOutcome;
  try {
    outcome = await signInWithPassword(email, code);
  } catch (error) {
    throw new AuthFailure(registrationFailureMessage('signIn', error), error);
  }
  if (outcome.kind !== 'newPasswordRequired') {
    // The account already has its own password.
    await revokeSession().catch(() => {});
    throw new AuthFailure(registrationFailureMessage('signIn', null));
  }
  try {
    await outcome.answer(newPassword);
  } catch (error) {
    throw new AuthFailure(registrationFailureMessage('newPassword', error), error);
  }
  await revokeSession().catch((error: unknown) => console.warn('Could not revoke the registration session:', error instanceof Error ? error.message : String(error)));
}

/** Sets the new password with a reset code or an invitation's temporary password, through Cognito. */
export function verifyCode(purpose: CodePurpose, input: VerifyCodeInput) {
  const cleaned = { email: input.email.trim().toLowerCase(), code: input.code.trim(), newPassword: input.newPassword };
  return purpose === 'reset' ? reset(cleaned) : register(cleaned);
}

export function useVerifyCode(purpose: CodePurpose) {
  return useMutation({ mutationFn: (input: VerifyCodeInput) => verifyCode(purpose, input) });
}
