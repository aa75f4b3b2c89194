/** The consistency check's finding rules (infra/admin/check.ts), on plain data, and its repairs' conditions on the AWS fake. */
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  alertFindings,
  assignmentFindings,
  countOf,
  documentFindings,
  emptyFindings,
  fixInconsistencies,
  formatFindings,
  indexFindings,
  tooManyOrphans,
  userFindings,
  type CognitoUserInfo,
  type PartitionKeys,
} from '../../../infra/admin/check.js';
import type { EquipmentAlertItem } from '../../../lambdas/shared/data/equipment-alerts.js';
import type { Dataset } from '../../../lambdas/shared/data/report-rows.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { user } from '../support/fake-aws.js';
import { operatorAws } from './support/fixtures.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3600_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const cognito = (email: string, sub: string, createdAgo: number): CognitoUserInfo => ({ username: email, sub, email, createdAt: ago(createdAgo), status: 'CONFIRMED' });

describe('userFindings', () => {
  const pool = [cognito('a@alpha.test', 's-a', 5 * HOUR), cognito('orphan@alpha.test', 's-o', 2 * HOUR), cognito('new@alpha.test', 's-n', 10 * 60_000), cognito('ops@staff.test', 's-s', 3 * HOUR)];
  const rows = [
    { sub: 's-a', email: 'a@alpha.test' },
    { sub: 's-gone', email: 'gone@alpha.test' },
  ];

  it('finds Cognito users without a row once older than the grace period, and rows without a Cognito user', () => {
    const f = userFindings(pool, rows, NOW, HOUR, (u) => u.email.endsWith('@staff.test'));
    expect(f.cognitoWithoutRow.map((u) => [u.email, u.staff])).toEqual([
      ['ops@staff.test', true],
      ['orphan@alpha.test', false],
    ]);
    expect(f.rowWithoutCognito).toEqual([{ sub: 's-gone', email: 'gone@alpha.test' }]);
  });

  it('leaves a user created within the grace period alone (create-user writes the pool, then the row)', () => {
    expect(userFindings(pool, rows, NOW, HOUR).cognitoWithoutRow.map((u) => u.email)).not.toContain('new@alpha.test');
    expect(userFindings(pool, rows, NOW, 0).cognitoWithoutRow.map((u) => u.email)).toContain('new@alpha.test');
  });

  it('compares by sub, not by email (a row of an earlier account with the same email is still an orphan)', () => {
    const f = userFindings([cognito('a@alpha.test', 's-new', 5 * HOUR)], [{ sub: 's-old', email: 'a@alpha.test' }], NOW, HOUR);
    expect(f.cognitoWithoutRow.map((u) => u.sub)).toEqual(['s-new']);
    expect(f.rowWithoutCognito.map((r) => r.sub)).toEqual(['s-old']);
  });

  it('refuses to delete when most rows (or Cognito users) are orphans: the wrong pool or a migration not run, more likely', () => {
    expect(tooManyOrphans(1, 3)).toBe(false);
    expect(tooManyOrphans(2, 4)).toBe(false);
    expect(tooManyOrphans(3, 4)).toBe(true);
    expect(tooManyOrphans(1, 1)).toBe(true);
    expect(tooManyOrphans(0, 0)).toBe(false);
  });
});

