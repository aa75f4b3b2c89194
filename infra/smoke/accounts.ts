/**
 * The smoke test's own accounts (`admin create-smoke-accounts`, and `smoke --local` on its first
 * run): a customer assigned to one property and a staff member with an authenticator app, both with
 * generated passwords, kept in Secrets Manager as `portal/<stage>/smoke` (locally
 * `portal-local/smoke`, in the stand-in): { customer: { email, password }, staff: { email,
 * password, totpSecret } }. Runs with the operator commands' environment applied (admin/env.ts).
 */
import { readFile } from 'node:fs/promises';
import { CreateSecretCommand, GetSecretValueCommand, PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { dynamo, secretStore } from '../../lambdas/shared/clients.js';
import { getCustomer, putCustomers } from '../../lambdas/shared/data/customers.js';
import { getProperties, putProperties } from '../../lambdas/shared/data/properties.js';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { isStaffEmail, settings } from '../../lambdas/shared/env.js';
import { cdkJsonFile } from '../admin/env.js';
import { AdminInputError, createPortalUser, generatePassword } from '../admin/users.js';
import { totpCode } from '../local/totp.js';
import { cognitoSignIn, type PoolTarget, type SmokeAccounts } from './smoke.js';

/** The secret holding the smoke accounts: a stage's, or the local stack's. */
export const smokeSecretId = (stage: string | null) => (stage ? `portal/${stage}/smoke` : 'portal-local/smoke');

/** The customer and property made for the smoke test when the operator names none. */
export const SMOKE_CUSTOMER = { id: 'SMOKE-TEST', name: 'Smoke test' };
export const SMOKE_PROPERTY = { id: 'SMOKE-TEST-1', customerId: SMOKE_CUSTOMER.id, name: 'Smoke test building', propertyType: 'Office' };

export const createSmokeAccountsHelp = `Usage: admin create-smoke-accounts [--stage NAME | --local [--data-dir DIR]]
       [--customer ID --property ID] [--customer-email EMAIL] [--staff-email EMAIL]

Once per stage, before the first \`npm run smoke -- --stage NAME\`: creates the smoke test's two
accounts with generated passwords (no mail is sent) and stores them in Secrets Manager as secret
portal/NAME/smoke (the smoke test reads it; the deploy role may read it):
  - a customer (default smoke-customer@example.com; with an authenticator app too where the
    stage sets mfaForCustomers) assigned to one property: --customer and
    --property name one the operator chooses (keep it free of real tenants' documents: the smoke
    test uploads and deletes a file there); without them a customer "${SMOKE_CUSTOMER.name}" (${SMOKE_CUSTOMER.id}) and its
    property "${SMOKE_PROPERTY.name}" (${SMOKE_PROPERTY.id}) are created when absent;
  - a staff member (default smoke-test@<first STAFF_DOMAINS domain>), an administrator, whose
    authenticator app is set up here (AssociateSoftwareToken, VerifySoftwareToken) and whose key
    goes into the secret, so the smoke test answers the code screen.
When the secret exists already nothing is changed. To start again: delete both users (Users page),
then the secret (aws secretsmanager delete-secret --secret-id portal/NAME/smoke
--force-delete-without-recovery), and run it again.`;

export interface SmokeSetup {
  /** The stage, or null for the local stack. */
  stage: string | null;
  /** The pool's web client and how it signs in (SRP on AWS, USER_PASSWORD_AUTH locally). */
  pool: PoolTarget;
  customerId?: string | undefined;
  propertyId?: string | undefined;
  customerEmail?: string | undefined;
  staffEmail?: string | undefined;
}

/** The stored accounts, or null when the secret does not exist. */
export async function readSmokeAccounts(stage: string | null): Promise<SmokeAccounts | null> {
  try {
    const r = await secretStore().send(new GetSecretValueCommand({ SecretId: smokeSecretId(stage) }));
    return JSON.parse(r.SecretString ?? '{}') as SmokeAccounts;
  } catch (e) {
    if ((e as Error).name === 'ResourceNotFoundException') return null;
    throw e;
  }
}

/** The web client as the operator commands' environment names it (admin/env.ts). */
export function poolOfEnv(env: NodeJS.ProcessEnv = process.env): PoolTarget {
  const endpoint = env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
  return {
    userPoolId: settings.userPoolId(),
    userPoolClientId: settings.userPoolClientId(),
    ...(env.AWS_REGION ? { region: env.AWS_REGION } : {}),
    // infra/auth-construct.ts: the web client allows SRP only on AWS; the local pool has no SRP.
    ...(endpoint ? { endpoint, signInFlow: 'USER_PASSWORD_AUTH' as const } : { signInFlow: 'USER_SRP_AUTH' as const }),
  };
}

/** A stage's setting as cdk.json has it (context.stages.<name>), or undefined. */
async function stageSetting(stage: string, name: string): Promise<unknown> {
  const json = JSON.parse(await readFile(cdkJsonFile, 'utf8')) as { context?: { stages?: Record<string, Record<string, unknown> | undefined> } };
  return json.context?.stages?.[stage]?.[name];
}

/** Sets up an account's authenticator app as its owner would in the browser; gives its key. */
async function enrolAuthenticator(pool: PoolTarget, email: string, password: string): Promise<string> {
  const { user } = await cognitoSignIn(pool, email, password);
  const secret = await new Promise<string>((resolve, reject) => user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }));
  await new Promise<void>((resolve, reject) => user.verifySoftwareToken(totpCode(secret), 'Smoke test', { onSuccess: () => resolve(), onFailure: reject }));
  await new Promise<void>((resolve, reject) => user.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err?: Error) => (err ? reject(err) : resolve())));
  await new Promise<void>((resolve) => user.globalSignOut({ onSuccess: () => resolve(), onFailure: () => resolve() }));
  return secret;
}

