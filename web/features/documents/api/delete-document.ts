import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';

export interface DeleteDocumentInput {
  key: string;
  propertyId: string;
}

/** POST /api/s3/deletedocument {key, propertyId}: removes the document from that property. */
export async function deleteDocument(input: DeleteDocumentInput): Promise<void> {
  await api('/api/s3/deletedocument', { method: 'POST', body: input });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
