import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { AdminInputError, createPortalUser, ensureAdmin, generatePassword, passwordProblem } from '../../../infra/admin/users.js';
import { passwordMeetsRule } from '../../../lambdas/shared/domain/accounts/passwords.js';
import { operatorAws } from './support/fixtures.js';

const { db, idp } = operatorAws();
beforeEach(() => {
  db.put('customers', { id: 'C-1', name: 'Acme' }, { id: 'C-2', name: 'Globex' });
  db.put(
    'properties',
    { id: 'P-1', customerId: 'C-1', name: 'Tower', propertyType: 'Office' },
    { id: 'P-2', customerId: 'C-2', name: 'Plant', propertyType: 'Factory' },
  );
});
const base = { email: 'Dana@Acme.test', name: 'Dana', customers: ['C-1'], properties: ['P-1'], permanent: true, password: 'Secret123' };
const refused = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AdminInputError);
  return (err as Error).message;
};

describe('createPortalUser: refusals leave nothing behind', () => {
  it('refuses a bad email, a weak password and a permanent user without one, before any call', async () => {
    expect(await refused(createPortalUser({ ...base, email: 'dana' }))).toBe('"dana" is not an email address.');
    expect(await refused(createPortalUser({ ...base, password: 'secret' }))).toMatch(/^Password must be at least 5 characters/);
    expect(await refused(createPortalUser({ ...base, password: 'Ab1cd' }))).toBe('The user pool needs passwords of at least 6 characters.');
    expect(await refused(createPortalUser({ ...base, password: undefined }))).toBe('A permanent user needs a password.');
    expect(db.ddb.calls()).toHaveLength(0);
    expect(idp.calls()).toHaveLength(0);
  });

  it('refuses unknown customers and properties outside the given customers', async () => {
    expect(await refused(createPortalUser({ ...base, customers: ['C-1', 'C-404'] }))).toBe('Unknown customer ids: C-404');
    expect(await refused(createPortalUser({ ...base, properties: ['P-1', 'P-2'] }))).toBe('Properties unknown or not of the given customers: P-2');
    expect(db.sorted('accounts')).toEqual([]);
    expect(idp.calls()).toHaveLength(0);
  });

  it('refuses an email that has a row, without touching Cognito', async () => {
    await createPortalUser(base);
    idp.resetHistory();
    expect(await refused(createPortalUser({ ...base, name: 'other' }))).toBe('User dana@acme.test already exists.');
    expect(idp.calls()).toHaveLength(0);
    expect(db.sorted('accounts')).toEqual([expect.objectContaining({ name: 'dana' })]);
  });

  it('leaves no row and removes the Cognito user when Cognito refuses the password', async () => {
    idp.on(AdminSetUserPasswordCommand).rejects(Object.assign(new Error('Password does not conform to policy'), { name: 'InvalidPasswordException' }));
    await expect(createPortalUser(base)).rejects.toThrow('Password does not conform to policy');
    expect(db.sorted('accounts')).toEqual([]);
    expect(idp.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-1', Username: 'dana@acme.test' });
  });

  it('writes no row when the invitation cannot be sent, and names a pool user with no row', async () => {
    idp.on(AdminCreateUserCommand).rejects(Object.assign(new Error('mail failed'), { name: 'CodeDeliveryFailureException' }));
    await expect(createPortalUser({ ...base, permanent: false, password: undefined })).rejects.toThrow('mail failed');
    expect(db.sorted('accounts')).toEqual([]);
    idp.on(AdminCreateUserCommand).rejects(Object.assign(new Error('exists'), { name: 'UsernameExistsException' }));
    expect(await refused(createPortalUser({ ...base, permanent: false }))).toMatch(/^The user pool already has dana@acme.test but the portal has no row/);
    expect(db.sorted('accounts')).toEqual([]);
  });
});

describe('createPortalUser: success', () => {
  it('writes the row with assignments and a Cognito user with a permanent password and no mail', async () => {
    const r = await createPortalUser(base);
    expect(r).toMatchObject({ staff: false, user: { email: 'dana@acme.test', name: 'dana', customerIds: ['C-1'], properties: { 'P-1': 'C-1' } } });
    expect(r.user.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.user.sub).toBe('pool-sub-dana@acme.test');
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
    expect(r.temporaryPassword).toBeUndefined();
    expect(db.sorted('accounts')).toEqual([expect.not.objectContaining({ pending: true })]);
    const create = idp.commandCalls(AdminCreateUserCommand)[0]!.args[0].input;
    expect(create).toMatchObject({ UserPoolId: 'pool-1', Username: 'dana@acme.test', MessageAction: 'SUPPRESS', DesiredDeliveryMediums: ['EMAIL'] });
    expect(create.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }, { Name: 'name', Value: 'dana' }]));
    expect(idp.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-1', Username: 'dana@acme.test', Password: 'Secret123', Permanent: true });
  });

  it('sends an invitation with a generated temporary password and marks the row pending', async () => {
    const r = await createPortalUser({ ...base, permanent: false, password: undefined });
    expect(passwordMeetsRule(r.temporaryPassword!)).toBe(true);
    expect(idp.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toMatchObject({ TemporaryPassword: r.temporaryPassword });
    expect(idp.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).not.toHaveProperty('MessageAction');
    expect(idp.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(0);
    expect(db.sorted('accounts')).toEqual([expect.objectContaining({ pending: true })]);
  });

  it('gives staff no assignments, and takes over a pool user left without a row when the password is permanent', async () => {
    idp.on(AdminCreateUserCommand).rejects(Object.assign(new Error('exists'), { name: 'UsernameExistsException' }));
    const r = await createPortalUser({ ...base, email: 'ops@example-hvac.com', password: 'Secret123456', customers: ['C-404'] });
    expect(r).toMatchObject({ staff: true, user: { sub: 'pool-sub-ops@example-hvac.com', customerIds: [], properties: {} } });
    expect(idp.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(1);
    expect(idp.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-1', Username: 'ops@example-hvac.com', GroupName: 'staff' });
  });

  it('generates passwords of 12 characters that pass the rule and the pool', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      expect(passwordProblem(p)).toBeNull();
      expect(passwordProblem(p, true)).toBeNull();
    }
  });

  it('holds staff to 12 characters (customers keep the spec rule), before any call', async () => {
    const staffMessage = 'Staff passwords must be at least 12 characters long and include at least one lowercase letter, one uppercase letter, and one number.';
    expect(passwordProblem('Secret12345', true)).toBe(staffMessage);
    expect(passwordProblem('secret123456', true)).toBe(staffMessage);
    expect(passwordProblem('Secret123456', true)).toBeNull();
    expect(passwordProblem('Secret123', false)).toBeNull();
    expect(await refused(createPortalUser({ ...base, email: 'ops@example-hvac.com', password: 'Secret123' }))).toBe(staffMessage);
    expect(idp.calls()).toHaveLength(0);
    expect(db.sorted('users')).toEqual([]);
  });
});

describe('ensureAdmin', () => {
  it('creates the administrator once and leaves an existing row alone', async () => {
    expect(await ensureAdmin('First@Example-HVAC.com', 'First1234567')).toEqual({ created: true, staff: true });
    expect(await ensureAdmin('first@example-hvac.com', 'Other1234567')).toEqual({ created: false, staff: true });
    expect(idp.commandCalls(AdminCreateUserCommand)).toHaveLength(1);
    expect(idp.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toMatchObject({ Username: 'first@example-hvac.com', Password: 'First1234567' });
    expect(db.sorted('accounts')).toEqual([expect.objectContaining({ email: 'first@example-hvac.com', name: 'first', customerIds: [] })]);
  });
});
