import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { all, claims, cognito, cognitoError, get, resetAws, STAFF, subOf } from '../accounts/fixtures.js';
import { handler } from '../../../lambdas/users/signup.js';
import { apiEvent, json } from '../support/events.js';
import { admin, seed } from './seed.js';

const signup = (body: unknown, as?: string) => handler(apiEvent({ route: 'POST /api/users/signup', body, ...(as ? { claims: claims(as) } : {}) }));
const body = (over: Record<string, unknown> = {}) => ({
  name: 'New Person',
  email: 'New.Person@Customer.test',
  password: 'Tmp!pass12Ab',
  customers: [{ ID: 'c-a', NAME: 'alpha' }],
  buildops_customer_ids: ['c-a'],
  buildops_property_ids: ['p-a2'],
  properties: ['A two'],
  ...over,
});

beforeEach(() => {
  resetAws();
  seed();
  cognito.on(AdminCreateUserCommand).callsFake((i: { Username: string }) => ({ User: { Username: 'uuid', Attributes: [{ Name: 'sub', Value: subOf(i.Username) }] } }));
  cognito.on(AdminAddUserToGroupCommand).resolves({});
});

describe('POST /api/users/signup', () => {
  it('401, 400, 403 before creating anything', async () => {
    expect((await signup(body())).statusCode).toBe(401);
    expect(json(await signup(body({ email: 'nope' }), admin)).error).toBe('Invalid body.email: must be an email address');
    expect(json(await signup(body({ name: '' }), admin)).error).toBe('Invalid body.name: is required');
    expect(json(await signup(body({ password: 'Ab1' }), admin)).error).toBe('Invalid body.password: must be at least 5 characters');
    expect(json(await signup(body({ buildops_customer_ids: ['ghost'], customers: [] }), admin))).toEqual({
      error: 'Invalid body.buildops_customer_ids: unknown customer id ghost.',
    });
    expect(json(await signup(body({ buildops_property_ids: ['nope'] }), admin))).toEqual({ error: 'Invalid body.buildops_property_ids: unknown property id nope.' });
    expect(json(await signup(body({ buildops_property_ids: ['p-b0'] }), admin))).toEqual({
      error: 'Invalid body.buildops_property_ids: p-b0 belong to none of the chosen customers.',
    });
    expect((await signup(body(), 'a@customer.test')).statusCode).toBe(403);
    expect(get('accounts', subOf('new.person@customer.test'))).toBeUndefined();
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
  });

  it('creates the pending row with assignments, then the Cognito user mailing the temporary password; audits; 201', async () => {
    const r = await signup(body(), admin);
    expect(r.statusCode).toBe(201);
    expect(json(r)).toEqual({ message: 'User created successfully!', EMAIL: 'new.person@customer.test' });
    expect(get('accounts', subOf('new.person@customer.test'))).toMatchObject({
      name: 'new person',
      pending: true,
      customerIds: ['c-a'],
      properties: { 'p-a2': 'c-a' },
    });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'local_pool',
      Username: 'new.person@customer.test',
      TemporaryPassword: 'Tmp!pass12Ab',
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: 'new.person@customer.test' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'new person' },
      ],
    });
    expect(all('audit').map((e) => `${e.action} ${e.target}`)).toEqual(['user.create new.person@customer.test']);
  });

  it('422s an email the users table has, without asking Cognito', async () => {
    const r = await signup(body({ email: 'A@customer.test' }), admin);
    expect(r.statusCode).toBe(422);
    expect(json(r)).toEqual({ error: 'User already exists.' });
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
  });

  it('422s and removes the row again when Cognito has the user already', async () => {
    cognito.on(AdminCreateUserCommand).rejects(cognitoError('UsernameExistsException'));
    const r = await signup(body(), admin);
    expect(r.statusCode).toBe(422);
    expect(json(r)).toEqual({ error: 'User already exists.' });
    expect(get('accounts', subOf('new.person@customer.test'))).toBeUndefined();
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it("400s a temporary password Cognito's policy refuses, keeping nothing", async () => {
    cognito.on(AdminCreateUserCommand).rejects(cognitoError('InvalidPasswordException', 'Password did not conform with policy'));
    const r = await signup(body({ password: 'Ab3de' }), admin);
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid body\.password: Password must be at least 5 characters/);
    expect(get('accounts', subOf('new.person@customer.test'))).toBeUndefined();
  });

  it('503s when Cognito fails otherwise, removing the row and any half-made Cognito user', async () => {
    cognito.on(AdminCreateUserCommand).rejects(cognitoError('CodeDeliveryFailureException'));
    cognito.on(AdminDeleteUserCommand).resolves({});
    const r = await signup(body(), admin);
    expect(r.statusCode).toBe(503);
    expect(get('accounts', subOf('new.person@customer.test'))).toBeUndefined();
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'local_pool', Username: 'new.person@customer.test' });
    expect(all('audit')).toEqual([]);
  });

  it('gives staff-domain users no assignments', async () => {
    const r = await signup(body({ email: `helper@${STAFF}` }), admin);
    expect(r.statusCode).toBe(201);
    expect(get('accounts', subOf(`helper@${STAFF}`))).toMatchObject({ customerIds: [], properties: {} });
  });

  it('takes customers as { id, name } or plain ids, merged with buildops_customer_ids', async () => {
    await signup(body({ customers: [{ id: 'c-b', name: 'beta' }, 'c-a'], buildops_customer_ids: [], buildops_property_ids: ['p-b1'] }), admin);
    expect(get('accounts', subOf('new.person@customer.test'))).toMatchObject({ customerIds: ['c-a', 'c-b'], properties: { 'p-b1': 'c-b' } });
  });
});
