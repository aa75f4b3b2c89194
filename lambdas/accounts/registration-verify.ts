import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { accountMessages, VerifyBody } from '../shared/contract/accounts.js';
import { assertUnderLimit, hit, limits } from '../shared/data/rate-limits.js';
import { getUserByEmail, revokeTokens } from '../shared/data/users.js';
import { isStaffEmail, settings } from '../shared/platform/env.js';
import { badRequest, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { newPasswordProblem, PASSWORD_RULE_MESSAGE } from '../shared/domain/accounts/passwords.js';
import { isPolicyRefusal, isRefusal, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';

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
  const clientId = settings.serverClientId();

  let session: string | undefined;
  try {
    const r = await identity().send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: body.email, PASSWORD: body.code } }),
    );
    // Anything but the new-password challenge (an account that already has its password) fails.
    session = r.ChallengeName === 'NEW_PASSWORD_REQUIRED' ? r.Session : undefined;
  } catch (e) {
    // An expired temporary password is a NotAuthorizedException too.
    if (isRefusal(e)) throw await refuse();
    throw serviceFailure(e, 'InitiateAuth');
  }
  const row = session ? await getUserByEmail(db, body.email) : undefined;
  if (!session || !row) throw await refuse();

  try {
    await identity().send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: body.email, NEW_PASSWORD: body.newPassword },
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
