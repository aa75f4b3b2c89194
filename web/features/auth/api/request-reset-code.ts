import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/reset-password with the lower-cased email. */
export const requestResetCode = (email: string) =>
  api('/api/users/reset-password', { method: 'POST', body: { email: email.trim().toLowerCase() }, public: true });

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}
