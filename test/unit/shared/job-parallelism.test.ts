/** eachAtMost (lambdas/shared/platform/job-parallelism.ts): every item once, never more than the limit in flight. */
import { eachAtMost } from '../../../lambdas/shared/platform/job-parallelism.js';

describe('eachAtMost', () => {
  it('runs every item once with at most `limit` in flight, and waits for the last', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtMost(Array.from({ length: 20 }, (_, i) => i), 4, async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, (i % 3) * 5));
      seen.push(i);
      inFlight--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('handles fewer items than the limit, and none', async () => {
    const seen: string[] = [];
    await eachAtMost(['a', 'b'], 8, async (x) => void seen.push(x));
    expect(seen).toEqual(['a', 'b']);
    await eachAtMost([], 8, async () => void seen.push('never'));
    expect(seen).toEqual(['a', 'b']);
  });
});