describe('documentFindings', () => {
  const rows = [
    { key: 'documents/1/a.pdf', propertyId: 'P-1' },
    { key: 'documents/2/lost.pdf', propertyId: 'P-1' },
  ];
  const objects = [
    { key: 'documents/1/a.pdf', lastModified: ago(3 * HOUR) },
    { key: 'documents/3/stray.pdf', lastModified: ago(2 * HOUR) },
    { key: 'documents/4/uploading.pdf', lastModified: ago(5 * 60_000) },
    { key: 'uploads/5/old.pdf', lastModified: ago(25 * HOUR) },
    { key: 'uploads/6/pending.pdf', lastModified: ago(23 * HOUR) },
    { key: 'requests/7/photo.jpg', lastModified: ago(100 * HOUR) },
  ];

  it('finds rows without their object and objects without a row', () => {
    const f = documentFindings(rows, objects, NOW, HOUR);
    expect(f.documentWithoutObject).toEqual([{ key: 'documents/2/lost.pdf', propertyId: 'P-1' }]);
    expect(f.objectWithoutRow.map((o) => o.key)).toEqual(['documents/3/stray.pdf', 'uploads/5/old.pdf']);
  });

  it('leaves a document object younger than the grace period (an upload writes it before its row)', () => {
    expect(documentFindings(rows, objects, NOW, 0).objectWithoutRow.map((o) => o.key)).toContain('documents/4/uploading.pdf');
  });

  it('takes an upload only once older than the unconfirmed-upload expiry (a day), and never other prefixes', () => {
    const keys = documentFindings(rows, objects, NOW, 0).objectWithoutRow.map((o) => o.key);
    expect(keys).not.toContain('uploads/6/pending.pdf');
    expect(keys).not.toContain('requests/7/photo.jpg');
    expect(documentFindings(rows, objects, NOW, 0, 22 * HOUR).objectWithoutRow.map((o) => o.key)).toContain('uploads/6/pending.pdf');
  });
});

describe('assignmentFindings', () => {
  const customers = new Set(['C-A', 'C-B']);
  const properties = new Map([
    ['P-A1', 'C-A'],
    ['P-B1', 'C-B'],
  ]);

  it('names what is gone and keeps the rest, dropping the properties of removed customers', () => {
    const f = assignmentFindings(
      [
        { sub: 's1', email: 'ok@alpha.test', customerIds: ['C-A'], properties: { 'P-A1': 'C-A' }, updatedAt: 't0' },
        { sub: 's2', email: 'stale@alpha.test', customerIds: ['C-A', 'C-X'], properties: { 'P-A1': 'C-A', 'P-GONE': 'C-A', 'P-X1': 'C-X' }, updatedAt: 't1' },
      ],
      customers,
      new Map([...properties, ['P-X1', 'C-X']]),
    );
    expect(f).toEqual([
      { sub: 's2', email: 'stale@alpha.test', goneCustomers: ['C-X'], goneProperties: ['P-GONE'], customerIds: ['C-A'], properties: { 'P-A1': 'C-A' }, updatedAt: 't1' },
    ]);
  });

  it('finds nothing when every name exists', () => {
    expect(assignmentFindings([{ sub: 's', email: 'x@y.test', customerIds: ['C-B'], properties: { 'P-B1': 'C-B' } }], customers, properties)).toEqual([]);
  });
});

describe('indexFindings', () => {
  const partition = (propertyId: string, sks: string[], indexes: Partial<Record<Dataset, string[]>>): PartitionKeys => ({
    propertyId,
    sks: new Set(sks),
    indexes: new Map(Object.entries(indexes).map(([d, l]) => [d as Dataset, new Set(l)])),
  });

  it('finds listed items that are gone and items their index does not list', () => {
    const f = indexFindings([
      partition('P-1', ['wo#2025#1', 'wo#2026#1', 'quote#2026#1'], { wo: ['wo#2025#1', 'wo#2024#1'], quote: ['quote#2026#1'] }),
      partition('P-2', ['asset#-#1'], { asset: ['asset#-#1'] }),
    ]);
    expect(f).toEqual([{ propertyId: 'P-1', dataset: 'wo', missing: ['wo#2024#1'], unlisted: ['wo#2026#1'] }]);
  });

  it('leaves a dataset without an index item alone (read by Query until migrated)', () => {
    expect(indexFindings([partition('P-1', ['wo#2025#1', 'invoice#2025#1'], { invoice: ['invoice#2025#1'] })])).toEqual([]);
  });
});

