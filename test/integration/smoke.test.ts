import { jest } from '@jest/globals';
/**
 * The post-deploy smoke test (npm run smoke) against the local stack, so it cannot rot: its accounts
 * made by the operator command as on a stage, every step passing on a working portal, and failing
 * named when a part of the portal really fails (a document the download route refuses; storage
 * stopped), its uploaded document deleted all the same.
 */
import { PutObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { SMOKE_CUSTOMER, SMOKE_PROPERTY, smokeSecretId } from '../../infra/smoke/accounts.js';
import { runSmoke, SmokeFailure, smokeSteps, type SmokeAccounts } from '../../infra/smoke/smoke.js';
import { putCustomers } from '../../lambdas/shared/data/customers.js';
import { documentsOfProperties } from '../../lambdas/shared/data/documents.js';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { adminCli, npmRun, type CliResult } from '../support/admin-cli.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

let t: TestStack;
let accounts: SmokeAccounts;
let setUp: CliResult;

const documentsLeft = () => documentsOfProperties(t.db, [SMOKE_PROPERTY.id]);
const okSteps = (lines: string[]) => lines.filter((l) => l.startsWith('ok ')).map((l) => l.replace(/^ok +/, '').replace(/ \(\d+ ms\)$/, ''));
const failureOf = (p: Promise<void>) =>
  p.then(
    () => null,
    (e: unknown) => e as SmokeFailure,
  );

beforeAll(async () => {
  // Malware scanning on: the download route then serves a document only once the local stand-in
  // scanner tagged it clean, which it does as soon as it is written here (LOCAL_SCAN_DELAY_MS=0).
  // GuardDuty takes seconds: a deployed smoke run's download step meets 409 "being checked" first.
  t = await startTestStack({ env: { MALWARE_SCAN: 'true', LOCAL_SCAN_DELAY_MS: '0' } });
  setUp = await adminCli(t.dataDir, 'create-smoke-accounts');
  const secrets = new SecretsManagerClient({
    endpoint: t.stack.endpoints.secrets,
    region: t.env.AWS_REGION,
    credentials: { accessKeyId: t.env.AWS_ACCESS_KEY_ID!, secretAccessKey: t.env.AWS_SECRET_ACCESS_KEY! },
  });
  accounts = JSON.parse((await secrets.send(new GetSecretValueCommand({ SecretId: smokeSecretId(null) }))).SecretString!) as SmokeAccounts;
  secrets.destroy();
});
afterAll(async () => t?.stop());

it('create-smoke-accounts makes the customer, the administrator with an authenticator app and their secret (the full profile, as dev and staging); a second run changes nothing', async () => {
  expect(setUp.code).toBe(0);
  expect(setUp.stdout).toMatch(/Created customer smoke-customer@example\.com \(property SMOKE-TEST-1 of SMOKE-TEST\) and administrator smoke-test@staff\.test/);
  expect(accounts.customer.email).toBe('smoke-customer@example.com');
  expect(accounts.staff).toMatchObject({ email: 'smoke-test@staff.test', totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
  expect(accounts.staff!.password.length).toBeGreaterThanOrEqual(24);

  const again = await adminCli(t.dataDir, 'create-smoke-accounts');
  expect(again).toMatchObject({ code: 0 });
  expect(again.stdout).toMatch(/holds the smoke accounts already: nothing changed/);
});

it('passes every step on a working portal, and leaves no document behind', async () => {
  const lines: string[] = [];
  await runSmoke(t.baseUrl, accounts, (l) => void lines.push(l));
  expect(okSteps(lines)).toEqual([...smokeSteps.full]);
  expect(lines).toContain('     (customer SMOKE-TEST has no telemetry mapping: 404 as specified)');
  // Read only: the smoke customer keeps the defaults.
  expect(lines).toContain('     (0 active alerts; mail on: requests, alerts, quotes, visits)');
  expect(await documentsLeft()).toEqual([]);
});

it('npm run smoke -- --local runs the full profile with the stored accounts, and passes', async () => {
  const r = await npmRun('smoke', '--local', '--data-dir', t.dataDir);
  expect(r.stdout).toContain(`profile full (customer smoke-customer@example.com, staff smoke-test@staff.test)`);
  expect(r.stdout).toContain('ok   staff member signs in with the authenticator code');
  expect(r.stdout).toMatch(/smoke: all steps passed/);
  expect(r.code).toBe(0);
});

it('with a telemetry mapping, checks the device list against the specified answer', async () => {
  await putCustomers(t.db, [{ ...SMOKE_CUSTOMER, telemetryCustomerId: 'smoke-telemetry' }]);
  await putEquipment(t.db, [
    { customerId: SMOKE_CUSTOMER.id, id: 'SMOKE-EQ1', propertyId: SMOKE_PROPERTY.id, buildingName: SMOKE_PROPERTY.name, name: 'RTU-1', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
  ]);
  const lines: string[] = [];
  try {
    await runSmoke(t.baseUrl, accounts, (l) => void lines.push(l));
  } finally {
    await putCustomers(t.db, [SMOKE_CUSTOMER]);
  }
  expect(okSteps(lines)).toEqual([...smokeSteps.full]);
  expect(lines).toContain('     (customer SMOKE-TEST: 1 device)');
});

it('fails naming the download when the route refuses the document, and deletes the upload all the same', async () => {
  const s3 = new S3Client({
    endpoint: t.stack.endpoints.s3,
    region: t.env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: t.env.AWS_ACCESS_KEY_ID!, secretAccessKey: t.env.AWS_SECRET_ACCESS_KEY! },
  });
  const { key: tagKey, infected } = documentsBucket.malwareTag;
  const lines: string[] = [];
  // As GuardDuty would: the uploaded object found infected between the upload and the download.
  const failure = await failureOf(
    runSmoke(t.baseUrl, accounts, async (l) => {
      lines.push(l);
      if (!l.startsWith('ok   document round trip: upload')) return;
      const [doc] = await documentsLeft();
      await s3.send(new PutObjectTaggingCommand({ Bucket: t.env.DOCUMENTS_BUCKET, Key: doc!.key, Tagging: { TagSet: [{ Key: tagKey, Value: infected }] } }));
    }),
  );
  s3.destroy();
  expect(failure).toBeInstanceOf(SmokeFailure);
  expect(failure!.step).toBe('document round trip: download');
  expect(failure!.message).toMatch(/^smoke: FAILED at "document round trip: download": GET \/api\/s3\/getpresignedurl as the customer: expected 200, got 403 .*malware/);
  expect(okSteps(lines)).toEqual(smokeSteps.full.slice(0, smokeSteps.full.indexOf('document round trip: download')));
  expect(lines.some((l) => l.startsWith('     (cleaned up: deleted documents/'))).toBe(true);
  expect(await documentsLeft()).toEqual([]);
});

it('fails naming the upload when storage is down', async () => {
  await t.stack.stopEmulator('s3');
  const failure = await failureOf(runSmoke(t.baseUrl, accounts, () => {}));
  expect(failure).toBeInstanceOf(SmokeFailure);
  expect(failure!.step).toBe('document round trip: upload');
  expect(failure!.message).toMatch(/^smoke: FAILED at "document round trip: upload": /);
  expect(await documentsLeft()).toEqual([]);
});
