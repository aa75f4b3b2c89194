/**
 * Cognito post-confirmation trigger: after a password reset (ConfirmForgotPassword) every token
 * issued before is refused, by moving the account's tokensValidAfter on.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { dynamo } from '../shared/clients.js';
import { revokeTokens } from '../shared/data/users.js';

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  const email = event.request.userAttributes.email;
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword' && email) await revokeTokens(dynamo(), email);
  return event;
};
