import { ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, cognitoError, put, resetAws, serverCallOf, user } from './fixtures.js';
import { handler as request } from '../../../lambdas/accounts/reset-password.js';
import { handler as verify } from '../../../lambdas/accounts/reset-password-verify.js';
import { apiEvent, json } from '../support/events.js';

const ask = (body: unknown, sourceIp = '10.0.0.1') => request(apiEvent({ route: 'POST /api/users/reset-password', body, sourceIp }));
const confirm = (body: unknown, sourceIp = '10.0.0.1') => verify(apiEvent({ route: 'POST /api/users/reset-password/verify', body, sourceIp }));
const RULE = 'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.';

beforeEach(() => {
  resetAws();
  put('accounts', user('reset@customer.test'));
});

describe('POST /api/users/reset-password', () => {
  it('400s a body without an email', async () => {
    const r = await ask({});
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid body\.email: /);
  });

  it('answers 404 with the spec message for an email the users table lacks, without asking Cognito', async () => {
    const r = await ask({ email: 'ghost@customer.test' });
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'Email does not exist in our system. Please try again.' });
    expect(cognito.commandCalls(ForgotPasswordCommand)).toHaveLength(0);
  });

  it("asks Cognito to mail a code to the lower-cased email, on the server client with its SECRET_HASH and the visitor's address", async () => {
    cognito.on(ForgotPasswordCommand).resolves({});
    const r = await ask({ email: 'RESET@customer.test' }, '198.51.100.8');
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Password reset code has been sent to your email.' });
    const server = serverCallOf('reset@customer.test', '198.51.100.8');
    expect(cognito.commandCalls(ForgotPasswordCommand)[0]!.args[0].input).toEqual({
      ClientId: 'server-1',
      SecretHash: server.hash,
      UserContextData: server.UserContextData,
      Username: 'reset@customer.test',
    });
  });

  it('answers 503, not the pending-account 400, when Cognito refuses the secret hash', async () => {
    cognito.on(ForgotPasswordCommand).rejects(cognitoError('NotAuthorizedException', 'Unable to verify secret hash for client server-1'));
    expect((await ask({ email: 'reset@customer.test' })).statusCode).toBe(503);
  });

  it('tells a pending account (Cognito sends it no code) to use its invitation; 503 when Cognito fails', async () => {
    cognito.on(ForgotPasswordCommand).rejects(cognitoError('NotAuthorizedException', 'User password cannot be reset in the current state.'));
    const pending = await ask({ email: 'reset@customer.test' });
    expect(pending.statusCode).toBe(400);
    expect(json(pending).error).toMatch(/temporary password/);
    cognito.on(ForgotPasswordCommand).rejects(cognitoError('InternalErrorException'));
    expect((await ask({ email: 'reset@customer.test' })).statusCode).toBe(503);
  });

  it('429s the sixth code request for one email within the hour, unknown emails included', async () => {
    cognito.on(ForgotPasswordCommand).resolves({});
    for (let i = 0; i < 5; i++) expect((await ask({ email: 'reset@customer.test' })).statusCode).toBe(200);
    const r = await ask({ email: 'reset@customer.test' });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await ask({ email: 'ghost@customer.test' }, '10.0.0.2')).statusCode).toBe(404);
    expect((await ask({ email: 'ghost@customer.test' }, '10.0.0.2')).statusCode).toBe(429);
  });
});

describe('POST /api/users/reset-password/verify', () => {
  const body = (over: Record<string, unknown> = {}) => ({ email: 'reset@customer.test', code: '123456', newPassword: 'NewPass1', ...over });

  it('400s a missing code, then a password outside the rule, before asking Cognito', async () => {
    expect(json(await confirm(body({ code: '' }))).error).toBe('Invalid body.code: is required');
    const weak = await confirm(body({ newPassword: 'abc' }));
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toEqual({ error: RULE });
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)).toHaveLength(0);
  });

  it('holds a staff email to 12 characters before asking Cognito; customers keep the spec rule', async () => {
    const staff = 'Staff passwords must be at least 12 characters long and include at least one lowercase letter, one uppercase letter, and one number.';
    const short = await confirm(body({ email: 'ops@example-hvac.com', newPassword: 'NewPass1234' }));
    expect(short.statusCode).toBe(400);
    expect(json(short)).toEqual({ error: staff });
    expect(json(await confirm(body({ email: 'ops@example-hvac.com', newPassword: 'NEWPASS12345' })))).toEqual({ error: staff });
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)).toHaveLength(0);
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    expect((await confirm(body({ email: 'ops@example-hvac.com', newPassword: 'NewPass12345' }))).statusCode).toBe(200);
    expect((await confirm(body({ newPassword: 'NewPa1' }))).statusCode).toBe(200);
  });

  it("answers Cognito's policy refusal (5 characters pass the spec's rule, Cognito wants 6) with the rule's message", async () => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'));
    const r = await confirm(body({ newPassword: 'Ab3de' }));
    expect(r.statusCode).toBe(400);
    expect(json(r)).toEqual({ error: RULE });
  });

  it('400s a wrong or expired code with the spec message', async () => {
    for (const name of ['CodeMismatchException', 'ExpiredCodeException']) {
      cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError(name));
      const r = await confirm(body());
      expect(r.statusCode).toBe(400);
      expect(json(r)).toEqual({ error: 'Invalid email or reset code. Please try again.' });
    }
  });

  it('sets the password with the code', async () => {
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    const r = await confirm(body({ email: ' Reset@Customer.test' }));
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Password has been reset. You can now log in with your new password.' });
    const server = serverCallOf('reset@customer.test', '10.0.0.1');
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]!.args[0].input).toEqual({
      ClientId: 'server-1',
      SecretHash: server.hash,
      UserContextData: server.UserContextData,
      Username: 'reset@customer.test',
      ConfirmationCode: '123456',
      Password: 'NewPass1',
    });
  });

  it('voids the code after 5 wrong tries (the right one fails too) until a new code is requested', async () => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError('CodeMismatchException'));
    for (let i = 0; i < 5; i++) expect((await confirm(body({ code: `00000${i}` }))).statusCode).toBe(400);
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    const right = await confirm(body());
    expect(json(right)).toEqual({ error: 'Invalid email or reset code. Please try again.' });
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)).toHaveLength(5);

    cognito.on(ForgotPasswordCommand).resolves({});
    expect((await ask({ email: 'reset@customer.test' })).statusCode).toBe(200);
    expect((await confirm(body())).statusCode).toBe(200);
  });

  it('429s code checks from one address after 30 failures', async () => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError('ExpiredCodeException'));
    for (let i = 0; i < 30; i++) expect((await confirm(body({ email: `u${i}@customer.test` }), '10.7.7.7')).statusCode).toBe(400);
    const r = await confirm(body(), '10.7.7.7');
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
  });
});
