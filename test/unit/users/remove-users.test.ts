import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { all, claims, cognito, cognitoError, get, put, resetAws, STAFF, subOf, user } from '../accounts/fixtures.js';
import { handler } from '../../../lambdas/users/remove-users.js';
import { handler as getProperty } from '../../../lambdas/users/get-property.js';
import { apiEvent, json } from '../support/events.js';
import { admin, seed } from './seed.js';

const remove = (body: unknown, as?: string) => handler(apiEvent({ route: 'POST /api/users/remove-users', body, ...(as ? { claims: claims(as) } : {}) }));

beforeEach(() => {
  resetAws();
  seed();
  put('accounts', user(`colleague@${STAFF}`));
  cognito.on(AdminDeleteUserCommand).resolves({});
});

describe('POST /api/users/remove-users', () => {
  it('401, 400, 403, 404 before removing anything', async () => {
    expect((await remove({ users: ['a@customer.test'] })).statusCode).toBe(401);
    expect(json(await remove({ users: [] }, admin)).error).toBe('Invalid body.users: must name at least one user');
    expect(json(await remove({ users: [admin] }, admin))).toEqual({ error: 'Invalid body.users: you cannot remove your own account.' });
    expect(json(await remove({ users: [`colleague@${STAFF}`] }, admin))).toEqual({
      error: `Invalid body.users: staff accounts cannot be removed here (colleague@${STAFF}).`,
    });
    expect((await remove({ users: ['a@customer.test'] }, 'b@customer.test')).statusCode).toBe(403);
    const missing = await remove({ users: ['a@customer.test', 'ghost@customer.test'] }, admin);
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ error: 'No user with the email ghost@customer.test.' });
    expect(get('accounts', subOf('a@customer.test'))).toBeDefined();
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('removes each user from Cognito and the users table, audits, and their tokens fail at the next call', async () => {
    const r = await remove({ users: ['a@customer.test', 'B@customer.test'] }, admin);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Users Removed successfully!', removed: ['a@customer.test', 'b@customer.test'] });
    expect(cognito.commandCalls(AdminDeleteUserCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'local_pool', Username: 'a@customer.test' },
      { UserPoolId: 'local_pool', Username: 'b@customer.test' },
    ]);
    expect(get('accounts', subOf('a@customer.test'))).toBeUndefined();
    expect(all('audit').map((e) => `${e.action} ${e.target}`)).toEqual(['user.remove a@customer.test', 'user.remove b@customer.test']);
    const after = await getProperty(apiEvent({ route: 'GET /api/users/getproperty/{email}', params: { email: 'a@customer.test' }, claims: claims('a@customer.test') }));
    expect(after.statusCode).toBe(401);
  });

  it('removes the row of a user Cognito no longer has; 503 and the row kept when Cognito fails', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(cognitoError('UserNotFoundException'));
    expect((await remove({ users: ['a@customer.test'] }, admin)).statusCode).toBe(200);
    expect(get('accounts', subOf('a@customer.test'))).toBeUndefined();
    cognito.on(AdminDeleteUserCommand).rejects(cognitoError('InternalErrorException'));
    expect((await remove({ users: ['b@customer.test'] }, admin)).statusCode).toBe(503);
    expect(get('accounts', subOf('b@customer.test'))).toBeDefined();
  });
});
