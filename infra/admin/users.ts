/**
 * Portal accounts made by operators: the users row (with assignments) and the Cognito user, so
 * that either both exist or neither does. Used by `admin create-user`, `seed-demo` and the local
 * stack's start-up administrator (PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD).
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../../lambdas/shared/platform/clients.js';
import { getCustomers } from '../../lambdas/shared/data/customers.js';
import { getProperties } from '../../lambdas/shared/data/properties.js';
import { createUser, getUserByEmail, type UserItem } from '../../lambdas/shared/data/users.js';
import { isStaffEmail, settings } from '../../lambdas/shared/platform/env.js';
import { newPasswordProblem } from '../../lambdas/shared/domain/accounts/passwords.js';
import { userPool } from '../../lambdas/shared/resources/definitions.js';

export class AdminInputError extends Error {}

export interface NewPortalUser {
  email: string;
  name: string;
  /** Permanent: required. Invitation: the temporary password, generated when absent. */
  password?: string;
  customers: string[];
  properties: string[];
  /** true: the user signs in with `password` at once, no mail; false: Cognito mails an invitation. */
  permanent: boolean;
}

export interface CreatedUser {
  user: UserItem;
  staff: boolean;
  /** The invitation's temporary password (not for permanent users). */
  temporaryPassword?: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const minLength = userPool.passwordPolicy.minLength;

/** The portal's rule (spec section 5; staff: 12 characters), then the pool's minimum length. */
export function passwordProblem(password: string, staff = false): string | null {
  const weak = newPasswordProblem(password, staff);
  if (weak) return weak;
  if (password.length < minLength) return `The user pool needs passwords of at least ${minLength} characters.`;
  return null;
}

/** 12 characters from letters, digits and symbols with at least one of each class the pool requires. */
export function generatePassword(length = 12): string {
  const classes = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#$%^&*-_=+'];
  const all = classes.join('');
  const chars = classes.map((c) => c[randomInt(c.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Checks the assignments against the catalogue; returns the property → customer map. */
async function checkAssignments(customers: string[], properties: string[]): Promise<Record<string, string>> {
  const db = dynamo();
  const known = new Set((await getCustomers(db, customers)).map((c) => c.id));
  const missing = customers.filter((c) => !known.has(c));
  if (missing.length) throw new AdminInputError(`Unknown customer ids: ${missing.join(', ')}`);
  const props = await getProperties(db, properties);
  const bad = properties.filter((p) => !props.some((k) => k.id === p && customers.includes(k.customerId)));
  if (bad.length) throw new AdminInputError(`Properties unknown or not of the given customers: ${bad.join(', ')}`);
  return Object.fromEntries(props.map((p) => [p.id, p.customerId]));
}

/**
 * Creates the Cognito user (staff: in the staff group) and its users row, keyed by the pool's sub.
 * Refuses an email that has a row ("User ... already exists."). A Cognito user left without a row
 * by an earlier failure is taken over when the password is permanent (its password is set);
 * otherwise it is an error naming the way out.
 */
export async function createPortalUser(input: NewPortalUser): Promise<CreatedUser> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new AdminInputError(`"${input.email}" is not an email address.`);
  if (!name) throw new AdminInputError('A name is required.');
  if (input.permanent && !input.password) throw new AdminInputError('A permanent user needs a password.');
  const problem = input.password === undefined ? null : passwordProblem(input.password, isStaffEmail(email));
  if (problem) throw new AdminInputError(problem);
  const staff = isStaffEmail(email);
  const customerIds = staff ? [] : [...new Set(input.customers)];
  const properties = staff ? {} : await checkAssignments(customerIds, [...new Set(input.properties)]);

  const db = dynamo();
  if (await getUserByEmail(db, email)) throw new AdminInputError(`User ${email} already exists.`);
  const password = input.password ?? generatePassword();
  const pool = settings.userPoolId();
  const idp = identity();
  // The pool first: its username is the email (unique) and it gives the account the sub that keys
  // the row. Staff join the pool's staff group. When anything fails, neither half stays behind.
  let created = false;
  let sub = '';
  try {
    try {
      const r = await idp.send(
        new AdminCreateUserCommand({
          UserPoolId: pool,
          Username: email,
          TemporaryPassword: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: name },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
          ...(input.permanent ? { MessageAction: 'SUPPRESS' as const } : {}),
        }),
      );
      created = true;
      sub = subOf(r.User?.Attributes);
    } catch (e) {
      const exists = (e as Error).name === 'UsernameExistsException';
      if (exists && !input.permanent)
        throw new AdminInputError(`The user pool already has ${email} but the portal has no row for it: remove it from the pool, or create it again with --password to take it over.`);
      if (!exists) {
        // The local pool saves the user before a failed mail: that half goes too.
        created = true;
        throw e;
      }
      sub = subOf((await idp.send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }))).UserAttributes);
    }
    if (!sub) throw new Error(`The user pool gave no sub for ${email}`);
    if (input.permanent) await idp.send(new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: email, Password: password, Permanent: true }));
    if (staff) await idp.send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: email, GroupName: userPool.staffGroup }));
  } catch (e) {
    if (created) await deleteFromPool(pool, email);
    throw e;
  }

  const now = new Date().toISOString();
  const user: UserItem = { sub, email, userId: randomUUID(), name, customerIds, properties, createdAt: now, updatedAt: now, ...(input.permanent ? {} : { pending: true }) };
  if (!(await createUser(db, user))) {
    if (created) await deleteFromPool(pool, email);
    throw new AdminInputError(`User ${email} already exists.`);
  }
  return { user, staff, ...(input.permanent ? {} : { temporaryPassword: password }) };
}

const subOf = (attributes: { Name?: string; Value?: string }[] | undefined) => attributes?.find((a) => a.Name === 'sub')?.Value ?? '';

async function deleteFromPool(pool: string, email: string) {
  try {
    await identity().send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: email }));
  } catch {
    // Gone already, or unreachable: the error that matters is the first one.
  }
}

/** Creates this administrator (permanent password) unless a users row has the email; idempotent. */
export async function ensureAdmin(email: string, password: string): Promise<{ created: boolean; staff: boolean }> {
  const e = email.trim().toLowerCase();
  const staff = isStaffEmail(e);
  if (await getUserByEmail(dynamo(), e)) return { created: false, staff };
  try {
    await createPortalUser({ email: e, name: e.split('@')[0]!, password, customers: [], properties: [], permanent: true });
  } catch (err) {
    // Another process created it between the read and the write.
    if (err instanceof AdminInputError && /already exists/.test(err.message)) return { created: false, staff };
    throw err;
  }
  return { created: true, staff };
}

export const resetMfaHelp = `Usage: admin reset-mfa [--stage NAME | --local [--data-dir DIR]] --email EMAIL

Turns off the user's authenticator app in the user pool (AdminSetUserMFAPreference), for an
administrator who lost the phone it was on. Their sessions stay as they are; at their next sign-in
the portal asks for the password only and then walks them through setting up a new app, which the
API requires of administrators before anything else. Check who is asking before running it: the
password alone then signs in until the new app is set up.`;

/** Turns off a portal user's authenticator app in the pool; gives the email as stored. */
export async function resetMfa(emailInput: string): Promise<string> {
  const email = emailInput.trim().toLowerCase();
  const row = await getUserByEmail(dynamo(), email);
  if (!row) throw new AdminInputError(`There is no portal user ${email}.`);
  await identity().send(
    new AdminSetUserMFAPreferenceCommand({ UserPoolId: settings.userPoolId(), Username: email, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
  );
  return email;
}
