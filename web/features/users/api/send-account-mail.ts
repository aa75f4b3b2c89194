import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

export type AccountMail = 'invitation' | 'resetCode';

const mails: Record<AccountMail, 'invitation' | 'reset-code'> = { invitation: 'invitation', resetCode: 'reset-code' };

/**
 * POST /api/users/send-account-mail { email, mail } (administrators; beyond the spec): the
 * invitation again or a reset code; the server's message says what was sent to whom.
 */
export async function sendAccountMail(kind: AccountMail, email: string): Promise<string> {
  const r = await api<{ message: string }>('/api/users/send-account-mail', { method: 'POST', body: { email, mail: mails[kind] } });
  return r.message;
}

export function useSendAccountMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, email }: { kind: AccountMail; email: string }) => sendAccountMail(kind, email),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.accounts }),
  });
}
