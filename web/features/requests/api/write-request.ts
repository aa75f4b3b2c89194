import { UploadUrlReply } from '../../../../lambdas/shared/contract/answers/documents';
import { WriteReply, type RequestPriority, type RequestStatus } from '../../../../lambdas/shared/contract/answers/requests';
import { api, ApiError } from '../../../lib/api-client';

export interface NewRequest {
  email: string | null;
  propertyId: string;
  equipmentId: string | null;
  description: string;
  priority: RequestPriority;
  accessTimes: string;
  photos: File[];
}

/**
 * One photo straight to storage: POST /api/s3/upload-url (purpose 'request-photo') answers a
 * presigned form whose policy limits type and size, then the file goes to storage with it.
 */
export async function uploadPhoto(file: File, propertyId: string): Promise<string> {
  const target = UploadUrlReply.parse(
    await api('/api/s3/upload-url', { method: 'POST', body: { purpose: 'request-photo', propertyId, fileName: file.name, size: file.size, contentType: file.type } }),
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  const res = await fetch(target.url, { method: 'POST', body: form });
  if (!res.ok) throw new ApiError(res.status, `Storage refused the photo (status ${res.status})`, await res.text());
  return target.key;
}

/** Uploads the photos, then POST /api/requests: the request filed, with its reference. */
export async function fileRequest(input: NewRequest): Promise<WriteReply> {
  const photos: string[] = [];
  for (const file of input.photos) photos.push(await uploadPhoto(file, input.propertyId));
  const body = {
    ...(input.email ? { email: input.email } : {}),
    propertyId: input.propertyId,
    ...(input.equipmentId ? { equipmentId: input.equipmentId } : {}),
    description: input.description,
    priority: input.priority,
    ...(input.accessTimes.trim() ? { accessTimes: input.accessTimes } : {}),
    photos,
  };
  return WriteReply.parse(await api('/api/requests', { method: 'POST', body }));
}

/** PATCH /api/requests/{reference} (administrators): a new status and a note for the customer. */
export async function changeStatus(input: { customerId: string; reference: string; status: RequestStatus; note: string }): Promise<WriteReply> {
  const body = { customerId: input.customerId, status: input.status, ...(input.note.trim() ? { note: input.note } : {}) };
  return WriteReply.parse(await api(`/api/requests/${encodeURIComponent(input.reference)}`, { method: 'PATCH', body }));
}
