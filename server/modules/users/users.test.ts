import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from '../../test/helpers.js';
import { userMessages } from './users.schema.js';

let t: TestContext;
let admin: TestUser;
let a: TestUser;
let b: TestUser;
let cA: Awaited<ReturnType<typeof createCustomer>>;
let cB: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  cA = await createCustomer(t.db, { name: 'alpha', properties: 3 });
  cB = await createCustomer(t.db, { name: 'beta', properties: 2 });
  admin = await createUser(t, { email: `boss@${STAFF}` });
  a = await createUser(t, { email: 'a@customer.test', name: 'user a', customers: [cA.id], properties: [cA.properties[0]!.id, cA.properties[1]!.id] });
  b = await createUser(t, { email: 'b@customer.test', customers: [cB.id], properties: [cB.properties[0]!.id] });
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const auditActions = async () => (await t.db.selectFrom('audit_events').select(['action', 'target']).execute()).map((r) => `${r.action} ${r.target}`);

describe('GET /api/users/getproperty/:email', () => {
  it('401 without a token, 400 for a malformed email, 403 for another user', async () => {
    expect((await req('GET', `/api/users/getproperty/${a.email}`)).statusCode).toBe(401);
    expect((await req('GET', '/api/users/getproperty/not-an-email', a.token)).statusCode).toBe(400);
    expect((await req('GET', `/api/users/getproperty/${a.email}`, b.token)).statusCode).toBe(403);
    expect((await req('GET', '/api/users/getproperty/nobody@customer.test', b.token)).statusCode).toBe(403);
  });

  it('answers the user with parallel arrays; case-insensitive email; 404 unknown for an administrator', async () => {
    const res = await req('GET', `/api/users/getproperty/A@Customer.TEST`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        NAME: 'user a',
        EMAIL: a.email,
        CUSTOMER_NAME: ['alpha'],
        BUILDOPS_CUSTOMER_ID: [cA.id],
        PROPERTIES: [cA.properties[0]!.name, cA.properties[1]!.name],
        BUILDOPS_PROPERTY_IDS: [cA.properties[0]!.id, cA.properties[1]!.id],
      },
    ]);
    expect((await req('GET', `/api/users/getproperty/${a.email}`, admin.token)).json()[0].EMAIL).toBe(a.email);
    expect((await req('GET', '/api/users/getproperty/nobody@customer.test', admin.token)).statusCode).toBe(404);
  });
});

describe('GET /api/users/usercustomerbyemail and getcustomerbyemail', () => {
  it('401, 403, then the customers as parallel arrays', async () => {
    for (const path of ['usercustomerbyemail', 'getcustomerbyemail']) {
      expect((await req('GET', `/api/users/${path}/${a.email}`)).statusCode).toBe(401);
      expect((await req('GET', `/api/users/${path}/${a.email}`, b.token)).statusCode).toBe(403);
      const res = await req('GET', `/api/users/${path}/${a.email}`, a.token);
      expect(res.json()).toEqual({ CUSTOMER_NAME: ['alpha'], BUILDOPS_CUSTOMER_ID: [cA.id] });
    }
  });
});

describe('GET /api/users', () => {
  it('401, 403 for a customer, then every user for an administrator (with and without the slash)', async () => {
    expect((await req('GET', '/api/users')).statusCode).toBe(401);
    expect((await req('GET', '/api/users', a.token)).statusCode).toBe(403);
    for (const url of ['/api/users', '/api/users/']) {
      const res = await req('GET', url, admin.token);
      expect(res.statusCode).toBe(200);
      const emails = res.json().map((u: { EMAIL: string }) => u.EMAIL);
      expect(emails).toEqual(expect.arrayContaining([a.email, b.email, admin.email]));
      expect(res.json().find((u: { EMAIL: string }) => u.EMAIL === b.email)).toMatchObject({ BUILDOPS_CUSTOMER_ID: [cB.id], PROPERTIES: [cB.properties[0]!.name] });
    }
  });
});

