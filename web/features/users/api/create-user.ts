import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

export const SignupReply = z.object({ warning: z.string().optional() }).passthrough();

/** POST /api/users/signup: 201 (with a warning when the invitation mail failed), or 422 { error: 'User already exists.' }. */
export async function createUser(user: NewUser): Promise<{ warning?: string }> {
  return SignupReply.parse((await api('/api/users/signup', { method: 'POST', body: user })) ?? {});
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
