/**
 * A user changed their own password through Cognito's public ChangePassword (with an access
 * token, never through the portal): every other session of the account ends, as after a reset.
 * Invoked by an EventBridge rule on the CloudTrail event of the call (infra/password-change-construct.ts;
 * locally, the local pool sends the same event after a successful ChangePassword).
 * - the account's tokensValidAfter moves on (the API then refuses every token issued before, on
 *   its next call: `revoked` in lambdas/shared/platform/middleware.ts), as post-confirmation does after a reset;
 * - AdminUserGlobalSignOut revokes the account's refresh tokens, so no session mints new tokens.
 *   (cognito-local does not have it: there a failure is logged and the first step stands alone.)
 * The session that made the change ends too: Cognito cannot revoke all but one session, and the
 * web app signs in again with the new password.
 * The user is the event's `additionalEventData.sub`, where Cognito's CloudTrail events for user-pool
 * calls name the user (https://docs.aws.amazon.com/cognito/latest/developerguide/logging-using-cloudtrail.html,
 * https://docs.aws.amazon.com/cognito/latest/developerguide/understanding-amazon-cognito-entries.html);
 * not yet checked against a deployed pool's event (docs/deploying.md "Cognito protection" says how). An event
 * of another pool, a failed call (errorCode) or one without a sub changes nothing.
 */
import { AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { getUserBySub, revokeTokens } from '../shared/data/users.js';
import { settings } from '../shared/platform/env.js';
import { log } from '../shared/platform/log.js';
import { tracingReady } from '../shared/platform/observability.js';

export interface CloudTrailApiCallEvent {
  source?: string;
  'detail-type'?: string;
  time?: string;
  detail?: {
    eventSource?: string;
    eventName?: string;
    eventTime?: string;
    errorCode?: string;
    additionalEventData?: { sub?: string; userPoolId?: string };
    requestParameters?: Record<string, unknown> | null;
    resources?: { ARN?: string; arn?: string }[];
  };
}

/** The sub of the user whose password changed, or null when the event is not one to act on. */
export function changedUser(event: CloudTrailApiCallEvent, userPoolId: string): string | null {
  const d = event.detail;
  if (!d || d.eventSource !== 'cognito-idp.amazonaws.com' || d.eventName !== 'ChangePassword' || d.errorCode) return null;
  const sub = d.additionalEventData?.sub;
  if (typeof sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(sub)) return null;
  // Another pool's user (one account, several stages): named by its pool id where the event has it.
  const pool = d.additionalEventData?.userPoolId ?? d.resources?.map((r) => r.ARN ?? r.arn ?? '').find((a) => a.includes(':userpool/'))?.split('/').pop();
  if (pool && pool !== userPoolId) return null;
  return sub;
}

export const handler = async (event: CloudTrailApiCallEvent): Promise<void> => {
  await tracingReady();
  const sub = changedUser(event, settings.userPoolId());
  if (!sub) return;
  const row = await getUserBySub(dynamo(), sub);
  if (!row) return;
  await revokeTokens(dynamo(), sub);
  try {
    await identity().send(new AdminUserGlobalSignOutCommand({ UserPoolId: settings.userPoolId(), Username: sub }));
  } catch (err) {
    log.warn('global sign-out after a password change failed (the API refuses the older tokens anyway)', { sub, err });
  }
  log.info('password changed: other sessions ended', { sub });
};
