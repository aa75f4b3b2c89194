import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { assertUnderLimit, clear, count, hit, limits } from '../../../lambdas/shared/data/rate-limits.js';
import { all, get, put, resetAws } from './fixtures.js';

const db = dynamo();
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => resetAws());

describe('rate limits in the rate-limits table', () => {
  it('counts hits in a fixed window keyed <kind>:<subject>:<windowStart> with its end as TTL', async () => {
    expect(await hit(db, limits.loginPerEmail, 'A@x.test')).toBe(1);
    expect(await hit(db, limits.loginPerEmail, 'a@x.test')).toBe(2);
    const [item] = all('rate-limits');
    const start = nowSeconds() - (nowSeconds() % 900);
    expect(item).toEqual({ key: `login-email:a@x.test:${start}`, hits: 2, expiresAt: start + 900 });
    expect((await count(db, limits.loginPerEmail, 'a@x.test')).hits).toBe(2);
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
    put('rate-limits', { key: 'wrong-code-email:a@x.test:0', hits: 9, expiresAt: nowSeconds() - 1 });
    expect(await count(db, limits.wrongCodePerEmail, 'a@x.test')).toEqual({ hits: 0, retryAfter: 0 });
    await expect(assertUnderLimit(db, limits.wrongCodePerEmail, 'a@x.test')).resolves.toBeUndefined();
    expect(await hit(db, limits.wrongCodePerEmail, 'a@x.test')).toBe(1);
    expect(Number(get('rate-limits', 'wrong-code-email:a@x.test:0')!.expiresAt)).toBeGreaterThan(nowSeconds() + 3500);
  });
});
