import { jest } from '@jest/globals';
/**
 * The smoke test's customer profile (prod's: a stage that keeps its data) against the local stack:
 * the secret made empty first, as the deploy-role stack makes it on a stage, then written by
 * create-smoke-accounts with the customer of the dedicated smoke property only and a reference
 * document (no administrator, no authenticator key); every customer step passing, read only; the
 * accounts refused when they hold a staff member; a reference document the download route refuses
 * named as the failing step.
 */
import { GetObjectCommand, PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateSecretCommand, DescribeSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { SMOKE_DOCUMENT_NAME, SMOKE_PROPERTY, smokeSecretId } from '../../infra/smoke/accounts.js';
import { runSmoke, SmokeFailure, smokeSteps, type SmokeAccounts } from '../../infra/smoke/smoke.js';
import { documentsOfProperties } from '../../lambdas/shared/data/documents.js';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { adminCli, npmRun, type CliResult } from '../support/admin-cli.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

let t: TestStack;
let secrets: SecretsManagerClient;
let s3: S3Client;
let accounts: SmokeAccounts;
let setUp: CliResult;
let refused: CliResult;

const okSteps = (lines: string[]) => lines.filter((l) => l.startsWith('ok ')).map((l) => l.replace(/^ok +/, '').replace(/ \(\d+ ms\)$/, ''));
const documentsLeft = () => documentsOfProperties(t.db, [SMOKE_PROPERTY.id]);

beforeAll(async () => {
  // Malware scanning on: the download route then refuses a document tagged as infected.
  t = await startTestStack({ env: { MALWARE_SCAN: 'true' } });
  const credentials = { accessKeyId: t.env.AWS_ACCESS_KEY_ID!, secretAccessKey: t.env.AWS_SECRET_ACCESS_KEY! };
  secrets = new SecretsManagerClient({ endpoint: t.stack.endpoints.secrets, region: t.env.AWS_REGION, credentials });
  s3 = new S3Client({ endpoint: t.stack.endpoints.s3, region: t.env.AWS_REGION, forcePathStyle: true, credentials });
  // As the deploy-role stack does on a stage: the secret exists, with no value yet.
  await secrets.send(new CreateSecretCommand({ Name: smokeSecretId(null) }));
  refused = await adminCli(t.dataDir, 'create-smoke-accounts', '--profile', 'customer', '--staff-email', 'smoke-test@staff.test');
  // README: npm run admin -- create-smoke-accounts --local [--profile customer] (with the test stack's folder).
  setUp = await npmRun('admin', 'create-smoke-accounts', '--local', '--profile', 'customer', '--data-dir', t.dataDir);
  accounts = JSON.parse((await secrets.send(new GetSecretValueCommand({ SecretId: smokeSecretId(null) }))).SecretString!) as SmokeAccounts;
});
afterAll(async () => {
  secrets?.destroy();
  s3?.destroy();
  await t?.stop();
});

it('create-smoke-accounts refuses a staff member or another property for the customer profile, before writing anything', async () => {
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain('signs in as the customer of the dedicated smoke property only: no --customer, --property or --staff-email');
});

it('create-smoke-accounts writes the empty secret: the smoke property\'s customer and its reference document, no administrator, no authenticator key', async () => {
  expect(setUp.code).toBe(0);
  expect(setUp.stdout).toMatch(/Created customer smoke-customer@example\.com \(property SMOKE-TEST-1 of SMOKE-TEST\) and the reference document documents\/.+\/smoke-test-reference\.txt; no administrator \(profile customer\)/);
  expect(Object.keys(accounts).sort()).toEqual(['customer', 'document']);
  expect(Object.keys(accounts.customer).sort()).toEqual(['email', 'password']);
  expect(accounts.document).toMatchObject({ propertyId: SMOKE_PROPERTY.id, key: expect.stringMatching(new RegExp(`^documents/[0-9a-f-]{36}/${SMOKE_DOCUMENT_NAME.replace('.', '\\.')}$`)) });
  expect(await getUserByEmail(t.db, 'smoke-test@staff.test')).toBeUndefined();
  const customer = await getUserByEmail(t.db, 'smoke-customer@example.com');
  expect(customer?.properties).toEqual({ 'SMOKE-TEST-1': 'SMOKE-TEST' });
  expect((await documentsLeft()).map((d) => d.key)).toEqual([accounts.document!.key]);
  const stored = await s3.send(new GetObjectCommand({ Bucket: t.env.DOCUMENTS_BUCKET, Key: accounts.document!.key }));
  expect(await stored.Body!.transformToString()).toBe(accounts.document!.text);
  expect((await secrets.send(new DescribeSecretCommand({ SecretId: smokeSecretId(null) }))).VersionIdsToStages).toEqual({ local: ['AWSCURRENT'] });

  const again = await adminCli(t.dataDir, 'create-smoke-accounts', '--profile', 'customer');
  expect(again).toMatchObject({ code: 0 });
  expect(again.stdout).toMatch(/holds the smoke accounts already: nothing changed/);
  // --replace writes new accounts only once the old users are gone.
  const replace = await adminCli(t.dataDir, 'create-smoke-accounts', '--profile', 'customer', '--replace');
  expect(replace.code).not.toBe(0);
  expect(replace.stderr).toContain('User smoke-customer@example.com exists already: delete the user (Users page) and run again');
});

it('passes every step of the customer profile, signing in as the customer only and changing no document', async () => {
  const lines: string[] = [];
  await runSmoke(t.baseUrl, accounts, (l) => void lines.push(l), 'customer');
  expect(okSteps(lines)).toEqual([...smokeSteps.customer]);
  expect(lines.some((l) => /staff|upload|delete|cleaned up/.test(l))).toBe(false);
  expect((await documentsLeft()).map((d) => d.key)).toEqual([accounts.document!.key]);
});

it('npm run smoke -- --local takes the customer profile from the accounts, and passes', async () => {
  const r = await npmRun('smoke', '--local', '--data-dir', t.dataDir);
  expect(r.stdout).toContain(`Smoke test of ${t.baseUrl}, profile customer (customer smoke-customer@example.com)`);
  expect(r.stdout).toMatch(/smoke: all steps passed/);
  expect(r.code).toBe(0);
});

it('refuses accounts holding a staff member for the customer profile, and accounts without one for the full profile, before any step', async () => {
  const lines: string[] = [];
  const staff = { email: 'smoke-test@staff.test', password: 'x'.repeat(24), totpSecret: 'A'.repeat(32) };
  await expect(runSmoke(t.baseUrl, { ...accounts, staff }, (l) => void lines.push(l), 'customer')).rejects.toThrow(
    'the secret holds a staff account: on this stage the smoke test signs in as the smoke customer only',
  );
  await expect(runSmoke(t.baseUrl, accounts, (l) => void lines.push(l), 'full')).rejects.toThrow('the secret holds no staff account');
  expect(lines).toEqual([]);
});

it('fails naming the reference document download when the route refuses it', async () => {
  const { key: tagKey, infected } = documentsBucket.malwareTag;
  await s3.send(new PutObjectTaggingCommand({ Bucket: t.env.DOCUMENTS_BUCKET, Key: accounts.document!.key, Tagging: { TagSet: [{ Key: tagKey, Value: infected }] } }));
  const lines: string[] = [];
  const failure = await runSmoke(t.baseUrl, accounts, (l) => void lines.push(l), 'customer').then(
    () => null,
    (e: unknown) => e as SmokeFailure,
  );
  expect(failure).toBeInstanceOf(SmokeFailure);
  expect(failure!.step).toBe('reference document: download');
  expect(failure!.message).toMatch(/^smoke: FAILED at "reference document: download": GET \/api\/s3\/getpresignedurl as the customer: expected 200, got 403 .*malware/);
  expect(okSteps(lines)).toEqual(smokeSteps.customer.slice(0, smokeSteps.customer.indexOf('reference document: download')));
  // Read only: the reference document stays.
  expect((await documentsLeft()).map((d) => d.key)).toEqual([accounts.document!.key]);
});
