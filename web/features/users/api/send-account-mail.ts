import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

export type AccountMail = 'invitation' | 'resetCode';

const paths: Record<AccountMail, string> = {
  invitation: '/api/users/resend-invitation',
  resetCode: '/api/users/send-reset-code',
};

/**
 * POST /api/users/resend-invitation or /api/users/send-reset-code { email } (administrators; beyond
 * the spec): the server's message says what was sent to whom.
 */
export async function sendAccountMail(kind: AccountMail, email: string): Promise<string> {
  const r = await api<{ message: string }>(paths[kind], { method: 'POST', body: { email } });
  return r.message;
}

export function useSendAccountMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, email }: { kind: AccountMail; email: string }) => sendAccountMail(kind, email),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.accounts }),
  });
}
