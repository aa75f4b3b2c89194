import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { accountMessages, VerifyBody } from '../shared/contract/accounts.js';
import { assertUnderLimit, hit, limits } from '../shared/data/rate-limits.js';
import { getUserByEmail, revokeTokens } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { badRequest, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { newPasswordProblem, PASSWORD_RULE_MESSAGE } from '../shared/domain/accounts/passwords.js';
import { isPolicyRefusal, isRefusal, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { serverCall } from '../shared/domain/accounts/server-client.js';

/**
 * POST /api/users/user-registration/verify: the invitation's temporary password (`code`) is
 * exchanged for the user's own: a sign-in that must end in Cognito's NEW_PASSWORD_REQUIRED
 * challenge, answered with the new password. Tokens issued before are refused from then on.
 */
export const handler = api({ body: VerifyBody }, async ({ body, sourceIp }) => {
  const db = dynamo();
  await assertUnderLimit(db, limits.codeCheckPerAddress, sourceIp);
  const weak = newPasswordProblem(body.newPassword, isStaffEmail(body.email));
  if (weak) throw badRequest(weak);
  const refuse = async () => {
    await hit(db, limits.codeCheckPerAddress, sourceIp);
    return badRequest(accountMessages.registrationFailed);
  };
  const signIn = await serverCall(body.email, sourceIp);

  let session: string | undefined;
  // The challenge is answered for the pool's own user name (the pool signs in by email alias):
  // USERNAME and SECRET_HASH name the user Cognito names in the challenge.
  let username = body.email;
  try {
    const r = await identity().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: signIn.ClientId,
        AuthParameters: { USERNAME: body.email, PASSWORD: body.code, SECRET_HASH: signIn.secretHash },
        UserContextData: signIn.UserContextData,
      }),
    );
    // Anything but the new-password challenge (an account that already has its password) fails.
    session = r.ChallengeName === 'NEW_PASSWORD_REQUIRED' ? r.Session : undefined;
    username = r.ChallengeParameters?.USER_ID_FOR_SRP ?? body.email;
  } catch (e) {
    // An expired temporary password is a NotAuthorizedException too.
    if (isRefusal(e)) throw await refuse();
    throw serviceFailure(e, 'InitiateAuth');
  }
  const row = session ? await getUserByEmail(db, body.email) : undefined;
  if (!session || !row) throw await refuse();

  const answer = username === body.email ? signIn : await serverCall(username, sourceIp);
  try {
    await identity().send(
      new RespondToAuthChallengeCommand({
        ClientId: answer.ClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: body.newPassword, SECRET_HASH: answer.secretHash },
        UserContextData: answer.UserContextData,
      }),
    );
  } catch (e) {
    if (isPolicyRefusal(e)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (isRefusal(e)) throw await refuse();
    throw serviceFailure(e, 'RespondToAuthChallenge');
  }
  await revokeTokens(db, row.sub);
  return ok({ message: accountMessages.registrationDone });
});
