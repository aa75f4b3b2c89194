import { useQuery } from '@tanstack/react-query';
import { InvoiceReply } from '../../../../lambdas/shared/contract/answers/invoices';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from '../query-keys';

export { InvoiceReply };

/** GET /api/invoices/{invoiceId}?email=: one invoice of the viewed user's properties (`email`: an administrator's view-as). */
export async function getInvoice(id: string, email: string | null, signal?: AbortSignal): Promise<InvoiceReply> {
  const q = email ? `?${new URLSearchParams({ email })}` : '';
  return InvoiceReply.parse(await api(`/api/invoices/${encodeURIComponent(id)}${q}`, { signal }));
}

export function useInvoice(id: string, email: string | null) {
  return useQuery({ queryKey: workOrderKeys.invoice(id, email), queryFn: ({ signal }) => getInvoice(id, email, signal), staleTime: 60_000, retry: false });
}
