import { useQuery } from '@tanstack/react-query';
import { TelemetryCustomerReply } from '../../../../lambdas/shared/contract/answers/analytics';
import { api, ApiError, logFailure } from '../../../lib/api-client';
import { shellKeys } from './query-keys';

export { TelemetryCustomerReply };

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
    if (c.ID === '') return null;
    return { id: c.ID, name: c.NAME };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) console.warn('No telemetry customer mapped for', customerId);
    else logFailure('Failed to fetch the telemetry customer', error);
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
