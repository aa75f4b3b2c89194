import { api } from '../../../lib/api-client';
import type { Entry } from './get-user-customers';

/** PUT /api/users/{email}/customers {customers: [{ID, NAME}]}: replaces the user's customers. */
export async function updateUserCustomers(email: string, customers: Entry[]): Promise<void> {
  await api(`/api/users/${encodeURIComponent(email)}/customers`, { method: 'PUT', body: { customers } });
}
