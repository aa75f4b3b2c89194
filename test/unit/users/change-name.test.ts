import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { all, aws, claims, cognito, cognitoError, get, put, resetAws, STAFF, subOf, user } from '../accounts/fixtures.js';
import { handler } from '../../../lambdas/users/change-name.js';
import { apiEvent, json } from '../support/events.js';
import { admin, seed } from './seed.js';

const rename = (email: string, body: unknown, as?: string) =>
  handler(apiEvent({ route: 'PUT /api/users/{email}/name', params: { email }, body, ...(as ? { claims: claims(as) } : {}) }));
const poolNames = () =>
  cognito.commandCalls(AdminUpdateUserAttributesCommand).map((c) => [c.args[0].input.Username, c.args[0].input.UserAttributes?.find((a) => a.Name === 'name')?.Value]);

beforeEach(() => {
  resetAws();
  seed();
  put('accounts', user(`colleague@${STAFF}`));
  cognito.on(AdminUpdateUserAttributesCommand).resolves({});
});

describe('PUT /api/users/{email}/name', () => {
  it('401, 403 for a customer, 400 for a missing, empty or long name or a staff account, 404 unknown: nothing changes', async () => {
    expect((await rename('a@customer.test', { name: 'anna' })).statusCode).toBe(401);
    expect((await rename('a@customer.test', { name: 'anna' }, 'a@customer.test')).statusCode).toBe(403);
    expect(json(await rename('a@customer.test', {}, admin)).error).toMatch(/^Invalid body\.name/);
    expect(json(await rename('a@customer.test', { name: '   ' }, admin)).error).toBe('Invalid body.name: is required');
    expect((await rename('a@customer.test', { name: 'x'.repeat(201) }, admin)).statusCode).toBe(400);
    expect((await rename('a@customer.test', { name: 42 }, admin)).statusCode).toBe(400);
    expect(json(await rename(`colleague@${STAFF}`, { name: 'someone' }, admin)).error).toBe(
      `colleague@${STAFF} is a staff account; the user list renames customer accounts only.`,
    );
    expect(json(await rename('ghost@customer.test', { name: 'ghost' }, admin))).toEqual({ error: 'No user with the email ghost@customer.test.' });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
    expect(get('accounts', subOf('a@customer.test'))!.name).toBe('user a');
    expect(all('audit')).toEqual([]);
  });

  it('stores the name trimmed and lower-cased, as signup does: Cognito first, then the row, and audits', async () => {
    const r = await rename('A@Customer.test', { name: '  Anna  Berg ' }, admin);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Name changed.', EMAIL: 'a@customer.test', NAME: 'anna  berg' });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'local_pool',
      Username: 'a@customer.test',
      UserAttributes: [{ Name: 'name', Value: 'anna  berg' }],
    });
    // Only the name moves: the assignments and the sessions stay as they were.
    expect(get('accounts', subOf('a@customer.test'))).toMatchObject({ name: 'anna  berg', email: 'a@customer.test', customerIds: ['c-a'], properties: { 'p-a0': 'c-a', 'p-a1': 'c-a' } });
    expect(get('accounts', subOf('a@customer.test'))!.tokensValidAfter).toBeUndefined();
    expect(all('audit')).toEqual([
      expect.objectContaining({ actorEmail: admin, action: 'user.name', target: 'a@customer.test', details: { from: 'user a', to: 'anna  berg' } }),
    ]);
  });

  it('404 when Cognito has no such user; 503 when Cognito fails; the pool is put back when the row cannot follow', async () => {
    cognito.reset();
    cognito.on(AdminUpdateUserAttributesCommand).rejects(cognitoError('UserNotFoundException'));
    expect((await rename('a@customer.test', { name: 'anna' }, admin)).statusCode).toBe(404);
    cognito.reset();
    cognito.on(AdminUpdateUserAttributesCommand).rejects(cognitoError('InternalErrorException'));
    expect((await rename('a@customer.test', { name: 'anna' }, admin)).statusCode).toBe(503);
    cognito.reset();
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
    aws.failOnce('Update:accounts');
    expect((await rename('a@customer.test', { name: 'anna' }, admin)).statusCode).toBe(500);
    expect(poolNames()).toEqual([
      ['a@customer.test', 'anna'],
      ['a@customer.test', 'user a'],
    ]);
    expect(get('accounts', subOf('a@customer.test'))!.name).toBe('user a');
    expect(all('audit')).toEqual([]);
  });
});
