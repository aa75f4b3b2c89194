/** Equipment alert mails: who gets one, what it lists, and that a user's settings and suppression are kept. */
import { alertMail, mailAlerts } from '../../../lambdas/shared/domain/alerts/mail.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import type { EquipmentAlertItem } from '../../../lambdas/shared/data/equipment-alerts.js';
import { fakeAws, setTableEnv, STAFF, user } from '../support/fake-aws.js';
import { fakeSes } from '../support/ses.js';

const alice = user('alice@a.test', ['A'], { 'A-P1': 'A' });
const carol = user('carol@a.test', ['A'], { 'A-P1': 'A', 'A-P2': 'A' });
const dave = user('dave@a.test', ['A'], { 'A-P2': 'A' });
const bob = user('bob@b.test', ['B'], { 'B-P1': 'B' });
const boss = user(`boss@${STAFF}`);
const users = [alice, carol, dave, bob, boss];

const aws = fakeAws({ users }, { secrets: { embed: 'unsubscribe-key-for-tests' } });
const mail = fakeSes();
const sent = mail.mails;

const alert = (deviceId: string, propertyId: string, name: string): EquipmentAlertItem => ({
  customerId: 'A', key: `${deviceId}#stale`, deviceId, rule: 'stale', status: 'active', since: '2026-11-25T10:00:00.000Z', raisedAt: '2026-11-25T10:15:00.000Z',
  detail: 'No report in the last hour', equipmentId: `EQ-${deviceId}`, equipmentName: name, buildingName: 'North', propertyId, updatedAt: '2026-11-25T10:15:00.000Z',
});

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error', EMBED_SECRET_ID: 'embed', PUBLIC_URL: 'https://portal.test', MAIL_FROM: 'Portal <portal@example.com>' }));
afterAll(() => {
  aws.restore();
  mail.restore();
});
beforeEach(() => {
  aws.reset();
  mail.reset();
  aws.world.notificationSettings = [];
  aws.world.mailSuppression = [];
});

describe('equipment alert mails', () => {
  it("mail each of the customer's users once per kind, listing only the equipment on their properties", async () => {
    const raised = [alert('D1', 'A-P1', 'RTU-1'), alert('D2', 'A-P2', 'RTU-2')];
    const outcomes = await mailAlerts(dynamo(), users, 'A', raised, [alert('D3', 'A-P1', 'RTU-3')]);
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    const got = sent().map((m) => [m.to, m.subject]);
    expect(got).toEqual([
      ['alice@a.test', 'Equipment alert: RTU-1 (North): Not reporting'],
      ['carol@a.test', '2 equipment alerts raised'],
      ['dave@a.test', 'Equipment alert: RTU-2 (North): Not reporting'],
      ['alice@a.test', 'Cleared: RTU-3 (North): Not reporting'],
      ['carol@a.test', 'Cleared: RTU-3 (North): Not reporting'],
    ]);
    expect(sent()[1]!.text).toMatch(/RTU-1[\s\S]*RTU-2/);
    expect(sent()[0]!.text).toContain('Hello alice@a.test,'); // the fixture's name is the address
  });

  it('skip a user who switched alerts off and a suppressed address', async () => {
    aws.world.notificationSettings.push({ sub: carol.sub, email: carol.email, alerts: false, updatedAt: '2026-11-01T00:00:00.000Z' });
    aws.world.mailSuppression.push({ address: dave.email, reason: 'bounce', at: '2026-11-01T00:00:00.000Z', detail: '550' });
    const outcomes = await mailAlerts(dynamo(), users, 'A', [alert('D1', 'A-P1', 'RTU-1'), alert('D2', 'A-P2', 'RTU-2')], []);
    expect(outcomes.sort()).toEqual(['off', 'sent', 'suppressed']);
    expect(sent().map((m) => m.to)).toEqual(['alice@a.test']);
  });

  it('say what was seen and since when', () => {
    const m = alertMail('pat tester', 'raised', [alert('D1', 'A-P1', 'RTU-1')]);
    expect(m.text).toContain('Hello Pat Tester,');
    expect(m.text).toContain('RTU-1 (North) (device D1)\n  Not reporting since 25 Nov 2026, 10:00 AM UTC\n  No report in the last hour');
  });
});
