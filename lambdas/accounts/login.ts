import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { accountMessages, LoginBody } from '../shared/contract/accounts.js';
import { getUserByEmail } from '../shared/data/users.js';
import { assertUnderLimit, clear, hit, limits } from '../shared/data/rate-limits.js';
import { forbidden, ok, unauthorized } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { isRefusal, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { serverCall } from '../shared/domain/accounts/server-client.js';

/**
 * POST /api/users/login/: the ID token for email and password. Every refusal is the same 401
 * (a temporary password too: it only works on /user-registration); failed tries are limited per
 * email and per client address, and Cognito sees that address too (UserContextData). An account with an authenticator app (administrators) gets 403
 * after the right password: its code is asked for by the web app's own sign-in, not by this call.
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
  let challenge: string | undefined;
  const server = await serverCall(body.email, sourceIp);
  try {
    const r = await identity().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: server.ClientId,
        AuthParameters: { USERNAME: body.email, PASSWORD: body.password, SECRET_HASH: server.secretHash },
        UserContextData: server.UserContextData,
      }),
    );
    challenge = r.ChallengeName;
    token = r.ChallengeName ? undefined : r.AuthenticationResult?.IdToken;
  } catch (e) {
    if (isRefusal(e)) throw await refuse();
    throw serviceFailure(e, 'InitiateAuth');
  }
  // The password was right, but the account answers a code from its authenticator app, which this
  // call has no field for: the web app's sign-in (straight to Cognito) asks for it.
  if (challenge === 'SOFTWARE_TOKEN_MFA' || challenge === 'SELECT_MFA_TYPE') {
    await clear(db, limits.loginPerEmail, body.email);
    throw forbidden(accountMessages.mfaSignIn);
  }
  // A challenge (NEW_PASSWORD_REQUIRED) or a Cognito user with no portal account: no session.
  if (!token || !(await getUserByEmail(db, body.email))) throw await refuse();
  await clear(db, limits.loginPerEmail, body.email);
  return ok({ token });
});
