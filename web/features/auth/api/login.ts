import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

export const LoginReply = z.object({ token: z.string() });

/** POST /api/users/login/ with email and password; public (a 401 here is a failed sign-in, not a sign-out). */
export async function login(email: string, password: string): Promise<string> {
  const data = await api('/api/users/login/', { method: 'POST', body: { email, password }, public: true });
  return LoginReply.parse(data).token;
}
