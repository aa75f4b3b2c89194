import { useQuery } from '@tanstack/react-query';
import { Document as DocumentRecord, DocumentsReply } from '../../../../lambdas/shared/contract/answers/documents';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';

export { DocumentRecord, DocumentsReply };

/** GET /api/s3/getdocumentsbyproperty?propertyId=a,b: the documents of the selected properties. */
export async function getDocuments(propertyIds: string[], signal?: AbortSignal): Promise<DocumentRecord[]> {
  const query = new URLSearchParams({ propertyId: propertyIds.join(',') });
  return DocumentsReply.parse(await api(`/api/s3/getdocumentsbyproperty?${query}`, { signal }));
}

/** Reloads whenever the selection changes or the list is shown again (spec section 4). */
export function useDocuments(propertyIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.list(propertyIds),
    queryFn: ({ signal }) => getDocuments(propertyIds, signal),
    enabled: enabled && propertyIds.length > 0,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}
