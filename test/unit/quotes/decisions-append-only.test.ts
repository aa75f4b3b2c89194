/**
 * Quote decisions are append-only by the write itself, not by convention: every write to the
 * quote-decisions table is a PutItem conditional on its key being new (lambdas/shared/data/quote-decisions.ts),
 * so a second write of a recorded key (a forged or repeated decision, an import's conflict written
 * twice) is refused and the record stays as it was. The fake DynamoDB evaluates the condition as
 * DynamoDB does; without it, the second put would replace the first.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { putConflict, putDecision, type DecisionRecord } from '../../../lambdas/shared/data/quote-decisions.js';
import { fakeAws, setTableEnv } from '../support/fake-aws.js';

const db = fakeAws();
beforeAll(() => setTableEnv());
beforeEach(() => db.reset());

const record: DecisionRecord = {
  propertyId: 'P-1',
  sk: 'quote#QT-1#2026-11-20T10:00:00.000Z',
  kind: 'decision',
  quoteId: 'QT-1',
  customerId: 'C-1',
  decision: 'approve',
  decidedAt: '2026-11-20T10:00:00.000Z',
  by: { sub: 'sub-1', email: 'sam@alpha.example', name: 'Sam', signature: 'Sam' },
  sourceIp: '198.51.100.7',
  userAgent: 'test',
  shown: { amount: 4000, title: 'Work QT-1', expiresAt: null, propertyId: 'P-1', propertyName: 'Alpha One' },
  poNumber: 'PO-1',
  hash: 'h'.repeat(64),
};
const puts = () => db.ddb.commandCalls(PutCommand).map((c) => c.args[0].input);

describe('the quote-decisions table refuses an overwrite', () => {
  it('a decision is put once; a second put of its key is refused and changes nothing', async () => {
    expect(await putDecision(dynamo(), record)).toBe(true);
    expect(await putDecision(dynamo(), { ...record, poNumber: 'PO-FORGED', decision: 'decline' })).toBe(false);
    expect(db.all('quote-decisions')).toEqual([record]);
    for (const put of puts()) expect(put).toMatchObject({ TableName: process.env.QUOTE_DECISIONS_TABLE, ConditionExpression: 'attribute_not_exists(sk)' });
    expect(puts()).toHaveLength(2);
  });

  it("an import's conflict is put once too", async () => {
    const conflict = { propertyId: 'P-1', quoteId: 'QT-2', at: '2026-11-21T00:00:00.000Z', portal: { status: 'Approved', decidedAt: null, decidedBy: null }, source: { status: 'Declined', decidedAt: null } };
    expect(await putConflict(dynamo(), conflict)).toBe(true);
    expect(await putConflict(dynamo(), { ...conflict, source: { status: 'Approved', decidedAt: null } })).toBe(false);
    expect(db.all('quote-decisions').filter((i) => i.kind === 'conflict')).toEqual([{ ...conflict, kind: 'conflict', sk: 'conflict#QT-2#2026-11-21T00:00:00.000Z' }]);
    expect(puts().every((p) => p.ConditionExpression === 'attribute_not_exists(sk)')).toBe(true);
  });

  it('a write that fails otherwise is not taken for a refusal', async () => {
    db.failOnce('Put');
    await expect(putDecision(dynamo(), { ...record, sk: 'quote#QT-3#x' })).rejects.toThrow('injected');
  });
});
