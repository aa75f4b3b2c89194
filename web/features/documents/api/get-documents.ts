import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';

export const DocumentRecord = z.object({ DOCUMENT_URL: z.string(), UPLOADED_AT: z.string(), PROPERTY_ID: z.string() });
export type DocumentRecord = z.infer<typeof DocumentRecord>;

/** GET /api/s3/getdocumentsbyproperty?propertyId=a,b: the documents of the selected properties. */
export async function getDocuments(propertyIds: string[], signal?: AbortSignal): Promise<DocumentRecord[]> {
  const query = new URLSearchParams({ propertyId: propertyIds.join(',') });
  return z.array(DocumentRecord).parse(await api(`/api/s3/getdocumentsbyproperty?${query}`, { signal }));
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
