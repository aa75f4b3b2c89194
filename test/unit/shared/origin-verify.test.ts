/** The API refuses requests that did not come through CloudFront (the x-origin-verify header). */
import { handler as getConfig } from '../../../lambdas/config/get-config.js';
import { NOT_THROUGH_PORTAL } from '../../../lambdas/shared/http.js';
import { viaPortal } from '../../../lambdas/shared/middleware.js';
import { apiEvent, json } from '../support/events.js';

describe('viaPortal', () => {
  it('lets every request pass where no value is set (the local stack)', () => {
    expect(viaPortal({}, undefined)).toBe(true);
    expect(viaPortal({ 'x-origin-verify': 'anything' }, '')).toBe(true);
  });

  it('wants the exact value, under any letter case of the header name', () => {
    expect(viaPortal({ 'x-origin-verify': 'abc123' }, 'abc123')).toBe(true);
    expect(viaPortal({ 'X-Origin-Verify': 'abc123' }, 'abc123')).toBe(true);
    expect(viaPortal({ 'x-origin-verify': 'abc124' }, 'abc123')).toBe(false);
    expect(viaPortal({ 'x-origin-verify': 'abc1234' }, 'abc123')).toBe(false);
    expect(viaPortal({ 'x-origin-verify': '' }, 'abc123')).toBe(false);
    expect(viaPortal({}, 'abc123')).toBe(false);
  });
});

describe('a public route with ORIGIN_VERIFY set', () => {
  const saved = process.env.ORIGIN_VERIFY;
  beforeAll(() => (process.env.ORIGIN_VERIFY = 'from-cloudfront'));
  afterAll(() => (saved === undefined ? delete process.env.ORIGIN_VERIFY : (process.env.ORIGIN_VERIFY = saved)));

  it('answers 403 to a request sent past CloudFront', async () => {
    const r = await getConfig(apiEvent({ route: 'GET /api/config' }));
    expect(r.statusCode).toBe(403);
    expect(json(r).error).toBe(NOT_THROUGH_PORTAL);
  });

  it('answers a request carrying the value', async () => {
    const r = await getConfig(apiEvent({ route: 'GET /api/config', headers: { 'x-origin-verify': 'from-cloudfront' } }));
    expect(r.statusCode).toBe(200);
  });
});
