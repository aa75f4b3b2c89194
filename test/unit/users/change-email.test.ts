import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { all, aws, claims, cognito, cognitoError, get, put, resetAws, STAFF, subOf, user } from '../accounts/fixtures.js';
import { handler } from '../../../lambdas/users/change-email.js';
import { apiEvent, json } from '../support/events.js';
import { admin, seed } from './seed.js';

const change = (email: string, body: unknown, as?: string) =>
  handler(apiEvent({ route: 'PUT /api/users/{email}/email', params: { email }, body, ...(as ? { claims: claims(as) } : {}) }));
const poolEmails = () => cognito.commandCalls(AdminUpdateUserAttributesCommand).map((c) => [c.args[0].input.Username, c.args[0].input.UserAttributes?.find((a) => a.Name === 'email')?.Value]);

beforeEach(() => {
  resetAws();
  seed();
  put('accounts', user(`colleague@${STAFF}`));
  cognito.on(AdminUpdateUserAttributesCommand).resolves({});
});

describe('PUT /api/users/{email}/email', () => {
  it('401, 403 for a customer, 400 for the same email or a domain switch, 404 unknown, 422 taken: nothing changes', async () => {
    expect((await change('a@customer.test', { email: 'n@customer.test' })).statusCode).toBe(401);
    expect((await change('a@customer.test', { email: 'n@customer.test' }, 'a@customer.test')).statusCode).toBe(403);
    expect(json(await change('a@customer.test', { email: 'A@customer.test' }, admin)).error).toBe('The new email is the same as the current one.');
    expect((await change('a@customer.test', { email: `x@${STAFF}` }, admin)).statusCode).toBe(400);
    expect(json(await change(`colleague@${STAFF}`, { email: 'x@customer.test' }, admin)).error).toBe('A staff account keeps an email in a staff domain.');
    expect((await change('ghost@customer.test', { email: 'n@customer.test' }, admin)).statusCode).toBe(404);
    expect(json(await change('a@customer.test', { email: 'b@customer.test' }, admin))).toEqual({ error: 'User already exists.' });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
    expect(get('accounts', subOf('a@customer.test'))!.email).toBe('a@customer.test');
  });

  it('sets the verified email in Cognito, then the row (refusing older tokens), and audits', async () => {
    const before = Date.now();
    const r = await change('a@customer.test', { email: 'Anna@Customer.test' }, admin);
    expect(r.statusCode).toBe(200);
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'local_pool',
      Username: 'a@customer.test',
      UserAttributes: [
        { Name: 'email', Value: 'anna@customer.test' },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(get('accounts', subOf('a@customer.test'))).toMatchObject({ email: 'anna@customer.test', customerIds: ['c-a'] });
    expect(Number(get('accounts', subOf('a@customer.test'))!.tokensValidAfter)).toBeGreaterThanOrEqual(before);
    expect(all('audit')).toEqual([expect.objectContaining({ action: 'user.email', target: 'anna@customer.test', details: { from: 'a@customer.test' } })]);
  });

  it("422 when Cognito has the address; 503 when it fails; the pool is put back when the row cannot follow", async () => {
    cognito.reset();
    cognito.on(AdminUpdateUserAttributesCommand).rejects(cognitoError('AliasExistsException'));
    expect((await change('a@customer.test', { email: 'n@customer.test' }, admin)).statusCode).toBe(422);
    cognito.reset();
    cognito.on(AdminUpdateUserAttributesCommand).rejects(cognitoError('InternalErrorException'));
    expect((await change('a@customer.test', { email: 'n@customer.test' }, admin)).statusCode).toBe(503);
    cognito.reset();
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
    aws.failOnce('Update:accounts');
    expect((await change('a@customer.test', { email: 'n@customer.test' }, admin)).statusCode).toBe(500);
    expect(poolEmails()).toEqual([
      ['a@customer.test', 'n@customer.test'],
      ['n@customer.test', 'a@customer.test'],
    ]);
    expect(get('accounts', subOf('a@customer.test'))!.email).toBe('a@customer.test');
  });
});
