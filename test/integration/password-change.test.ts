import { jest } from '@jest/globals';
/**
 * A password changed through Cognito's public ChangePassword (the user's access token, never the
 * portal's API) ends the account's other sessions: the local pool sends the event AWS's
 * EventBridge rule gets (CloudTrail's "AWS API Call via CloudTrail" for ChangePassword) to the same
 * handler (lambdas/triggers/password-changed.ts), which moves the account's tokensValidAfter on.
 */
import { ChangePasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createTestUser, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(async () => t?.stop());

/** A session of its own: the ID token the API takes and the access token Cognito's own calls take. */
async function session(email: string, password: string) {
  const r = await t.cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.stack.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
  return { id: r.AuthenticationResult!.IdToken!, access: r.AuthenticationResult!.AccessToken! };
}
const me = (email: string, token: string) => request('GET', `/api/users/usercustomerbyemail/${email}`, { token });

describe("Cognito's public ChangePassword", () => {
  it('ends the other sessions of the same user, and only theirs', async () => {
    const email = 'changer@customer.test';
    await createTestUser({ email, password: 'Old12345' });
    await createTestUser({ email: 'bystander@customer.test', password: 'Other123' });
    const phone = await session(email, 'Old12345');
    const laptop = await signIn(email, 'Old12345');
    const bystander = await signIn('bystander@customer.test', 'Other123');
    expect((await me(email, laptop)).status).toBe(200);

    // A refused change (wrong current password) ends nothing.
    await expect(t.cognito.send(new ChangePasswordCommand({ AccessToken: phone.access, PreviousPassword: 'Wrong123', ProposedPassword: 'New12345' }))).rejects.toThrow();
    expect((await me(email, laptop)).status).toBe(200);

    await t.cognito.send(new ChangePasswordCommand({ AccessToken: phone.access, PreviousPassword: 'Old12345', ProposedPassword: 'New12345' }));
    expect((await me(email, laptop)).status).toBe(401);
    expect((await me(email, phone.id)).status).toBe(401);
    // Another user's session is untouched; the new password signs in.
    expect((await me('bystander@customer.test', bystander)).status).toBe(200);
    expect((await me(email, await signIn(email, 'New12345'))).status).toBe(200);
  });
});
