import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

/** POST /api/users/remove-users {users: [emails]}. */
export async function removeUsers(emails: string[]): Promise<void> {
  await api('/api/users/remove-users', { method: 'POST', body: { users: emails } });
}

export function useRemoveUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
