/**
 * Cognito pre-token-generation trigger (V1: ID-token claims, string values only). Adds spec
 * section 3's claims from the users table: `BUILDOPS_CUSTOMER_ID` (the first assigned customer:
 * the spec says the first item is used, and the web app reads a single string as a one-item list),
 * `userId`, `name`, and `tva`, the account's tokensValidAfter when the token was issued, which the
 * middleware compares with the row's current value.
 * The row is found by `sub`, as the API finds it, and must agree with the pool: the same email,
 * verified. No row, or an email the user changed themselves: no token (the sign-in fails).
 *
 * Two-step verification: for whoever must use it (members of the staff group; everyone where the
 * stage sets mfaForCustomers) the token carries `mfa`: '1' when the pool has an authenticator app
 * enabled for the account (so this sign-in, or the one its refresh token came from, answered a code,
 * or the user has just proved the app by verifying a code), '0' when not: the API then refuses every
 * call and the web app walks the user through set-up. The pool's own record is read (AdminGetUser),
 * not a flag the portal keeps: a user who turns their app off with their own access token gets '0'
 * on their next token, not a sign-in without a code that still passes.
 *
 * A sign-in (not a refresh) is noted on the row (`lastSignInAt`, the administrators' user list); a
 * failed note is logged and does not fail the sign-in.
 *
 * Cognito waits 5 s for the trigger. Its calls go through the triggers' clients (TRIGGER_CALLS in
 * ../shared/platform/clients.ts: 1.5 s per call at worst) and it waits on at most two in a row (the row,
 * read beside the pool's record, then the sign-in note): 3.0 s at worst.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { userPool } from '../shared/resources/definitions.js';
import { triggerDynamo, triggerIdentity } from '../shared/platform/clients.js';
import { getUserBySub, recordSignIn } from '../shared/data/users.js';
import { mfaRequired } from '../shared/platform/env.js';
import { log } from '../shared/platform/log.js';
import { countMetric, publishMetrics, tracingReady } from '../shared/platform/observability.js';

/** Whether the pool has an authenticator app enabled for the account (TOTP; the pool offers no SMS). */
async function hasAuthenticatorApp(userPoolId: string, userName: string): Promise<boolean> {
  const out = await triggerIdentity().send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: userName }));
  return (out.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
}

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  await tracingReady();
  const attributes = event.request.userAttributes;
  const email = (attributes.email ?? '').toLowerCase();
  const staff = (event.request.groupConfiguration?.groupsToOverride ?? []).includes(userPool.staffGroup);
  // The pool's record is read beside the row (the trigger's time budget), and used only once the row agrees.
  const app = mfaRequired(staff) ? hasAuthenticatorApp(event.userPoolId, event.userName) : undefined;
  app?.catch(() => undefined); // its failure is met below, or moot when the row refuses the sign-in first
  const row = await getUserBySub(triggerDynamo(), attributes.sub ?? '');
  if (!row) throw new Error('This account has no portal user.');
  if (row.email !== email || attributes.email_verified !== 'true') throw new Error('This account\'s email does not match its portal user.');
  const claims: Record<string, string> = {
    BUILDOPS_CUSTOMER_ID: row.customerIds[0] ?? '',
    userId: row.userId,
    name: row.name,
    tva: String(row.tokensValidAfter ?? 0),
  };
  // A failed read fails the sign-in (Cognito shows an error; trying again works) rather than
  // sending an enrolled administrator to set up a second app.
  if (app) claims.mfa = (await app) ? '1' : '0';
  event.response.claimsOverrideDetails = { claimsToAddOrOverride: claims };
  // A sign-in (any client: the web app's SRP, the login route), not a refresh or a new-password answer.
  if (event.triggerSource === 'TokenGeneration_Authentication') {
    await recordSignIn(triggerDynamo(), row.sub).catch((err: unknown) => log.warn('noting the sign-in failed', { err }));
    countMetric('SignIn');
    publishMetrics();
  }
  return event;
};