describe('alertFindings', () => {
  const alert = (customerId: string, equipmentId: string, key = `D-${equipmentId}#offline`): EquipmentAlertItem => ({
    customerId, key, deviceId: `D-${equipmentId}`, rule: 'offline' as EquipmentAlertItem['rule'], status: 'active', since: ago(HOUR), detail: '', equipmentId, equipmentName: 'AHU', buildingName: 'B', updatedAt: ago(HOUR),
  });
  const customers = new Map([
    ['C-A', true],
    ['C-U', false],
  ]);
  const equipment = new Map([['C-A', new Set(['E-1'])]]);

  it('finds alerts of a gone or unmapped customer and of gone equipment; keeps mapped ones', () => {
    const f = alertFindings([alert('C-A', 'E-1'), alert('C-A', 'E-2'), alert('C-U', 'E-9'), alert('C-GONE', 'E-1')], customers, equipment);
    expect(f.map((a) => [a.customerId, a.equipmentId, a.reason])).toEqual([
      ['C-A', 'E-2', 'equipment gone'],
      ['C-GONE', 'E-1', 'customer gone'],
      ['C-U', 'E-9', 'customer not mapped'],
    ]);
  });
});

describe('formatFindings', () => {
  it('prints every kind with its count, a table of what was found and what --fix would do', () => {
    const f = emptyFindings();
    f.rowWithoutCognito.push({ sub: 's-gone', email: 'gone@alpha.test' });
    const text = formatFindings(f);
    expect(text).toContain('users rows without a Cognito user: 1\n  email            sub\n  gone@alpha.test  s-gone\n  --fix deletes the row');
    expect(text).toContain('Cognito users without a users row: 0');
    expect(text).toContain('equipment alerts of devices no longer mapped: 0');
    expect(text.split('\n').at(-1)).toBe('Found 1; nothing was changed (--fix repairs).');
    expect(countOf(f)).toBe(1);
  });

  it('says so when nothing is found, and counts what --fix repaired', () => {
    expect(formatFindings(emptyFindings()).split('\n').at(-1)).toBe('Consistent: nothing found.');
    const f = emptyFindings();
    f.rowWithoutCognito.push({ sub: 's-gone', email: 'gone@alpha.test' });
    const text = formatFindings(f, { rowWithoutCognito: 1 });
    expect(text).toContain('users rows without a Cognito user: 1 (1 fixed)');
    expect(text.split('\n').at(-1)).toBe('Found 1; fixed 1, 0 left.');
  });
});

