import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

/** PUT /api/users/{email}/email {email}: moves the account to another address (Cognito and the portal together). */
export async function changeEmail(input: { email: string; newEmail: string }): Promise<void> {
  await api(`/api/users/${encodeURIComponent(input.email)}/email`, { method: 'PUT', body: { email: input.newEmail } });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
