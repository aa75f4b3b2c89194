import { api, logFailure } from '../../../lib/api-client';

/** POST /api/audit/view-as { email }: the server records who viewed the portal as whom. Failures are only logged. */
export async function recordViewAs(email: string): Promise<void> {
  try {
    await api('/api/audit/view-as', { method: 'POST', body: { email } });
  } catch (error) {
    logFailure('Failed to record view-as', error);
  }
}
