import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import type { AccountStatus, UserAccount } from '../shared/contract/answers/users.js';
import { ListUsersQuery } from '../shared/contract/users.js';
import { listUsers } from '../shared/data/users.js';
import { settings } from '../shared/platform/env.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { assignedOf, toPortalUsers } from '../shared/domain/users/portal-user.js';

/** Cognito's state of every account in the pool, by sub: 60 users a page (ListUsers' largest). */
async function poolStatuses(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let token: string | undefined;
  try {
    do {
      const page = await identity().send(new ListUsersCommand({ UserPoolId: settings.userPoolId(), AttributesToGet: ['sub'], Limit: 60, PaginationToken: token }));
      for (const u of page.Users ?? []) {
        const sub = u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username;
        if (sub && u.UserStatus) out.set(sub, u.UserStatus);
      }
      token = page.PaginationToken;
    } while (token);
  } catch (e) {
    throw serviceFailure(e, 'ListUsers');
  }
  return out;
}

const statusOf = (poolStatus: string | undefined): AccountStatus =>
  poolStatus === 'FORCE_CHANGE_PASSWORD' ? 'invited' : poolStatus === 'CONFIRMED' ? 'active' : 'unknown';

/**
 * GET /api/users (administrators): every portal user, by email; the web app hides staff where the
 * spec says. Beyond the spec, `?view=accounts` (the administrators' user list) adds each user's
 * state in the pool (invited: the invitation's temporary password is not replaced yet; active) and
 * last sign-in (noted by the pre-token trigger); only then is Cognito asked.
 */
export const handler = api({ query: ListUsersQuery }, async ({ query }) => {
  const db = dynamo();
  const [rows, statuses] = await Promise.all([listUsers(db), query.view === 'accounts' ? poolStatuses() : undefined]);
  rows.sort((a, b) => a.email.localeCompare(b.email));
  const users = await toPortalUsers(db, rows.map(assignedOf));
  if (!statuses) return ok(users);
  const accounts: UserAccount[] = users.map((u, i) => ({ ...u, STATUS: statusOf(statuses.get(rows[i]!.sub)), LAST_SIGN_IN: rows[i]!.lastSignInAt ?? null, QUOTE_APPROVAL: rows[i]!.quoteApproval ?? null }));
  return ok(accounts);
});
