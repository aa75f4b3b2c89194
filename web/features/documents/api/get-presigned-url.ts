import { LinkReply as PresignedUrlReply } from '../../../../lambdas/shared/contract/answers/documents';
import { api } from '../../../lib/api-client';

export { PresignedUrlReply };

/** GET /api/s3/getpresignedurl?key=: a short-lived link to view or download one document. */
export async function getPresignedUrl(key: string): Promise<string> {
  const query = new URLSearchParams({ key });
  return PresignedUrlReply.parse(await api(`/api/s3/getpresignedurl?${query}`)).url;
}
