/** batchWrite: batches of 25, unprocessed items retried, and a bound on the attempts. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite, UnprocessedItemsError } from '../../../lambdas/shared/data/batch.js';

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
