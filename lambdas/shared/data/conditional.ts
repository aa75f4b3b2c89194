/** Conditional writes: the one place that tells a condition that did not hold from a failure. */

/** DynamoDB refused a write because its condition did not hold (another writer moved first). */
export const conditionFailed = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

/** The write's answer, or `otherwise` when its condition did not hold; any other failure is thrown. */
export async function ifHolds<T, U>(write: Promise<T>, otherwise: U): Promise<T | U> {
  try {
    return await write;
  } catch (e) {
    if (conditionFailed(e)) return otherwise;
    throw e;
  }
}
