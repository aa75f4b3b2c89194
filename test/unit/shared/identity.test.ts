/**
 * The caller is found by the token's `sub`; the claims a user can write in Cognito (email, name,
 * custom attributes) decide nothing. An administrator is in the staff group with a verified
 * staff-domain email.
 */
import { get, put, resetAws, STAFF, subOf, user } from '../accounts/fixtures.js';
import { groupsOf, MFA_SETUP_NEEDED, resolveCaller, SESSION_EXPIRED } from '../../../lambdas/shared/platform/middleware.js';
import { apiEvent } from '../support/events.js';

const route = 'GET /api/sigma/customers';
const caller = (claims: Record<string, string | number>) => resolveCaller(apiEvent({ route, claims }));
const base = (email: string) => ({ sub: subOf(email), email, email_verified: 'true', tva: '0' });
const refusal = async (claims: Record<string, string | number>) => {
  const err = await caller(claims).then(
    () => null,
    (e: unknown) => e as { statusCode?: number; message?: string },
  );
  return err && { status: err.statusCode, message: err.message };
};

beforeEach(() => {
  resetAws();
  put(
    'accounts',
    user('self@harbor.test', { customerIds: ['C-H'], properties: { 'P-H': 'C-H' } }),
    user('victim@north.test', { customerIds: ['C-N'], properties: { 'P-N': 'C-N' } }),
    user(`boss@${STAFF}`),
    user(`lookalike@${STAFF}`),
  );
});

describe('resolveCaller: who the caller is', () => {
  it("takes the row of the token's sub, with its scope", async () => {
    const c = await caller(base('self@harbor.test'));
    expect(c).toMatchObject({ isAdmin: false, sub: subOf('self@harbor.test'), email: 'self@harbor.test' });
    expect([...c.customerIds]).toEqual(['C-H']);
  });

  it("refuses a token whose email is not its row's (a self-made change), or unverified, or whose sub has no row: 401", async () => {
    const expired = { status: 401, message: SESSION_EXPIRED };
    // The victim's email in a token of the attacker's sub: not the victim, and not the attacker either.
    expect(await refusal({ ...base('self@harbor.test'), email: 'victim@north.test' })).toEqual(expired);
    expect(await refusal({ ...base('self@harbor.test'), email_verified: 'false' })).toEqual(expired);
    expect(await refusal({ ...base('self@harbor.test'), email_verified: '' })).toEqual(expired);
    expect(await refusal({ ...base('victim@north.test'), sub: 'someone-else' })).toEqual(expired);
    expect((await refusal({ email: 'victim@north.test', email_verified: 'true' }))?.status).toBe(401);
  });

  it('compares the email case-insensitively', async () => {
    expect((await caller({ ...base('self@harbor.test'), email: 'Self@Harbor.TEST' })).email).toBe('self@harbor.test');
  });

  it('reads the row, not the claims, for the scope: a BUILDOPS_CUSTOMER_ID or custom claim changes nothing', async () => {
    const c = await caller({ ...base('self@harbor.test'), BUILDOPS_CUSTOMER_ID: 'C-N', 'custom:customer': 'C-N', name: 'victim@north.test' });
    expect([...c.customerIds]).toEqual(['C-H']);
    expect(get('accounts', subOf('self@harbor.test'))!.customerIds).toEqual(['C-H']);
  });
});

describe('resolveCaller: who is an administrator', () => {
  it('a staff-domain account in the staff group', async () => {
    expect((await caller({ ...base(`boss@${STAFF}`), 'cognito:groups': '[staff]', mfa: '1' })).isAdmin).toBe(true);
    expect((await caller({ ...base(`boss@${STAFF}`), 'cognito:groups': '[readers staff]', mfa: '1' })).isAdmin).toBe(true);
  });

  it('not a staff-domain account outside the group, nor a customer in the group', async () => {
    expect((await caller({ ...base(`lookalike@${STAFF}`) })).isAdmin).toBe(false);
    expect((await caller({ ...base(`lookalike@${STAFF}`), 'cognito:groups': '[staffers]' })).isAdmin).toBe(false);
    expect((await caller({ ...base('self@harbor.test'), 'cognito:groups': '[staff]', mfa: '1' })).isAdmin).toBe(false);
  });
});

describe('resolveCaller: two-step verification', () => {
  const setUp = { status: 403, message: MFA_SETUP_NEEDED };
  afterEach(() => delete process.env.MFA_FOR_CUSTOMERS);

  it("refuses a staff-group member whose token does not say an authenticator app was used (mfa '1'): 403 for every route", async () => {
    const staff = { ...base(`boss@${STAFF}`), 'cognito:groups': '[staff]' };
    expect(await refusal({ ...staff, mfa: '0' })).toEqual(setUp);
    // A token from before the trigger stamped `mfa` is refused the same way.
    expect(await refusal(staff)).toEqual(setUp);
    expect(await refusal({ ...staff, mfa: 'true' })).toEqual(setUp);
    // Group membership, not the domain, decides: a customer somehow in the group is held to it too.
    expect(await refusal({ ...base('self@harbor.test'), 'cognito:groups': '[staff]' })).toEqual(setUp);
  });

  it('lets customers in without an app, unless the stage requires it of them (MFA_FOR_CUSTOMERS)', async () => {
    expect((await caller(base('self@harbor.test'))).isAdmin).toBe(false);
    process.env.MFA_FOR_CUSTOMERS = 'true';
    expect(await refusal(base('self@harbor.test'))).toEqual(setUp);
    expect((await caller({ ...base('self@harbor.test'), mfa: '1' })).email).toBe('self@harbor.test');
  });
});

describe('groupsOf: cognito:groups as the HTTP API passes it on', () => {
  it('reads the bracketed form, a JSON array, one name, and nothing', () => {
    expect(groupsOf({ 'cognito:groups': '[staff readers]' })).toEqual(['staff', 'readers']);
    expect(groupsOf({ 'cognito:groups': '["staff","readers"]' })).toEqual(['staff', 'readers']);
    expect(groupsOf({ 'cognito:groups': ['staff'] })).toEqual(['staff']);
    expect(groupsOf({ 'cognito:groups': 'staff' })).toEqual(['staff']);
    expect(groupsOf({ 'cognito:groups': '[]' })).toEqual([]);
    expect(groupsOf({})).toEqual([]);
  });
});
