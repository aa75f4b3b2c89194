import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close().catch(() => {}));

describe('operations and headers', () => {
  it('sends nosniff and a same-origin referrer policy on API answers', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers 400 with a message naming the field for a body of the wrong shape, never 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 42, password: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Invalid body\.(email|password)/);
    const broken = await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
  });

  it('readyz answers 503 once the database is unreachable', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await t.db.destroy();
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The database is not reachable.' });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
