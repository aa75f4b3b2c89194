import { jest } from '@jest/globals';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { assertUnderLimit, clear, count, hit, limits } from '../../../lambdas/shared/data/rate-limits.js';
import { all, get, put, resetAws } from './fixtures.js';

const db = dynamo();
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => resetAws());
afterEach(() => jest.restoreAllMocks());

/** Runs `fn` with the clock at `seconds` (epoch). */
const at = <T>(seconds: number, fn: () => Promise<T>) => {
  jest.spyOn(Date, 'now').mockReturnValue(seconds * 1000);
  return fn();
};

describe('rate limits in the rate-limits table', () => {
  it("counts hits in a window keyed <kind>:<subject> that starts at the subject's first hit, its end as TTL", async () => {
    // A quarter-hour boundary between the hits does not empty the counter: the window is the subject's own.
    const first = 1_800_000_000 - 30;
    expect(await at(first, () => hit(db, limits.loginPerEmail, 'A@x.test'))).toBe(1);
    expect(await at(first + 60, () => hit(db, limits.loginPerEmail, 'a@x.test'))).toBe(2);
    expect(all('rate-limits')).toEqual([{ key: 'login-email:a@x.test', hits: 2, expiresAt: first + 900 }]);
    expect(await at(first + 899, () => count(db, limits.loginPerEmail, 'a@x.test'))).toEqual({ hits: 2, retryAfter: 1 });
    // Past its end the counter is absent, and the next hit starts a new window from one.
    expect(await at(first + 900, () => count(db, limits.loginPerEmail, 'a@x.test'))).toEqual({ hits: 0, retryAfter: 0 });
    expect(await at(first + 1000, () => hit(db, limits.loginPerEmail, 'a@x.test'))).toBe(1);
    expect(get('rate-limits', 'login-email:a@x.test')).toEqual({ key: 'login-email:a@x.test', hits: 1, expiresAt: first + 1900 });
  });

  it('moves a sliding window on at every hit', async () => {
    const first = 1_800_000_000;
    await at(first, () => hit(db, limits.wrongCodePerEmail, 'a@x.test'));
    expect(await at(first + 3000, () => hit(db, limits.wrongCodePerEmail, 'a@x.test'))).toBe(2);
    expect(get('rate-limits', 'wrong-code-email:a@x.test')).toMatchObject({ hits: 2, expiresAt: first + 3000 + 3600 });
  });

  it('throws 429 with Retry-After once the window is used up, and not after clear', async () => {
    for (let i = 0; i < limits.codeRequestPerEmail.max; i++) await hit(db, limits.codeRequestPerEmail, 'a@x.test');
    const err = await assertUnderLimit(db, limits.codeRequestPerEmail, 'a@x.test').catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 429, message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number((err as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(0);
    await clear(db, limits.codeRequestPerEmail, 'a@x.test');
    await expect(assertUnderLimit(db, limits.codeRequestPerEmail, 'a@x.test')).resolves.toBeUndefined();
  });

  it('treats an item past its expiresAt as absent (TTL deletes late); a sliding counter starts again', async () => {
    put('rate-limits', { key: 'wrong-code-email:a@x.test', hits: 9, expiresAt: nowSeconds() - 1 });
    expect(await count(db, limits.wrongCodePerEmail, 'a@x.test')).toEqual({ hits: 0, retryAfter: 0 });
    await expect(assertUnderLimit(db, limits.wrongCodePerEmail, 'a@x.test')).resolves.toBeUndefined();
    expect(await hit(db, limits.wrongCodePerEmail, 'a@x.test')).toBe(1);
    expect(Number(get('rate-limits', 'wrong-code-email:a@x.test')!.expiresAt)).toBeGreaterThan(nowSeconds() + 3500);
  });
});
