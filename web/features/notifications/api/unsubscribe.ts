import { useMutation } from '@tanstack/react-query';
import { UnsubscribeReply } from '../../../../lambdas/shared/contract/answers/notifications';
import { api } from '../../../lib/api-client';

export { UnsubscribeReply };

/** POST /api/notifications/unsubscribe { token } (public): the server checks the token's signature and turns the topic off. */
export async function unsubscribe(token: string): Promise<UnsubscribeReply> {
  return UnsubscribeReply.parse(await api('/api/notifications/unsubscribe', { method: 'POST', body: { token }, public: true }));
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
