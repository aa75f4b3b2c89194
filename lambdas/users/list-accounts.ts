import { ListUsersCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/clients.js';
import type { AccountStatus, UserAccount } from '../shared/contract/answers/users.js';
import { listUsers } from '../shared/data/users.js';
import { settings } from '../shared/env.js';
import { ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { serviceFailure } from '../accounts/cognito-errors.js';
import { assignedOf, toPortalUsers } from './portal-user.js';

/** Cognito's state of every account in the pool, by sub: 60 users a page (ListUsers' largest). */
async function poolStatuses(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await identity().send(
      new ListUsersCommand({ UserPoolId: settings.userPoolId(), AttributesToGet: ['sub'], Limit: 60, PaginationToken: token }),
    );
    for (const u of page.Users ?? ([] as UserType[])) {
      const sub = u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username;
      if (sub && u.UserStatus) out.set(sub, u.UserStatus);
    }
    token = page.PaginationToken;
  } while (token);
  return out;
}

const statusOf = (poolStatus: string | undefined): AccountStatus =>
  poolStatus === 'FORCE_CHANGE_PASSWORD' ? 'invited' : poolStatus === 'CONFIRMED' ? 'active' : 'unknown';

/**
 * GET /api/users/accounts (administrators; beyond the spec): every portal user with their state in
 * the pool (invited: the invitation's temporary password is not replaced yet; active), their last
 * sign-in (noted by the pre-token trigger) and customers, by email. The web app hides staff, as in
 * the spec's other user lists.
 */
export const handler = api({}, async () => {
  const db = dynamo();
  const [rows, statuses] = await Promise.all([
    listUsers(db),
    poolStatuses().catch((e: unknown) => {
      throw serviceFailure(e, 'ListUsers');
    }),
  ]);
  rows.sort((a, b) => a.email.localeCompare(b.email));
  const portal = await toPortalUsers(db, rows.map(assignedOf));
  const reply: UserAccount[] = rows.map((row, i) => ({
    NAME: row.name,
    EMAIL: row.email,
    STATUS: statusOf(statuses.get(row.sub)),
    LAST_SIGN_IN: row.lastSignInAt ?? null,
    CUSTOMER_NAME: portal[i]!.CUSTOMER_NAME,
    BUILDOPS_CUSTOMER_ID: portal[i]!.BUILDOPS_CUSTOMER_ID,
  }));
  return ok(reply);
});
