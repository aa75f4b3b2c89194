import { api } from '../../../lib/api-client';

/** Checks the login answer by hand: the log-in route's JavaScript budget has no room for a schema library. */
export function parseLoginReply(data: unknown): string {
  const token = (data as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || token === '') throw new Error('The login answer has no token');
  return token;
}

/** POST /api/users/login/ with email and password; public (a 401 here is a failed sign-in, not a sign-out). */
export async function login(email: string, password: string): Promise<string> {
  return parseLoginReply(await api('/api/users/login/', { method: 'POST', body: { email, password }, public: true }));
}