/**
 * Creates both accounts and the secret (see createSmokeAccountsHelp); when the secret exists, gives
 * it unchanged (`created: false`).
 */
export async function createSmokeAccounts(setup: SmokeSetup): Promise<{ created: boolean; accounts: SmokeAccounts; customerId: string; propertyId: string }> {
  const id = smokeSecretId(setup.stage);
  const existing = await readSmokeAccounts(setup.stage);
  if (existing) return { created: false, accounts: existing, customerId: '', propertyId: '' };

  if ((setup.customerId === undefined) !== (setup.propertyId === undefined)) throw new AdminInputError('Name both --customer and --property, or neither.');
  const db = dynamo();
  let customerId = setup.customerId ?? SMOKE_CUSTOMER.id;
  let propertyId = setup.propertyId ?? SMOKE_PROPERTY.id;
  if (setup.customerId === undefined) {
    if (!(await getCustomer(db, SMOKE_CUSTOMER.id))) await putCustomers(db, [SMOKE_CUSTOMER]);
    if (!(await getProperties(db, [SMOKE_PROPERTY.id])).length) await putProperties(db, [SMOKE_PROPERTY]);
    customerId = SMOKE_CUSTOMER.id;
    propertyId = SMOKE_PROPERTY.id;
  }

  const staffDomain = settings.staffDomains()[0];
  const customerEmail = (setup.customerEmail ?? 'smoke-customer@example.com').toLowerCase();
  const staffEmail = (setup.staffEmail ?? (staffDomain ? `smoke-test@${staffDomain}` : '')).toLowerCase();
  if (!staffEmail) throw new AdminInputError('The stage names no staff domain (STAFF_DOMAINS): give --staff-email.');
  if (!isStaffEmail(staffEmail)) throw new AdminInputError(`${staffEmail} is not in a staff domain (${settings.staffDomains().join(', ')}): the smoke staff account must be an administrator.`);
  if (isStaffEmail(customerEmail)) throw new AdminInputError(`${customerEmail} is in a staff domain: the smoke customer must be a customer.`);
  for (const email of [customerEmail, staffEmail])
    if (await getUserByEmail(db, email)) throw new AdminInputError(`User ${email} exists but secret ${id} does not: delete the user (Users page) and run again, or name other emails.`);

  const customerPassword = generatePassword(24);
  const staffPassword = generatePassword(24);
  await createPortalUser({ email: customerEmail, name: 'Smoke test customer', password: customerPassword, customers: [customerId], properties: [propertyId], permanent: true });
  await createPortalUser({ email: staffEmail, name: 'Smoke test staff', password: staffPassword, customers: [], properties: [], permanent: true });
  const totpSecret = await enrolAuthenticator(setup.pool, staffEmail, staffPassword);
  // A stage with mfaForCustomers holds customers to an app as well.
  const customerApp = setup.stage && (await stageSetting(setup.stage, 'mfaForCustomers')) === true ? { totpSecret: await enrolAuthenticator(setup.pool, customerEmail, customerPassword) } : {};
  const accounts: SmokeAccounts = { customer: { email: customerEmail, password: customerPassword, ...customerApp }, staff: { email: staffEmail, password: staffPassword, totpSecret } };

  const value = JSON.stringify(accounts);
  try {
    await secretStore().send(
      new CreateSecretCommand({ Name: id, SecretString: value, Description: 'The smoke test accounts (npm run smoke): a customer and a staff member with its authenticator key. Made by admin create-smoke-accounts.' }),
    );
  } catch (e) {
    if ((e as Error).name !== 'ResourceExistsException') throw e;
    await secretStore().send(new PutSecretValueCommand({ SecretId: id, SecretString: value }));
  }
  return { created: true, accounts, customerId, propertyId };
}
