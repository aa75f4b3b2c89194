/**
 * The smoke test's own accounts (`admin create-smoke-accounts`, and `smoke --local` on its first
 * run), with generated passwords, kept in Secrets Manager as `portal/<stage>/smoke` (locally
 * `portal-local/smoke`, in the stand-in). Per profile (smoke.ts):
 * - `full`: { customer: { email, password }, staff: { email, password, totpSecret } }, a customer
 *   assigned to one property and an administrator with an authenticator app;
 * - `customer` (a stage that keeps its data, as prod): { customer, document: { key, propertyId,
 *   text } }, the customer of the dedicated smoke property only, and a reference document placed
 *   on that property here. No administrator, no authenticator key.
 * On a stage the secret is made, empty, by the deploy-role stack with a resource policy that lets
 * only the stage's deploy role read it (infra/deploy-role-stack.ts); this writes its value once.
 * Runs with the operator commands' environment applied (admin/env.ts).
 */
import { readFile } from 'node:fs/promises';
import { CreateSecretCommand, DescribeSecretCommand, GetSecretValueCommand, PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { dynamo, secretStore } from '../../lambdas/shared/platform/clients.js';
import { getCustomer, putCustomers } from '../../lambdas/shared/data/customers.js';
import { putDocument } from '../../lambdas/shared/data/documents.js';
import { getProperties, putProperties } from '../../lambdas/shared/data/properties.js';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { newDocumentKey } from '../../lambdas/shared/domain/documents/files.js';
import { putObject } from '../../lambdas/shared/domain/documents/objects.js';
import { isStaffEmail, settings } from '../../lambdas/shared/platform/env.js';
import { cdkJsonFile, stageKeepsData } from '../admin/env.js';
import { AdminInputError, createPortalUser, generatePassword } from '../admin/users.js';
import { totpCode } from '../local/totp.js';
import { smokeSecretName } from './secret-name.js';
import { cognitoSignIn, type PoolTarget, type SmokeAccounts, type SmokeProfile } from './smoke.js';

/** The secret holding the smoke accounts: a stage's, or the local stack's. */
export const smokeSecretId = (stage: string | null) => (stage ? smokeSecretName(stage) : 'portal-local/smoke');

/**
 * A stage real people use (it keeps its data: `removalPolicy: retain`, as prod) is smoke tested
 * as the smoke customer only; others, and the local stack unless told, with an administrator too.
 */
export async function smokeProfileOf(stage: string | null, local: SmokeProfile = 'full'): Promise<SmokeProfile> {
  if (stage === null) return local;
  return (await stageKeepsData(stage)) ? 'customer' : 'full';
}

/** The reference document's name and text (the customer profile downloads it and compares). */
export const SMOKE_DOCUMENT_NAME = 'smoke-test-reference.txt';
const smokeDocumentText = (propertyId: string) => `The smoke test's reference document on property ${propertyId}: the smoke customer downloads it and compares these bytes.\n`;

/** Whether the secret exists, and whether it holds a value yet (DescribeSecret: its value is for the deploy role only). */
export async function smokeSecretState(stage: string | null): Promise<'absent' | 'empty' | 'set'> {
  try {
    const r = await secretStore().send(new DescribeSecretCommand({ SecretId: smokeSecretId(stage) }));
    return Object.keys(r.VersionIdsToStages ?? {}).length ? 'set' : 'empty';
  } catch (e) {
    if ((e as Error).name === 'ResourceNotFoundException') return 'absent';
    throw e;
  }
}

/** The customer and property made for the smoke test when the operator names none. */
export const SMOKE_CUSTOMER = { id: 'SMOKE-TEST', name: 'Smoke test' };
export const SMOKE_PROPERTY = { id: 'SMOKE-TEST-1', customerId: SMOKE_CUSTOMER.id, name: 'Smoke test building', propertyType: 'Office' };

export const createSmokeAccountsHelp = `Usage: admin create-smoke-accounts [--stage NAME | --local [--data-dir DIR] [--profile full|customer]]
       [--customer ID --property ID] [--customer-email EMAIL] [--staff-email EMAIL] [--replace]

Once per stage, before the first \`npm run smoke -- --stage NAME\`: creates the smoke test's
accounts with generated passwords (no mail is sent) and writes them into the secret
portal/NAME/smoke, which the stage's deploy-role stack makes with a resource policy letting only
the deploy role read it (npm run deploy-role -- deploy ...; deploy it first). The profile follows
the stage: a stage that keeps its data (removalPolicy retain, as prod) gets the customer profile,
others the full one (locally --profile chooses; default full).
  - a customer (default smoke-customer@example.com; with an authenticator app too where the
    stage sets mfaForCustomers) assigned to one property. In the full profile --customer and
    --property may name one the operator chooses (keep it free of real tenants' documents: the
    smoke test uploads and deletes a file there); otherwise a customer "${SMOKE_CUSTOMER.name}" (${SMOKE_CUSTOMER.id})
    and its property "${SMOKE_PROPERTY.name}" (${SMOKE_PROPERTY.id}) are created when absent, and in the customer
    profile they are the only choice;
  - full profile: a staff member (default smoke-test@<first STAFF_DOMAINS domain>), an
    administrator, whose authenticator app is set up here (AssociateSoftwareToken,
    VerifySoftwareToken) and whose key goes into the secret, so the smoke test answers the code
    screen;
  - customer profile: no staff member; a reference document (${SMOKE_DOCUMENT_NAME}) placed on the smoke
    property, which the smoke test lists and downloads as the customer.
When the secret holds a value already nothing is changed. To start again: delete the users (Users
page) and the reference document, then run it again with --replace, which writes new accounts
over the old value.`;

export interface SmokeSetup {
  /** The stage, or null for the local stack. */
  stage: string | null;
  /** The local stack's profile (a stage's follows the stage: smokeProfileOf). */
  profile?: SmokeProfile | undefined;
  /** Write new accounts although the secret holds some (after their users were deleted). */
  replace?: boolean | undefined;
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
 * Creates the profile's accounts and writes the secret (see createSmokeAccountsHelp); when the
 * secret holds a value already, changes nothing (`created: false`).
 */
export async function createSmokeAccounts(
  setup: SmokeSetup,
): Promise<{ created: false; profile: SmokeProfile } | { created: true; profile: SmokeProfile; accounts: SmokeAccounts; customerId: string; propertyId: string }> {
  const id = smokeSecretId(setup.stage);
  const profile = await smokeProfileOf(setup.stage, setup.profile);
  if ((setup.customerId === undefined) !== (setup.propertyId === undefined)) throw new AdminInputError('Name both --customer and --property, or neither.');
  if (profile === 'customer' && (setup.customerId !== undefined || setup.staffEmail !== undefined))
    throw new AdminInputError(`This stage's smoke test signs in as the customer of the dedicated smoke property only: no --customer, --property or --staff-email.`);
  const state = await smokeSecretState(setup.stage);
  if (state === 'set' && !setup.replace) return { created: false, profile };
  if (state === 'absent' && setup.stage)
    throw new AdminInputError(`There is no secret ${id}: deploy the stage's deploy-role stack first (npm run deploy-role -- deploy -c stage=${setup.stage} -c githubRepo=<owner>/<repo>), which makes it with the policy that lets only the deploy role read it.`);

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
  const staffEmail = profile === 'full' ? (setup.staffEmail ?? (staffDomain ? `smoke-test@${staffDomain}` : '')).toLowerCase() : null;
  if (staffEmail === '') throw new AdminInputError('The stage names no staff domain (STAFF_DOMAINS): give --staff-email.');
  if (staffEmail && !isStaffEmail(staffEmail)) throw new AdminInputError(`${staffEmail} is not in a staff domain (${settings.staffDomains().join(', ')}): the smoke staff account must be an administrator.`);
  if (isStaffEmail(customerEmail)) throw new AdminInputError(`${customerEmail} is in a staff domain: the smoke customer must be a customer.`);
  for (const email of [customerEmail, ...(staffEmail ? [staffEmail] : [])])
    if (await getUserByEmail(db, email)) throw new AdminInputError(`User ${email} exists already: delete the user (Users page) and run again, or name other emails.`);

  const customerPassword = generatePassword(24);
  await createPortalUser({ email: customerEmail, name: 'Smoke test customer', password: customerPassword, customers: [customerId], properties: [propertyId], permanent: true });
  let staff: SmokeAccounts['staff'];
  if (staffEmail) {
    const staffPassword = generatePassword(24);
    await createPortalUser({ email: staffEmail, name: 'Smoke test staff', password: staffPassword, customers: [], properties: [], permanent: true });
    staff = { email: staffEmail, password: staffPassword, totpSecret: await enrolAuthenticator(setup.pool, staffEmail, staffPassword) };
  }
  // A stage with mfaForCustomers holds customers to an app as well.
  const customerApp = setup.stage && (await stageSetting(setup.stage, 'mfaForCustomers')) === true ? { totpSecret: await enrolAuthenticator(setup.pool, customerEmail, customerPassword) } : {};
  const document = profile === 'customer' ? await placeReferenceDocument(propertyId) : undefined;
  const accounts: SmokeAccounts = { customer: { email: customerEmail, password: customerPassword, ...customerApp }, ...(staff ? { staff } : {}), ...(document ? { document } : {}) };

  const value = JSON.stringify(accounts);
  if (state !== 'absent') await secretStore().send(new PutSecretValueCommand({ SecretId: id, SecretString: value }));
  else
    await secretStore().send(
      new CreateSecretCommand({ Name: id, SecretString: value, Description: 'The smoke test accounts (npm run smoke). Made by admin create-smoke-accounts.' }),
    );
  return { created: true, profile, accounts, customerId, propertyId };
}

/** The customer profile's reference document: the object, then its row, as an upload leaves them. */
async function placeReferenceDocument(propertyId: string): Promise<NonNullable<SmokeAccounts['document']>> {
  const text = smokeDocumentText(propertyId);
  const key = newDocumentKey(SMOKE_DOCUMENT_NAME);
  const body = Buffer.from(text);
  await putObject(key, body, 'text/plain');
  await putDocument(dynamo(), { key, propertyId, uploadedAt: new Date().toISOString(), fileName: SMOKE_DOCUMENT_NAME, contentType: 'text/plain', sizeBytes: body.length, uploadedBy: 'cli' });
  return { key, propertyId, text };
}
