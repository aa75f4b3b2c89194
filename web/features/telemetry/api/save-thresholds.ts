import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ThresholdsReply } from '../../../../lambdas/shared/contract/answers/alerts';
import { api } from '../../../lib/api-client';
import type { RuleChange } from '../threshold-units';
import { telemetryKeys } from './query-keys';

export interface SaveThresholds {
  customerId: string;
  propertyId: string;
  /** Only the rules that differ from their defaults, limits in °C; [] restores the defaults. */
  rules: RuleChange[];
}

/** PUT /api/alerts/thresholds/{propertyId} (administrators): the property's rules as now evaluated, with the server's message. */
export async function saveThresholds({ customerId, propertyId, rules }: SaveThresholds): Promise<ThresholdsReply> {
  return ThresholdsReply.parse(await api(`/api/alerts/thresholds/${encodeURIComponent(propertyId)}`, { method: 'PUT', body: { customerId, rules } }));
}

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveThresholds,
    onSuccess: (reply, input) => queryClient.setQueryData(telemetryKeys.thresholds(input.customerId, input.propertyId), reply),
  });
}
