import { api } from '../../../lib/api-client';
import type { Entry } from './get-user-customers';

/** PUT /api/users/{email}/properties {properties: [{ID, NAME}]}: replaces the user's properties. */
export async function updateUserProperties(email: string, properties: Entry[]): Promise<void> {
  await api(`/api/users/${encodeURIComponent(email)}/properties`, { method: 'PUT', body: { properties } });
}
