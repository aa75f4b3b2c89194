import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/clients.js';
import { accountMessages, LoginBody } from '../shared/contract/accounts.js';
import { getUserByEmail } from '../shared/data/users.js';
import { assertUnderLimit, clear, hit, limits } from '../shared/data/rate-limits.js';
import { settings } from '../shared/env.js';
import { ok, unauthorized } from '../shared/http.js';
import { log } from '../shared/log.js';
import { api } from '../shared/middleware.js';
import { isRefusal, serviceFailure } from './cognito-errors.js';

/**
 * POST /api/users/login/: the ID token for email and password. Every refusal is the same 401
 * (a temporary password too: it only works on /user-registration); failed tries are limited per
 * email and per client address.
 */
export const handler = api({ body: LoginBody }, async ({ body, sourceIp }) => {
  const db = dynamo();
  await assertUnderLimit(db, limits.loginPerEmail, body.email);
  await assertUnderLimit(db, limits.loginPerAddress, sourceIp);
  const refuse = async () => {
    await hit(db, limits.loginPerEmail, body.email);
    await hit(db, limits.loginPerAddress, sourceIp);
    log.info('sign-in refused', { email: body.email });
    return unauthorized(accountMessages.loginFailed);
  };

  let token: string | undefined;
  try {
    const r = await identity().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: settings.serverClientId(),
        AuthParameters: { USERNAME: body.email, PASSWORD: body.password },
      }),
    );
    token = r.ChallengeName ? undefined : r.AuthenticationResult?.IdToken;
  } catch (e) {
    if (isRefusal(e)) throw await refuse();
    throw serviceFailure(e, 'InitiateAuth');
  }
  // A challenge (NEW_PASSWORD_REQUIRED) or a Cognito user with no portal account: no session.
  if (!token || !(await getUserByEmail(db, body.email))) throw await refuse();
  await clear(db, limits.loginPerEmail, body.email);
  return ok({ token });
});
