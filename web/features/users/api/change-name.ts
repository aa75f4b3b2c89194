import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

/** PUT /api/users/{email}/name {name} (administrators; beyond the spec): renames the account; the name is sent lower-cased, as Create User sends it. */
export async function changeName(input: { email: string; name: string }): Promise<void> {
  await api(`/api/users/${encodeURIComponent(input.email)}/name`, { method: 'PUT', body: { name: input.name.trim().toLowerCase() } });
}

export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeName,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
