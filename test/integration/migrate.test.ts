/**
 * `admin migrate users-by-sub` on a copy of the demo data: the demo users are put back into the
 * shape of the earlier release (the email-keyed legacy table, staff outside the staff group, the
 * new table empty), the command run twice through the operator CLI, and the result compared with
 * what the demo seeding wrote. `admin migrate report-rows-index` the same way: the report rows'
 * index items removed, the pages' data read without them, the command run twice.
 */
import { AdminListGroupsForUserCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { jest } from '@jest/globals';
import { allProperties } from '../../lambdas/shared/data/properties.js';
import { propertiesAndRows, readIndex } from '../../lambdas/shared/data/report-reads.js';
import { DATASETS, isIndexItem } from '../../lambdas/shared/data/report-rows.js';
import type { UserItem } from '../../lambdas/shared/data/users.js';
import { adminCli } from '../support/admin-cli.js';
import { enrolAuthenticator, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(180_000);

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(async () => t?.stop());

const admin = (...args: string[]) => adminCli(t.dataDir, ...args);
const scan = async <T>(table: string) => ((await t.db.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items ?? []) as T[];
const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);
const groupsOf = async (sub: string) =>
  ((await t.cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: t.stack.userPoolId, Username: sub }))).Groups ?? []).map((g) => g.GroupName);

it('moves the demo users from the email-keyed table to the sub-keyed one, staff into the staff group; a second run changes nothing', async () => {
  const seeded = await admin('seed-demo');
  expect(seeded.code).toBe(0);
  const users = t.env.USERS_TABLE!;
  const legacy = t.env.LEGACY_USERS_TABLE!;
  const original = (await scan<UserItem>(users)).sort(byEmail);
  expect(original.length).toBe(6);
  const staff = original.filter((u) => u.email.endsWith('@staff.test'));
  expect(staff.length).toBe(2);

  // The earlier release's shape: rows by email without sub, no staff group, nothing in the new table.
  for (const u of original) {
    const { sub, ...old } = u;
    await t.db.send(new PutCommand({ TableName: legacy, Item: old }));
    await t.db.send(new DeleteCommand({ TableName: users, Key: { sub } }));
  }
  for (const s of staff) await t.cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: t.stack.userPoolId, Username: s.sub, GroupName: 'staff' }));
  // A row whose Cognito user is gone: reported, not copied.
  await t.db.send(new PutCommand({ TableName: legacy, Item: { email: 'gone@nowhere.test', userId: 'x', name: 'gone', customerIds: [], properties: {}, createdAt: 'x', updatedAt: 'x' } }));
  const customer = original.find((u) => u.email === 'facilities@northwind.test')!;
  const [staffToken, customerToken] = await Promise.all([signIn(staff[0]!.email, 'Admin1234567').catch(() => null), signIn(customer.email, 'Demo1234').catch(() => null)]);
  // Before the migration no one can sign in: the pre-token trigger finds no row by sub.
  expect([staffToken, customerToken]).toEqual([null, null]);

  const dry = await admin('migrate', 'users-by-sub', '--dry-run');
  expect(dry.stdout).toContain('Would copy 6 users');
  expect(await scan(users)).toEqual([]);

  const first = await admin('migrate', 'users-by-sub');
  expect(first.code).toBe(2);
  expect(first.stdout).toContain(`Copied 6 users into ${users}; 0 were there already; 2 staff accounts in the "staff" group.`);
  expect(first.stdout).toContain('not copied: gone@nowhere.test: the user pool has no such user');
  expect((await scan<UserItem>(users)).sort(byEmail)).toEqual(original);
  for (const s of staff) expect(await groupsOf(s.sub)).toEqual(['staff']);
  expect(await groupsOf(customer.sub)).toEqual([]);

  const second = await admin('migrate', 'users-by-sub');
  expect(second.stdout).toContain(`Copied 0 users into ${users}; 6 were there already;`);
  expect((await scan<UserItem>(users)).sort(byEmail)).toEqual(original);

  // Signed in again (the administrator with an authenticator app, as administrators must): the
  // administrator is one, the customer sees their own customer.
  await enrolAuthenticator(staff[0]!.email);
  const a = await signIn(staff[0]!.email, 'Admin1234567');
  expect((await request('GET', '/api/users', { token: a })).status).toBe(200);
  const c = await signIn(customer.email, 'Demo1234');
  const mine = await request('GET', '/api/sigma/customers', { token: c });
  expect((mine.json as { customer_ids: string[] }).customer_ids).toEqual(customer.customerIds);

  expect((await admin('migrate', 'something-else')).stderr).toContain('Name the migration: users-by-sub, report-rows-index.');
});

it('builds the report rows index of data written before it; the pages read the same rows with and without it; a second run changes nothing', async () => {
  if ((await scan(t.env.PROPERTIES_TABLE!)).length === 0) expect((await admin('seed-demo')).code).toBe(0);
  const table = t.env.REPORT_ROWS_TABLE!;
  type Stored = { propertyId: string; sk: string; parts?: Set<string>; indexedAt?: string };
  const items = await scan<Stored>(table);
  const seeded = items.filter((i) => isIndexItem(i));
  expect(seeded.length).toBeGreaterThan(0);
  const listedBySeed = new Map(seeded.map((i) => [`${i.propertyId} ${i.sk}`, [...(i.parts ?? [])].sort()]));
  const properties = (await allProperties(t.db)).map((p) => p.id);
  const read = async () => {
    const index = await readIndex(t.db, properties, DATASETS);
    const { rows } = await propertiesAndRows(t.db, properties, DATASETS, index);
    return Object.fromEntries(DATASETS.map((d) => [d, (rows.get(d) ?? []).map((r) => `${r.propertyId} ${r.id}`).sort()]));
  };
  const withSeedIndex = await read();
  expect(withSeedIndex.wo!.length).toBeGreaterThan(100);

  // The earlier release's shape: no index items. The pages still read every row (by Query).
  for (const i of seeded) await t.db.send(new DeleteCommand({ TableName: table, Key: { propertyId: i.propertyId, sk: i.sk } }));
  expect(await read()).toEqual(withSeedIndex);

  const dry = await admin('migrate', 'report-rows-index', '--dry-run');
  expect(dry.code).toBe(0);
  expect(dry.stdout).toMatch(/^Would index \d+ report row items in \d+ partitions/);
  expect((await scan<Stored>(table)).filter((i) => isIndexItem(i))).toEqual([]);

  const first = await admin('migrate', 'report-rows-index');
  expect(first.code).toBe(0);
  const after = (await scan<Stored>(table)).filter((i) => isIndexItem(i));
  // Every partition the seeding indexed lists the same items; the other datasets of known properties are marked empty.
  for (const i of after) {
    const parts = [...(i.parts ?? [])].sort();
    expect(parts).toEqual(listedBySeed.get(`${i.propertyId} ${i.sk}`) ?? []);
    expect(i.indexedAt).toBeDefined();
  }
  expect(after.length).toBe(properties.length * DATASETS.length);
  expect(first.stdout).toContain(`Indexed ${items.length - seeded.length} report row items in ${seeded.length} partitions (property and dataset); ${after.length - seeded.length} partitions of known properties marked empty.`);
  expect(await read()).toEqual(withSeedIndex);

  const second = await admin('migrate', 'report-rows-index');
  expect(second.code).toBe(0);
  const byKey = (a: Stored, b: Stored) => `${a.propertyId} ${a.sk}`.localeCompare(`${b.propertyId} ${b.sk}`);
  expect((await scan<Stored>(table)).filter((i) => isIndexItem(i)).sort(byKey)).toEqual(after.sort(byKey));
});
