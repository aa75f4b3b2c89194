/**
 * Cognito pre-token-generation trigger (V1: ID-token claims, string values only). Adds spec
 * section 3's claims from the users table: `BUILDOPS_CUSTOMER_ID` (the first assigned customer:
 * the spec says the first item is used, and the web app reads a single string as a one-item list),
 * `userId`, `name`, and `tva`, the account's tokensValidAfter when the token was issued, which the
 * middleware compares with the row's current value.
 * The row is found by `sub`, as the API finds it, and must agree with the pool: the same email,
 * verified. No row, or an email the user changed themselves: no token (the sign-in fails).
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { dynamo } from '../shared/clients.js';
import { getUserBySub } from '../shared/data/users.js';

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const email = (attributes.email ?? '').toLowerCase();
  const row = await getUserBySub(dynamo(), attributes.sub ?? '');
  if (!row) throw new Error('This account has no portal user.');
  if (row.email !== email || attributes.email_verified !== 'true') throw new Error('This account\'s email does not match its portal user.');
  event.response.claimsOverrideDetails = {
    claimsToAddOrOverride: {
      BUILDOPS_CUSTOMER_ID: row.customerIds[0] ?? '',
      userId: row.userId,
      name: row.name,
      tva: String(row.tokensValidAfter ?? 0),
    },
  };
  return event;
};
