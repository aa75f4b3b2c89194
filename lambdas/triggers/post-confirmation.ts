/**
 * Cognito post-confirmation trigger: after a password reset (ConfirmForgotPassword) every token
 * issued before is refused, by moving the account's tokensValidAfter on (the row of the pool's `sub`).
 * One write through the triggers' client (TRIGGER_CALLS in ../shared/platform/clients.ts): 1.5 s at worst
 * of the 5 s Cognito waits.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { triggerDynamo } from '../shared/platform/clients.js';
import { revokeTokens } from '../shared/data/users.js';
import { tracingReady } from '../shared/platform/observability.js';

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  const sub = event.request.userAttributes.sub;
  await tracingReady();
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword' && sub) await revokeTokens(triggerDynamo(), sub);
  return event;
};
