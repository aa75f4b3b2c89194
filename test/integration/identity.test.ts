import { jest } from '@jest/globals';
/**
 * Who the caller is cannot be rewritten by the caller (issue: an attacker with an ordinary
 * customer account). Everything here goes through cognito-local's public API with the user's own
 * access token, as a browser's devtools would, then through the portal's API: the caller stays
 * exactly who they were, or is refused; never another tenant, never an administrator.
 */
import {
  AdminUpdateUserAttributesCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

let t: TestStack;
const ADMIN = 'boss@staff.test';

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-H', name: 'Harbor' });
  await putCustomer({ id: 'C-N', name: 'North' });
  await putProperty({ id: 'P-H', customerId: 'C-H', name: 'Harbor clinic', propertyType: 'Medical' });
  await putProperty({ id: 'P-N', customerId: 'C-N', name: 'North tower', propertyType: 'Office' });
  await createTestUser({ email: ADMIN, password: 'Admin123' });
  await createTestUser({ email: 'victim@north.test', password: 'Passw0rd', customers: ['C-N'], properties: ['P-N'] });
});
afterAll(async () => t?.stop());

/** A fresh customer of Harbor, signed in: its ID, access and refresh tokens. */
async function harborUser(email: string) {
  await createTestUser({ email, password: 'Passw0rd', customers: ['C-H'], properties: ['P-H'] });
  return session(email);
}

async function session(email: string) {
  const r = await t.cognito.send(
    new InitiateAuthCommand({ ClientId: t.stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Passw0rd' } }),
  );
  const a = r.AuthenticationResult!;
  return { id: a.IdToken!, access: a.AccessToken!, refresh: a.RefreshToken! };
}

/** New tokens from the refresh token (the pre-token trigger runs again); null when Cognito refuses. */
async function refreshed(refreshToken: string): Promise<string | null> {
  try {
    const r = await t.cognito.send(
      new InitiateAuthCommand({ ClientId: t.stack.userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    return r.AuthenticationResult?.IdToken ?? null;
  } catch {
    return null;
  }
}

/** The pool applies an email change at once, as a pool without the keep-original setting would. */
const poolSetsEmail = (email: string, to: string, verified: boolean) =>
  t.cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: t.stack.userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: to },
        { Name: 'email_verified', Value: String(verified) },
      ],
    }),
  );

const customersOf = async (token: string) => {
  const r = await request('GET', '/api/sigma/customers', { token });
  return { status: r.status, ids: (r.json as { customer_ids?: string[] } | undefined)?.customer_ids };
};

/** What the portal answers this token: Harbor's scope, a refusal, never North's or an administrator's. */
async function expectHarborOrRefused(token: string | null) {
  if (!token) return;
  const mine = await customersOf(token);
  if (mine.status === 200) expect(mine.ids).toEqual(['C-H']);
  else expect(mine.status).toBe(401);
  expect((await request('GET', '/api/users/getcustomerbyemail/victim@north.test', { token })).status).not.toBe(200);
  expect([401, 403]).toContain((await request('GET', '/api/users', { token })).status);
}