describe('fixInconsistencies: each repair only while the finding still holds', () => {
  const { db, idp } = operatorAws();
  const sizes = { userRows: 10, poolUsers: 10 };
  const orphan = (email: string, staff = false) => ({ username: email, sub: `s-${email}`, email, createdAt: ago(5 * HOUR), status: 'CONFIRMED', staff });
  const auditActions = () => db.all('audit').map((e) => [e.actorEmail, e.action, e.target]);

  it('deletes a customer Cognito user without a row, never a staff one, and audits it', async () => {
    const f = emptyFindings();
    f.cognitoWithoutRow.push(orphan('ghost@alpha.test'), orphan('ops@example-hvac.com', true));
    const r = await fixInconsistencies(dynamo(), f, sizes);
    expect(idp.commandCalls(AdminDeleteUserCommand).map((c) => c.args[0].input.Username)).toEqual(['ghost@alpha.test']);
    expect(r.fixed).toEqual({ cognitoWithoutRow: 1 });
    expect(r.skipped).toEqual(['ops@example-hvac.com: a staff account, left alone (create-user --email ops@example-hvac.com --password P takes it over)']);
    expect(auditActions()).toEqual([['cli', 'user.remove', 'ghost@alpha.test']]);
  });

  it('deletes no Cognito user when most of the pool has no row, and no row when most rows have no Cognito user', async () => {
    const f = emptyFindings();
    f.cognitoWithoutRow.push(orphan('a@alpha.test'), orphan('b@alpha.test'));
    f.rowWithoutCognito.push({ sub: 's-1', email: 'x@alpha.test' }, { sub: 's-2', email: 'y@alpha.test' });
    db.put('accounts', user('x@alpha.test'), user('y@alpha.test'));
    const r = await fixInconsistencies(dynamo(), f, { userRows: 3, poolUsers: 3 });
    expect(idp.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
    expect(db.writes()).toBe(0);
    expect(r.fixed).toEqual({});
    expect(r.skipped).toEqual([
      '2 of 3 Cognito users have no users row: has migrate users-by-sub run, is this the stage\'s table? No Cognito user was deleted.',
      "2 of 3 users rows have no Cognito user: is this the stage's pool? No row was deleted.",
    ]);
  });

  it('rewrites assignments only if the row is unchanged since it was read', async () => {
    db.put('accounts', { ...user('a@alpha.test', ['C-A', 'C-X'], { 'P-A1': 'C-A', 'P-X': 'C-X' }), updatedAt: 't-read' }, { ...user('b@alpha.test', ['C-X']), updatedAt: 't-changed' });
    const f = emptyFindings();
    f.staleAssignments.push(
      { sub: user('a@alpha.test').sub, email: 'a@alpha.test', goneCustomers: ['C-X'], goneProperties: ['P-X'], customerIds: ['C-A'], properties: { 'P-A1': 'C-A' }, updatedAt: 't-read' },
      { sub: user('b@alpha.test').sub, email: 'b@alpha.test', goneCustomers: ['C-X'], goneProperties: [], customerIds: [], properties: {}, updatedAt: 't-read' },
    );
    const r = await fixInconsistencies(dynamo(), f, sizes);
    expect(db.get('accounts', user('a@alpha.test').sub)).toMatchObject({ customerIds: ['C-A'], properties: { 'P-A1': 'C-A' } });
    expect(db.get('accounts', user('b@alpha.test').sub)).toMatchObject({ customerIds: ['C-X'], updatedAt: 't-changed' });
    expect(r.fixed).toEqual({ staleAssignments: 1 });
    expect(r.skipped).toEqual(['b@alpha.test: the row changed since it was read; run check again']);
    expect(auditActions()).toEqual([['cli', 'user.assignments', 'a@alpha.test']]);
  });

  it('keeps a documents row whose object is back, and an object that has a row now', async () => {
    db.world.objects.set('documents/1/back.pdf', { body: Buffer.from('x'), contentType: 'application/pdf' });
    db.world.objects.set('documents/2/stray.pdf', { body: Buffer.from('x'), contentType: 'application/pdf' });
    db.put('documents', { key: 'documents/1/back.pdf', propertyId: 'P-1', uploadedAt: ago(HOUR) }, { key: 'documents/2/stray.pdf', propertyId: 'P-1', uploadedAt: ago(HOUR) });
    const f = emptyFindings();
    f.documentWithoutObject.push({ key: 'documents/1/back.pdf', propertyId: 'P-1' });
    f.objectWithoutRow.push({ key: 'documents/2/stray.pdf', lastModified: ago(2 * HOUR) });
    const r = await fixInconsistencies(dynamo(), f, sizes);
    expect(r.fixed).toEqual({});
    expect(r.skipped).toEqual(['documents/1/back.pdf: its object is there now', 'documents/2/stray.pdf: it has a row now']);
    expect(db.world.objects.has('documents/2/stray.pdf')).toBe(true);
    expect(db.writes()).toBe(0);
  });

  it('deletes an unmapped alert only in the status found', async () => {
    const state = (key: string, status: 'active' | 'pending') => ({ customerId: 'C-GONE', key, deviceId: 'D-1', rule: 'stale', status, equipmentId: 'E-1' });
    db.put('equipment-alerts', state('D-1#stale', 'active'), state('D-2#stale', 'pending'));
    const f = emptyFindings();
    f.orphanAlerts.push({ ...state('D-1#stale', 'active'), reason: 'customer gone' }, { ...state('D-2#stale', 'active'), reason: 'customer gone' });
    const r = await fixInconsistencies(dynamo(), f, sizes);
    expect(db.all('equipment-alerts').map((a) => a.key)).toEqual(['D-2#stale']);
    expect(r.fixed).toEqual({ orphanAlerts: 1 });
    expect(r.skipped).toEqual(['C-GONE/D-2#stale: its state changed since it was read; run check again']);
    expect(auditActions()).toEqual([['cli', 'alert.close', 'C-GONE/D-1#stale']]);
  });
});
