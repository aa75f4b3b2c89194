import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, ApiError } from '../../../lib/api-client';
import { shellKeys } from './query-keys';

const TelemetryCustomerReply = z.object({
  nclarityCustomer: z.object({
    ID: z.optional(z.nullable(z.union([z.string(), z.number()]))),
    id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
    NAME: z.optional(z.nullable(z.string())),
    name: z.optional(z.nullable(z.string())),
  }),
});

export interface TelemetryCustomer {
  id: string;
  name: string | null;
}

/**
 * GET /api/analytics/nclarity-customer/{customerId}: the telemetry-service customer, mapped only
 * when it has an ID. A 404 is logged as a warning and clears the mapping; other failures give none too.
 */
export async function getTelemetryCustomer(customerId: string): Promise<TelemetryCustomer | null> {
  try {
    const { nclarityCustomer: c } = TelemetryCustomerReply.parse(
      await api(`/api/analytics/nclarity-customer/${encodeURIComponent(customerId)}`),
    );
    const id = c.ID ?? c.id;
    if (id === null || id === undefined || id === '') return null;
    return { id: String(id), name: c.NAME ?? c.name ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) console.warn('No telemetry customer mapped for', customerId);
    else console.error('Failed to fetch the telemetry customer:', error);
    return null;
  }
}

export function useTelemetryCustomer(customerId: string | null) {
  return useQuery({
    queryKey: shellKeys.telemetryCustomer(customerId ?? ''),
    queryFn: () => getTelemetryCustomer(customerId!),
    enabled: !!customerId,
  });
}
