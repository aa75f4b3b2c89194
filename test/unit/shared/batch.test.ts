/**
 * batchWrite: batches of 25, unprocessed items retried, and a bound on the attempts. batchGetTables:
 * requests of at most 100 keys sent at once, unprocessed keys asked again with the projection.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetTables, batchWrite, UnprocessedItemsError } from '../../../lambdas/shared/data/batch.js';

type Request = { PutRequest?: { Item: Record<string, unknown> } };

/** A client whose BatchWriteItem leaves the last request of a batch unprocessed `times` times. */
function fakeDb(times: number) {
  const sent: Request[][] = [];
  let left = times;
  const db = {
    send: async (cmd: { input: { RequestItems: Record<string, Request[]> } }) => {
      const requests = cmd.input.RequestItems.t!;
      sent.push(requests);
      const unprocessed = left-- > 0 ? requests.slice(-1) : [];
      return { UnprocessedItems: unprocessed.length ? { t: unprocessed } : {} };
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, sent };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));

describe('batchWrite', () => {
  it('sends batches of 25 and retries what was left unprocessed', async () => {
    const { db, sent } = fakeDb(2);
    await batchWrite(db, 't', items(30), [], { delayMs: 1 });
    expect(sent.map((b) => b.length)).toEqual([25, 1, 1, 5]);
    expect(sent[1]![0]!.PutRequest!.Item).toEqual({ id: 'i24' });
  });

  it('stops after the last attempt, naming how many items are left', async () => {
    const { db, sent } = fakeDb(100);
    await expect(batchWrite(db, 't', items(3), [], { delayMs: 1, maxAttempts: 3 })).rejects.toThrow(new UnprocessedItemsError(1, 3));
    expect(sent).toHaveLength(3);
  });
});

describe('batchGetTables', () => {
  type Asked = Record<string, { Keys: { id: string }[]; ProjectionExpression?: string }>;
  /** A client answering the first `answered` keys of each request and leaving the rest unprocessed (echoing no projection, as dynalite). */
  function batchDb(answered: number) {
    const sent: Asked[] = [];
    let inFlight = 0;
    let most = 0;
    const db = {
      send: async (cmd: { input: { RequestItems: Asked } }) => {
        const asked = cmd.input.RequestItems;
        sent.push(asked);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        const Responses: Record<string, { id: string }[]> = {};
        const UnprocessedKeys: Record<string, { Keys: { id: string }[] }> = {};
        let n = answered;
        for (const [t, { Keys }] of Object.entries(asked)) {
          Responses[t] = Keys.slice(0, Math.max(0, n));
          if (Keys.length > n) UnprocessedKeys[t] = { Keys: Keys.slice(Math.max(0, n)) };
          n -= Keys.length;
        }
        return { Responses, UnprocessedKeys };
      },
    } as unknown as DynamoDBDocumentClient;
    return { db, sent, most: () => most };
  }

  it('splits 150 keys into two requests of 75 sent at once, and asks again for the keys left unprocessed', async () => {
    const { db, sent, most } = batchDb(60);
    const got = await batchGetTables(db, { a: items(120), b: items(30) }, { a: { ProjectionExpression: 'id' } });
    expect(got.a).toHaveLength(120);
    expect(got.b).toHaveLength(30);
    expect(most()).toBe(2);
    expect(sent.slice(0, 2).map((r) => Object.values(r).reduce((n, t) => n + t.Keys.length, 0))).toEqual([75, 75]);
    // The retries carry the projection again although the answer did not echo it.
    for (const r of sent) if (r.a) expect(r.a.ProjectionExpression).toBe('id');
  });
});
