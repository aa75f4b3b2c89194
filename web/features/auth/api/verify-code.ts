import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CodePurpose = 'reset' | 'registration';

const paths: Record<CodePurpose, string> = {
  reset: '/api/users/reset-password/verify',
  registration: '/api/users/user-registration/verify',
};

export interface VerifyCodeInput {
  email: string;
  code: string;
  newPassword: string;
}

/** POST .../verify with email, code (reset code or temporary password) and the new password. */
export const verifyCode = (purpose: CodePurpose, input: VerifyCodeInput) =>
  api(paths[purpose], {
    method: 'POST',
    body: { email: input.email.trim().toLowerCase(), code: input.code.trim(), newPassword: input.newPassword },
    public: true,
  });

export function useVerifyCode(purpose: CodePurpose) {
  return useMutation({ mutationFn: (input: VerifyCodeInput) => verifyCode(purpose, input) });
}