describe("a customer rewriting their own Cognito attributes with their access token", () => {
  it("setting another user's email leaves them who they were (the change waits for a code to that address)", async () => {
    const s = await harborUser('attacker1@harbor.test');
    await t.cognito.send(new UpdateUserAttributesCommand({ AccessToken: s.access, UserAttributes: [{ Name: 'email', Value: 'victim@north.test' }] })).catch(() => undefined);
    // The token in hand, and the one a refresh gives: still Harbor, never North.
    expect(await customersOf(s.id)).toEqual({ status: 200, ids: ['C-H'] });
    await expectHarborOrRefused(await refreshed(s.refresh));
    await expectHarborOrRefused(await signIn('attacker1@harbor.test', 'Passw0rd').catch(() => null));
    expect(await customersOf(await signIn('victim@north.test', 'Passw0rd'))).toEqual({ status: 200, ids: ['C-N'] });
  });

  it('setting an unused staff-domain email makes no administrator', async () => {
    const s = await harborUser('attacker2@harbor.test');
    await t.cognito.send(new UpdateUserAttributesCommand({ AccessToken: s.access, UserAttributes: [{ Name: 'email', Value: 'new-admin@staff.test' }] })).catch(() => undefined);
    await expectHarborOrRefused(s.id);
    await expectHarborOrRefused(await refreshed(s.refresh));
  });

  it('a new email the user verifies themselves (a mailbox they own) locks them out rather than moving them', async () => {
    const s = await harborUser('attacker3@harbor.test');
    await t.cognito.send(new UpdateUserAttributesCommand({ AccessToken: s.access, UserAttributes: [{ Name: 'email', Value: 'mine@evil.test' }] }));
    const mail = (await t.outbox()).reverse().find((m) => m.to === 'mine@evil.test');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeDefined();
    await t.cognito.send(new VerifyUserAttributeCommand({ AccessToken: s.access, AttributeName: 'email', Code: code! }));
    // Cognito now has mine@evil.test, verified; the portal's row still says attacker3@harbor.test.
    expect(await refreshed(s.refresh)).toBeNull();
    await expect(signIn('mine@evil.test', 'Passw0rd')).rejects.toThrow();
    // The token minted before the change still names the row's email: Harbor, as before.
    expect(await customersOf(s.id)).toEqual({ status: 200, ids: ['C-H'] });
    expect((await getUserByEmail(t.db, 'attacker3@harbor.test'))?.customerIds).toEqual(['C-H']);
  });

  it('custom attributes the pool does not define are refused, and a name change decides nothing', async () => {
    const s = await harborUser('attacker4@harbor.test');
    await expect(
      t.cognito.send(new UpdateUserAttributesCommand({ AccessToken: s.access, UserAttributes: [{ Name: 'custom:BUILDOPS_CUSTOMER_ID', Value: 'C-N' }] })),
    ).rejects.toThrow();
    await t.cognito.send(new UpdateUserAttributesCommand({ AccessToken: s.access, UserAttributes: [{ Name: 'name', Value: 'victim@north.test' }] }));
    const token = await refreshed(s.refresh);
    expect(token).not.toBeNull();
    expect(await customersOf(token!)).toEqual({ status: 200, ids: ['C-H'] });
  });

  it("another user's email applied at once and verified (a pool without the keep-original setting) gets no token, and the token in hand stays Harbor", async () => {
    const s = await harborUser('attacker6@harbor.test');
    await poolSetsEmail('attacker6@harbor.test', 'victim@north.test', true);
    // Found by email, this token would be North's; found by sub, the row disagrees: no token.
    expect(await refreshed(s.refresh)).toBeNull();
    expect(await customersOf(s.id)).toEqual({ status: 200, ids: ['C-H'] });
  });

  it('an email the pool took without verification (a pool set up otherwise) gets no token at all', async () => {
    const s = await harborUser('attacker5@harbor.test');
    await poolSetsEmail('attacker5@harbor.test', 'unused@north.test', false);
    expect(await refreshed(s.refresh)).toBeNull();
    expect(await customersOf(s.id)).toEqual({ status: 200, ids: ['C-H'] });
  });
});

describe('administrators: the staff group and a verified staff-domain email', () => {
  it('a staff-domain account outside the staff group is a customer: 403 on administrator routes', async () => {
    await createTestUser({ email: 'lookalike@staff.test', password: 'Passw0rd', staffGroup: false });
    const token = await signIn('lookalike@staff.test', 'Passw0rd');
    expect((await request('GET', '/api/users', { token })).status).toBe(403);
    expect((await request('GET', '/api/users/getcustomerbyemail/victim@north.test', { token })).status).toBe(403);
    expect((await request('GET', '/api/users', { token: await signIn(ADMIN, 'Admin123') })).status).toBe(200);
  });
});

describe('PUT /api/users/{email}/email (administrators)', () => {
  it('moves the account in Cognito and the row together; the old sessions end; the new address signs in as the same user', async () => {
    const s = await harborUser('rename.me@harbor.test');
    const admin = await signIn(ADMIN, 'Admin123');
    const customer = s.id;
    expect((await request('PUT', '/api/users/rename.me@harbor.test/email', { token: customer, body: { email: 'x@harbor.test' } })).status).toBe(403);
    expect((await request('PUT', '/api/users/rename.me@harbor.test/email', { token: admin, body: { email: 'victim@north.test' } })).status).toBe(422);
    expect((await request('PUT', '/api/users/rename.me@harbor.test/email', { token: admin, body: { email: 'sneaky@staff.test' } })).json).toEqual({
      error: 'A customer account cannot take a staff-domain email; create a staff account for that address instead.',
    });
    expect((await request('PUT', '/api/users/nobody@harbor.test/email', { token: admin, body: { email: 'n@harbor.test' } })).status).toBe(404);
    const before = await getUserByEmail(t.db, 'rename.me@harbor.test');

    const r = await request('PUT', '/api/users/Rename.Me@harbor.test/email', { token: admin, body: { email: 'Renamed@Harbor.test' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: 'Email changed. The user signs in with the new address from now on.', EMAIL: 'renamed@harbor.test' });
    expect(await getUserByEmail(t.db, 'rename.me@harbor.test')).toBeUndefined();
    expect(await getUserByEmail(t.db, 'renamed@harbor.test')).toMatchObject({ sub: before!.sub, userId: before!.userId, customerIds: ['C-H'] });
    expect((await customersOf(customer)).status).toBe(401);
    await expect(signIn('rename.me@harbor.test', 'Passw0rd')).rejects.toThrow();
    expect(await customersOf(await signIn('renamed@harbor.test', 'Passw0rd'))).toEqual({ status: 200, ids: ['C-H'] });
  });
});
