import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { aws, cognito, cognitoError, get, put, resetAws, STAFF, subOf, user } from '../accounts/fixtures.js';
import { handler as customMessage, greetingName } from '../../../lambdas/triggers/custom-message.js';
import { handler as postConfirmation } from '../../../lambdas/triggers/post-confirmation.js';
import { handler as preToken } from '../../../lambdas/triggers/pre-token-generation.js';

const base = { version: '1', region: 'eu-west-1', userPoolId: 'local_pool', userName: '7d1c-uuid', callerContext: { awsSdkVersion: '1', clientId: 'client-1' } };

/** The pool's attributes of the account whose row is `subOf(rowEmail)`; its email as given. */
const preTokenEvent = (email: string, over: Record<string, string> = {}, groups: string[] = []) =>
  ({
    ...base,
    triggerSource: 'TokenGeneration_Authentication',
    request: { userAttributes: { email, email_verified: 'true', sub: subOf(email), ...over }, groupConfiguration: { groupsToOverride: groups } },
    response: { claimsOverrideDetails: {} },
  }) as unknown as PreTokenGenerationTriggerEvent;

const messageEvent = (triggerSource: string) =>
  ({
    ...base,
    triggerSource,
    request: { userAttributes: { email: 'new@customer.test', name: 'new person' }, codeParameter: '{####}', usernameParameter: '{username}' },
    response: { smsMessage: '', emailMessage: '', emailSubject: '' },
  }) as unknown as CustomMessageTriggerEvent;

beforeEach(() => resetAws());

