/**
 * `npm run admin -- check` against the local stack (docs/operating.md "Consistency check"): a consistent
 * stack reports nothing; then one of each inconsistency is planted straight into the emulators
 * (tables, bucket, Cognito), `check` finds every kind, exits 1 and changes nothing, `check --fix`
 * repairs each one with an audit event, and `check` again finds nothing and exits 0.
 */
import { randomUUID } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { AdminCreateUserCommand, AdminGetUserCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { jest } from '@jest/globals';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';
import { listAudit } from '../../lambdas/shared/data/audit.js';
import { putDocument, type DocumentItem } from '../../lambdas/shared/data/documents.js';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { putBaseline, type EquipmentAlertItem } from '../../lambdas/shared/data/equipment-alerts.js';
import { addToIndex, indexKey, packRows, putReportRows, type WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { createUser, getUserByEmail, setAssignments } from '../../lambdas/shared/data/users.js';
import { adminCli } from '../support/admin-cli.js';
import { createTestUser, putCustomer, putProperty, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(180_000);

const PASSWORD = 'Passw0rd1';
const HOUR = 3600_000;
let t: TestStack;
let s3: S3Client;
/** Cognito with retries: the harness's client makes one attempt, and a kept-alive socket the emulator closed between CLI runs fails it. */
let cognito: CognitoIdentityProviderClient;
const bucket = () => t.env.DOCUMENTS_BUCKET!;
const tableOf = (name: TableName) => t.env[tables[name].env]!;

const doc = (key: string): DocumentItem => ({ key, propertyId: 'P-A1', uploadedAt: new Date().toISOString(), fileName: path.basename(key), contentType: 'application/pdf', sizeBytes: 4, uploadedBy: 'ops@staff.test' });
const putObject = (key: string) => s3.send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: 'file', ContentType: 'application/pdf' }));
/** Makes an object look written `ms` ago (the emulator answers LastModified from the file's time). */
const backdate = (key: string, ms: number) => {
  const at = new Date(Date.now() - ms);
  utimesSync(path.join(t.dataDir, 's3', bucket(), `${key}._S3rver_object`), at, at);
};
const workOrder = (id: string): WorkOrderRow => ({ dataset: 'wo', id, propertyId: 'P-A1', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-03-01', description: 'Filter', technician: 'Kim', amount: 100 });
const alert = (equipmentId: string): EquipmentAlertItem => ({
  customerId: 'C-A', key: `D-${equipmentId}#stale`, deviceId: `D-${equipmentId}`, rule: 'stale', status: 'active', since: new Date().toISOString(), raisedAt: new Date().toISOString(),
  detail: 'no data', equipmentId, equipmentName: 'RTU', buildingName: 'Main', propertyId: 'P-A1', updatedAt: new Date().toISOString(),
});

/** Everything the check reads and could write, as comparable text (sets and binary values included). */
async function snapshot(): Promise<string> {
  const names: TableName[] = ['users', 'customers', 'properties', 'documents', 'equipment', 'reportRows', 'equipmentAlerts', 'audit'];
  const out: Record<string, unknown> = {};
  for (const name of names) out[name] = ((await t.db.send(new ScanCommand({ TableName: tableOf(name) }))).Items ?? []).map((i) => JSON.stringify(i, replacer)).sort();
  out.objects = ((await s3.send(new ListObjectsV2Command({ Bucket: bucket() }))).Contents ?? []).map((o) => o.Key).sort();
  out.cognito = ((await cognito.send(new ListUsersCommand({ UserPoolId: t.stack.userPoolId }))).Users ?? []).map((u) => u.Username).sort();
  return JSON.stringify(out);
}
const replacer = (_: string, v: unknown) => (v instanceof Set ? [...v].sort() : v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v);

interface CheckJson {
  found: number;
  left: number;
  findings: Record<string, { key?: string; email?: string; reason?: string; missing?: string[] }[]>;
  fixed?: Record<string, number>;
  skipped?: string[];
}
const checkJson = async (...args: string[]) => {
  const r = await adminCli(t.dataDir, 'check', '--json', ...args);
  return { code: r.code, json: JSON.parse(r.stdout) as CheckJson, stderr: r.stderr };
};
const counts = (j: CheckJson) => Object.fromEntries(Object.entries(j.findings).map(([k, v]) => [k, v.length]));

beforeAll(async () => {
  t = await startTestStack();
  const credentials = { accessKeyId: t.env.AWS_ACCESS_KEY_ID!, secretAccessKey: t.env.AWS_SECRET_ACCESS_KEY! };
  cognito = new CognitoIdentityProviderClient({ endpoint: t.stack.endpoints.cognito, region: t.env.AWS_REGION, credentials, maxAttempts: 3 });
  s3 = t.storage;
  await putCustomer({ id: 'C-A', name: 'alpha', telemetryCustomerId: 'ncl-check-a' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putEquipment(t.db, [{ customerId: 'C-A', id: 'E-1', propertyId: 'P-A1', buildingName: 'Main', name: 'RTU', equipmentType: 'RTU', telemetryData: '{}' }]);
  await putReportRows(t.db, [workOrder('WO-1'), workOrder('WO-2')]);
  const kept = `documents/${randomUUID()}/plan.pdf`;
  await putObject(kept);
  await putDocument(t.db, doc(kept));
  await t.db.send(new PutCommand({ TableName: tableOf('equipmentAlerts'), Item: alert('E-1') }));
  // A device's stored drift baseline (issue 44) is not an alert state: never reported as one.
  await putBaseline(t.db, { customerId: 'C-A', deviceId: 'D-E-1', start: '2026-01-01T00:00:00.000Z', end: '2026-01-31T00:00:00.000Z', kwhPerRuntimeHour: 13.5, coverage: 99, inputs: '//', computedAt: '2026-03-01T00:00:00.000Z' });
  await createTestUser({ email: 'ops@staff.test', password: PASSWORD });
  await createTestUser({ email: 'a@alpha.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: 'b@beta.test', password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
});
afterAll(async () => {
  cognito?.destroy();
  s3?.destroy();
  await t?.stop();
});

it('reports nothing on a consistent stack and exits 0', async () => {
  const r = await adminCli(t.dataDir, 'check', '--grace-minutes', '0');
  expect(r.stderr).not.toMatch(/failed|Error/);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Cognito users without a users row: 0');
  expect(r.stdout).toContain('equipment alerts of devices no longer mapped: 0');
  expect(r.stdout.trim().split('\n').at(-1)).toBe('Consistent: nothing found.');
});

describe('one of each inconsistency', () => {
  const stray = `documents/${randomUUID()}/stray.pdf`;
  const lost = `documents/${randomUUID()}/lost.pdf`;
  const oldUpload = `uploads/${randomUUID()}/old.pdf`;
  const newUpload = `uploads/${randomUUID()}/new.pdf`;
  const goneSub = randomUUID();

  beforeAll(async () => {
    // 1. A Cognito user without a row (created just now) and a row without a Cognito user.
    await cognito.send(
      new AdminCreateUserCommand({ UserPoolId: t.stack.userPoolId, Username: 'ghost@alpha.test', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: 'ghost@alpha.test' }, { Name: 'name', Value: 'ghost' }] }),
    );
    const now = new Date().toISOString();
    await createUser(t.db, { sub: goneSub, email: 'gone@alpha.test', userId: randomUUID(), name: 'gone', customerIds: ['C-A'], properties: {}, createdAt: now, updatedAt: now });
    // 2. A row without its object; objects without a row (two hours old; an upload two days old, one just made).
    await putDocument(t.db, doc(lost));
    await putObject(stray);
    backdate(stray, 2 * HOUR);
    await putObject(oldUpload);
    backdate(oldUpload, 48 * HOUR);
    await putObject(newUpload);
    // 3. Assignments naming a customer and a property that do not exist.
    const a = (await getUserByEmail(t.db, 'a@alpha.test'))!;
    await setAssignments(t.db, a.sub, ['C-A', 'C-GONE'], { 'P-A1': 'C-A', 'P-GONE': 'C-A', 'P-X': 'C-GONE' });
    // 4. An index item listing an item that is not there, and not listing one that is (written past it).
    await addToIndex(t.db, 'P-A1', 'wo', ['wo#1999#1']);
    for (const item of packRows([{ ...workOrder('WO-3'), createdAt: '2025-05-01' }])) await t.db.send(new PutCommand({ TableName: tableOf('reportRows'), Item: item }));
    // 5. An alert on equipment whose row is gone.
    await t.db.send(new PutCommand({ TableName: tableOf('equipmentAlerts'), Item: alert('E-GONE') }));
  });

  it('leaves a Cognito user younger than the grace period alone, and reports the rest', async () => {
    const r = await checkJson();
    expect(r.code).toBe(1);
    expect(counts(r.json)).toEqual({ cognitoWithoutRow: 0, rowWithoutCognito: 1, documentWithoutObject: 1, objectWithoutRow: 2, staleAssignments: 1, reportIndex: 1, orphanAlerts: 1 });
  });

  it('finds all five kinds, exits 1 and changes nothing', async () => {
    const before = await snapshot();
    const r = await adminCli(t.dataDir, 'check', '--grace-minutes', '0');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Cognito users without a users row: 1\n.*\n {2}ghost@alpha\.test .* no\n/);
    expect(r.stdout).toContain('users rows without a Cognito user: 1');
    expect(r.stdout).toContain(`documents rows without their object: 1\n  key${' '.repeat(lost.length - 1)}property\n  ${lost}  P-A1`);
    expect(r.stdout).toContain('objects without a documents row: 2');
    expect(r.stdout).toContain(stray);
    expect(r.stdout).toContain(oldUpload);
    expect(r.stdout).not.toContain(newUpload);
    expect(r.stdout).toMatch(/assignments naming customers or properties that no longer exist: 1\n.*\n {2}a@alpha\.test +C-GONE +P-GONE,P-X/);
    expect(r.stdout).toMatch(/report-row index items out of step with their items: 1\n.*\n {2}P-A1 +wo +wo#1999#1 +wo#2025#1/);
    expect(r.stdout).toMatch(/equipment alerts of devices no longer mapped: 1\n.*\n {2}C-A +D-E-GONE#stale +active +E-GONE +equipment gone/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Found 8; nothing was changed (--fix repairs).');
    expect(await snapshot()).toBe(before);
  });

  it('--fix repairs each one, audited, and exits 0', async () => {
    const r = await checkJson('--fix', '--grace-minutes', '0');
    expect(r.stderr).not.toMatch(/failed|Error/);
    expect(r.code).toBe(0);
    expect(r.json.fixed).toEqual({ cognitoWithoutRow: 1, rowWithoutCognito: 1, documentWithoutObject: 1, objectWithoutRow: 2, staleAssignments: 1, reportIndex: 1, orphanAlerts: 1 });
    expect(r.json.left).toBe(0);

    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: t.stack.userPoolId, Username: 'ghost@alpha.test' }))).rejects.toThrow(/User does not exist/);
    expect((await t.db.send(new GetCommand({ TableName: tableOf('users'), Key: { sub: goneSub } }))).Item).toBeUndefined();
    expect((await t.db.send(new GetCommand({ TableName: tableOf('documents'), Key: { key: lost } }))).Item).toBeUndefined();
    const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: bucket() }))).Contents ?? []).map((o) => o.Key);
    expect(keys).not.toContain(stray);
    expect(keys).not.toContain(oldUpload);
    expect(keys).toContain(newUpload);
    const a = (await getUserByEmail(t.db, 'a@alpha.test'))!;
    expect([a.customerIds, a.properties]).toEqual([['C-A'], { 'P-A1': 'C-A' }]);
    const index = (await t.db.send(new GetCommand({ TableName: tableOf('reportRows'), Key: indexKey('P-A1', 'wo'), ConsistentRead: true }))).Item!;
    expect([...(index.parts as Set<string>)].sort()).toEqual(['wo#2025#1', 'wo#2026#1']);
    const alerts = ((await t.db.send(new ScanCommand({ TableName: tableOf('equipmentAlerts') }))).Items ?? []).map((i) => i.key as string);
    expect(alerts.sort()).toEqual(['D-E-1#stale', 'baseline#D-E-1']);

    const events = (await listAudit(t.db, 50)).items.filter((e) => e.details.check === true);
    expect(events.every((e) => e.actorEmail === 'cli')).toBe(true);
    expect(events.map((e) => [e.action, e.target]).sort()).toEqual(
      [
        ['user.remove', 'ghost@alpha.test'],
        ['user.remove', 'gone@alpha.test'],
        ['document.delete', lost],
        ['document.object-delete', stray],
        ['document.object-delete', oldUpload],
        ['user.assignments', 'a@alpha.test'],
        ['report-rows.index', 'P-A1/wo'],
        ['alert.close', 'C-A/D-E-GONE#stale'],
      ].sort(),
    );
    expect(events.find((e) => e.action === 'report-rows.index')!.details).toMatchObject({ listed: ['wo#2025#1'], removed: ['wo#1999#1'] });
    expect(events.find((e) => e.action === 'document.delete')!.details.row).toMatchObject({ key: lost, propertyId: 'P-A1', fileName: 'lost.pdf' });
  });

  it('then finds nothing and exits 0', async () => {
    const r = await adminCli(t.dataDir, 'check', '--grace-minutes', '0');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('Consistent: nothing found.');
  });
});
