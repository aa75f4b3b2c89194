import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';
import type { Entry } from './get-user-customers';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  customers: Entry[];
  buildops_property_ids: string[];
  properties: string[];
  buildops_customer_ids: string[];
}

/** POST /api/users/signup: 201, or 422 { error: 'User already exists.' }. */
export async function createUser(user: NewUser): Promise<void> {
  await api('/api/users/signup', { method: 'POST', body: user });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