describe('pre-token-generation', () => {
  it('fails the sign-in of a Cognito user who has no users row', async () => {
    await expect(preToken(preTokenEvent('ghost@customer.test'))).rejects.toThrow('This account has no portal user.');
  });

  it('finds the row by sub and fails the sign-in when the pool\'s email is another, or unverified (a self-made change)', async () => {
    put('accounts', user('victim@customer.test', { customerIds: ['c-9'] }), user('self@customer.test', { customerIds: ['c-1'] }));
    // The user rewrote their own email to the victim's: the sub still says who they are.
    await expect(preToken(preTokenEvent('victim@customer.test', { sub: subOf('self@customer.test') }))).rejects.toThrow("This account's email does not match its portal user.");
    await expect(preToken(preTokenEvent('self@customer.test', { email_verified: 'false' }))).rejects.toThrow("This account's email does not match its portal user.");
    // A sub with no row, even with a known email, is no one.
    await expect(preToken(preTokenEvent('victim@customer.test', { sub: 'another-sub' }))).rejects.toThrow('This account has no portal user.');
    expect((await preToken(preTokenEvent('self@customer.test'))).response.claimsOverrideDetails.claimsToAddOrOverride!.BUILDOPS_CUSTOMER_ID).toBe('c-1');
  });

  it('adds the first customer, userId, name and tokensValidAfter as string claims', async () => {
    put('accounts', user('two@customer.test', { userId: 'u-2', name: 'two customers', customerIds: ['c-9', 'c-1'], tokensValidAfter: 1700000000123 }));
    const out = await preToken(preTokenEvent('Two@Customer.test', { sub: subOf('two@customer.test') }));
    expect(out.response.claimsOverrideDetails.claimsToAddOrOverride).toEqual({
      BUILDOPS_CUSTOMER_ID: 'c-9',
      userId: 'u-2',
      name: 'two customers',
      tva: '1700000000123',
    });
  });

  describe("the mfa claim (whether the pool has an authenticator app on for the account)", () => {
    const admin = `boss@${STAFF}`;
    const claimsOf = async (email: string, groups: string[]) => (await preToken(preTokenEvent(email, {}, groups))).response.claimsOverrideDetails.claimsToAddOrOverride!;
    afterEach(() => delete process.env.MFA_FOR_CUSTOMERS);

    it("stamps '1' or '0' for staff-group members from the pool's own record (AdminGetUser), by the event's user name", async () => {
      put('accounts', user(admin));
      cognito.on(AdminGetUserCommand).resolvesOnce({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }).resolvesOnce({ UserMFASettingList: [] }).resolvesOnce({});
      expect((await claimsOf(admin, ['staff'])).mfa).toBe('1');
      // Turned off with the user's own access token (SetUserMFAPreference): the next token says so.
      expect((await claimsOf(admin, ['staff'])).mfa).toBe('0');
      expect((await claimsOf(admin, ['staff'])).mfa).toBe('0');
      const asked = cognito.commandCalls(AdminGetUserCommand).map((c) => c.args[0].input);
      expect(asked[0]).toEqual({ UserPoolId: 'local_pool', Username: '7d1c-uuid' });
    });

    it('asks nothing and stamps nothing for customers, unless the stage requires an app of them', async () => {
      put('accounts', user('c@customer.test'));
      cognito.on(AdminGetUserCommand).resolves({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
      expect((await claimsOf('c@customer.test', [])).mfa).toBeUndefined();
      expect(cognito.commandCalls(AdminGetUserCommand)).toHaveLength(0);
      process.env.MFA_FOR_CUSTOMERS = 'true';
      expect((await claimsOf('c@customer.test', [])).mfa).toBe('1');
    });

    it('fails the sign-in when the pool cannot be read, rather than send an enrolled administrator to set up another app', async () => {
      put('accounts', user(admin));
      cognito.on(AdminGetUserCommand).rejects(cognitoError('TooManyRequestsException'));
      await expect(preToken(preTokenEvent(admin, {}, ['staff']))).rejects.toThrow('TooManyRequestsException');
    });
  });

  it('gives an account without customers an empty BUILDOPS_CUSTOMER_ID (the web app reads it as none) and tva 0', async () => {
    put('accounts', user('none@customer.test'));
    const claims = (await preToken(preTokenEvent('none@customer.test'))).response.claimsOverrideDetails.claimsToAddOrOverride!;
    expect(claims.BUILDOPS_CUSTOMER_ID).toBe('');
    expect(claims.tva).toBe('0');
  });

  it('notes a sign-in on the row (lastSignInAt only), not a refresh; a failed note does not fail the sign-in', async () => {
    put('accounts', user('seen@customer.test'));
    const before = Date.now();
    await preToken(preTokenEvent('seen@customer.test'));
    const row = get('accounts', { sub: subOf('seen@customer.test') })!;
    expect(Date.parse(String(row.lastSignInAt))).toBeGreaterThanOrEqual(before);
    expect(row.updatedAt).toBe(user('seen@customer.test').updatedAt);

    put('accounts', user('refresh@customer.test'));
    await preToken({ ...preTokenEvent('refresh@customer.test'), triggerSource: 'TokenGeneration_RefreshTokens' } as PreTokenGenerationTriggerEvent);
    expect(get('accounts', { sub: subOf('refresh@customer.test') })!.lastSignInAt).toBeUndefined();

    aws.failOnce('Update:accounts');
    const out = await preToken(preTokenEvent('refresh@customer.test'));
    expect(out.response.claimsOverrideDetails.claimsToAddOrOverride!.userId).toBe('id-refresh@customer.test');
  });
});

describe('custom-message', () => {
  it('writes the invitation: product, temporary password on its own line, the registration link with the email (and the user name Cognito requires, out of sight)', async () => {
    const out = await customMessage(messageEvent('CustomMessage_AdminCreateUser'));
    expect(out.response.emailSubject).toBe('Your Comfort Portal Reporting account');
    const lines = out.response.emailMessage!.split('\n');
    // Names are stored lower-cased: greeted as people write them.
    expect(lines[0]).toBe('Hello New Person,');
    expect(lines).toContain('{####}');
    expect(out.response.emailMessage!.match(/\{####\}/g)).toHaveLength(1);
    expect(out.response.emailMessage!.match(/\{username\}/g)).toHaveLength(1);
    expect(lines).toContain('https://portal.example.com/user-registration#email=new%40customer.test&ref={username}');
    expect(out.response.emailMessage).not.toMatch(/Account reference/);
  });

  it('writes the reset mail with the code on its own line and the reset link carrying the email; one product name', async () => {
    const out = await customMessage(messageEvent('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('Comfort Portal Reporting password reset code');
    expect(out.response.emailMessage!.split('\n')).toContain('{####}');
    expect(out.response.emailMessage!.split('\n')).toContain('https://portal.example.com/reset-password#email=new%40customer.test');
    expect(out.response.emailMessage).not.toMatch(/Comfort Portal (?!Reporting)/);
  });

  it('greets names as people write them, an address as it is', () => {
    expect(greetingName('pat tester')).toBe('Pat Tester');
    expect(greetingName("mary-jane o'neil")).toBe("Mary-Jane O'Neil");
    expect(greetingName('pat@customer.test')).toBe('pat@customer.test');
  });

  it("leaves other messages as Cognito's", async () => {
    const out = await customMessage(messageEvent('CustomMessage_ResendCode'));
    expect(out.response.emailMessage).toBe('');
  });
});

describe('post-confirmation', () => {
  const event = (triggerSource: string) =>
    ({ ...base, triggerSource, request: { userAttributes: { email: 'reset@customer.test', sub: subOf('reset@customer.test') } }, response: {} }) as unknown as PostConfirmationTriggerEvent;

  it('moves tokensValidAfter on after a password reset, so older tokens are refused', async () => {
    put('accounts', user('reset@customer.test', { tokensValidAfter: 1 }));
    const before = Date.now();
    await postConfirmation(event('PostConfirmation_ConfirmForgotPassword'));
    expect(Number(get('accounts', subOf('reset@customer.test'))!.tokensValidAfter)).toBeGreaterThanOrEqual(before);
  });

  it('leaves the account alone on a sign-up confirmation and ignores a user with no row', async () => {
    put('accounts', user('reset@customer.test', { tokensValidAfter: 1 }));
    await postConfirmation(event('PostConfirmation_ConfirmSignUp'));
    expect(get('accounts', subOf('reset@customer.test'))!.tokensValidAfter).toBe(1);
    put('accounts');
    await expect(postConfirmation({ ...event('PostConfirmation_ConfirmForgotPassword'), request: { userAttributes: { email: 'ghost@customer.test', sub: subOf('ghost@customer.test') } } })).resolves.toBeDefined();
  });
});