describe('PUT /api/users/:email/customers and /properties', () => {
  it('401, 400, 403 before anything changes', async () => {
    const u = await createUser(t, { customers: [cA.id] });
    expect((await req('PUT', `/api/users/${u.email}/customers`, undefined, { customers: [] })).statusCode).toBe(401);
    expect((await req('PUT', `/api/users/${u.email}/customers`, admin.token, { customers: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/users/${u.email}/customers`, admin.token, { customers: [{ ID: 'nope' }] })).json().error).toMatch(/unknown customer id nope/);
    expect((await req('PUT', `/api/users/${u.email}/customers`, a.token, { customers: [] })).statusCode).toBe(403);
    expect((await req('PUT', `/api/users/${u.email}/properties`, a.token, { properties: [] })).statusCode).toBe(403);
    expect((await req('PUT', `/api/users/nobody@customer.test/customers`, admin.token, { customers: [] })).statusCode).toBe(404);
    expect((await req('PUT', `/api/users/${admin.email}/customers`, admin.token, { customers: [{ ID: cA.id }] })).statusCode).toBe(400);
    expect((await req('GET', `/api/users/getproperty/${u.email}`, admin.token)).json()[0].BUILDOPS_CUSTOMER_ID).toEqual([cA.id]);
  });

  it('replaces customers, dropping properties outside them, and refuses properties of other customers', async () => {
    const u = await createUser(t, { customers: [cA.id, cB.id], properties: [cA.properties[0]!.id, cB.properties[0]!.id] });
    const res = await req('PUT', `/api/users/${u.email}/customers`, admin.token, { customers: [{ ID: cB.id, NAME: 'beta' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ BUILDOPS_CUSTOMER_ID: [cB.id], BUILDOPS_PROPERTY_IDS: [cB.properties[0]!.id] });
    const left = await t.db.selectFrom('user_properties').select('property_id').where('user_id', '=', u.id).execute();
    expect(left.map((r) => r.property_id)).toEqual([cB.properties[0]!.id]);

    const bad = await req('PUT', `/api/users/${u.email}/properties`, admin.token, { properties: [{ ID: cA.properties[1]!.id }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/belong to no customer/);
    expect((await req('PUT', `/api/users/${u.email}/properties`, admin.token, { properties: [{ ID: 'no-such' }] })).statusCode).toBe(400);

    const ok = await req('PUT', `/api/users/${u.email}/properties`, admin.token, { properties: cB.properties.map((p) => ({ ID: p.id, NAME: p.name })) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().BUILDOPS_PROPERTY_IDS.sort()).toEqual(cB.properties.map((p) => p.id).sort());
    expect(await auditActions()).toEqual(expect.arrayContaining([`user.customers ${u.email}`, `user.properties ${u.email}`]));
  });
});

describe('POST /api/users/signup', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'New Person',
    email: 'New.Person@Customer.test',
    password: 'Tmp!pass12Ab',
    customers: [{ ID: cA.id, NAME: 'alpha' }],
    buildops_customer_ids: [cA.id],
    buildops_property_ids: [cA.properties[2]!.id],
    properties: [cA.properties[2]!.name],
    ...over,
  });

  it('401, 400, 403 before creating anything', async () => {
    expect((await req('POST', '/api/users/signup', undefined, body())).statusCode).toBe(401);
    expect((await req('POST', '/api/users/signup', admin.token, body({ email: 'nope' }))).json().error).toMatch(/email/);
    expect((await req('POST', '/api/users/signup', admin.token, body({ name: '' }))).statusCode).toBe(400);
    expect((await req('POST', '/api/users/signup', admin.token, body({ buildops_customer_ids: ['ghost'], customers: [] }))).statusCode).toBe(400);
    const wrongProperty = await req('POST', '/api/users/signup', admin.token, body({ buildops_property_ids: [cB.properties[0]!.id] }));
    expect(wrongProperty.statusCode).toBe(400);
    expect(wrongProperty.json().error).toMatch(/none of the chosen customers/);
    expect((await req('POST', '/api/users/signup', a.token, body())).statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'new.person@customer.test').executeTakeFirst()).toBeUndefined();
  });

  it('creates the user lower-cased with assignments and a pending password, mails the invitation, and 422s a repeat', async () => {
    const res = await req('POST', '/api/users/signup', admin.token, body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: userMessages.created, EMAIL: 'new.person@customer.test' });
    const row = await t.db.selectFrom('users').selectAll().where('email', '=', 'new.person@customer.test').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'new person', password_hash: null, must_set_password: true });
    const got = (await req('GET', '/api/users/getproperty/new.person@customer.test', admin.token)).json()[0];
    expect(got).toMatchObject({ BUILDOPS_CUSTOMER_ID: [cA.id], BUILDOPS_PROPERTY_IDS: [cA.properties[2]!.id] });
    const mail = t.mailer.sent.find((m) => m.to === 'new.person@customer.test')!;
    expect(mail.text.split('\n')).toContain('Tmp!pass12Ab');
    expect(mail.text).toContain(`${t.config.publicUrl}/user-registration`);
    expect(await auditActions()).toContain('user.create new.person@customer.test');

    // The temporary password works only at the registration page, then signs in.
    expect((await req('POST', '/api/users/login', undefined, { email: 'new.person@customer.test', password: 'Tmp!pass12Ab' })).statusCode).toBe(401);
    const verify = await req('POST', '/api/users/user-registration/verify', undefined, { email: 'new.person@customer.test', code: 'Tmp!pass12Ab', newPassword: 'Mine123' });
    expect(verify.statusCode).toBe(200);
    expect((await req('POST', '/api/users/login', undefined, { email: 'new.person@customer.test', password: 'Mine123' })).statusCode).toBe(200);

    const again = await req('POST', '/api/users/signup', admin.token, body({ email: 'NEW.PERSON@customer.test' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: 'User already exists.' });
  });

  it('gives staff-domain users no assignments', async () => {
    const res = await req('POST', '/api/users/signup', admin.token, body({ email: `helper@${STAFF}` }));
    expect(res.statusCode).toBe(201);
    const got = (await req('GET', `/api/users/getproperty/helper@${STAFF}`, admin.token)).json()[0];
    expect(got).toMatchObject({ BUILDOPS_CUSTOMER_ID: [], BUILDOPS_PROPERTY_IDS: [] });
  });

  it('keeps the user and answers 201 with a warning when the invitation mail fails', async () => {
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await req('POST', '/api/users/signup', admin.token, body({ email: 'nomail@customer.test' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().warning).toBe(userMessages.mailFailed);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', 'nomail@customer.test').executeTakeFirst()).toBeDefined();
    } finally {
      t.mailer.send = send;
    }
  });
});

describe('POST /api/users/remove-users', () => {
  it('401, 400, 403, 404 before removing anything', async () => {
    const u = await createUser(t, { customers: [cA.id] });
    expect((await req('POST', '/api/users/remove-users', undefined, { users: [u.email] })).statusCode).toBe(401);
    expect((await req('POST', '/api/users/remove-users', admin.token, { users: [] })).statusCode).toBe(400);
    expect((await req('POST', '/api/users/remove-users', admin.token, { users: [admin.email] })).json().error).toMatch(/your own account/);
    const other = await createUser(t, { email: `colleague@${STAFF}` });
    expect((await req('POST', '/api/users/remove-users', admin.token, { users: [other.email] })).json().error).toMatch(/staff accounts/);
    expect((await req('POST', '/api/users/remove-users', a.token, { users: [u.email] })).statusCode).toBe(403);
    expect((await req('POST', '/api/users/remove-users', admin.token, { users: [u.email, 'ghost@customer.test'] })).statusCode).toBe(404);
    expect((await req('GET', `/api/users/getproperty/${u.email}`, u.token)).statusCode).toBe(200);
  });

  it('removes the users and their assignments; their tokens stop working at once', async () => {
    const u1 = await createUser(t, { customers: [cA.id], properties: [cA.properties[0]!.id] });
    const u2 = await createUser(t, { customers: [cB.id] });
    const res = await req('POST', '/api/users/remove-users', admin.token, { users: [u1.email, u2.email.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    expect(res.json().removed.sort()).toEqual([u1.email, u2.email].sort());
    expect((await req('GET', `/api/users/getproperty/${u1.email}`, u1.token)).statusCode).toBe(401);
    expect(await t.db.selectFrom('user_customers').select('user_id').where('user_id', 'in', [u1.id, u2.id]).execute()).toEqual([]);
    expect(await auditActions()).toEqual(expect.arrayContaining([`user.remove ${u1.email}`, `user.remove ${u2.email}`]));
  });
});
