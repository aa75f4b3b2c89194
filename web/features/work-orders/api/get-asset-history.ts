import { useQuery } from '@tanstack/react-query';
import { AssetHistoryReply } from '../../../../lambdas/shared/contract/answers/assets';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from '../query-keys';

export { AssetHistoryReply };

/** GET /api/assets/{assetId}/history?email=: one asset of the viewed user's properties and its history (`email`: an administrator's view-as). */
export async function getAssetHistory(id: string, email: string | null, signal?: AbortSignal): Promise<AssetHistoryReply> {
  const q = email ? `?${new URLSearchParams({ email })}` : '';
  return AssetHistoryReply.parse(await api(`/api/assets/${encodeURIComponent(id)}/history${q}`, { signal }));
}

export function useAssetHistory(id: string, email: string | null) {
  return useQuery({ queryKey: workOrderKeys.asset(id, email), queryFn: ({ signal }) => getAssetHistory(id, email, signal), staleTime: 60_000, retry: false });
}
