import { PHOTO_TYPES, requestLimits } from '../../../lambdas/shared/contract/answers/requests';

/** Why a chosen photo cannot be attached, or null (the server and the upload policy check again). */
export function photoProblem(file: { name: string; size: number }): 'type' | 'size' | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!PHOTO_TYPES[ext]) return 'type';
  if (file.size > requestLimits.maxPhotoBytes || file.size === 0) return 'size';
  return null;
}

export const PHOTO_ACCEPT = Object.keys(PHOTO_TYPES).map((e) => `.${e}`).join(',');
