/** The API refuses requests that did not come through CloudFront (the x-origin-verify header). */
import { handler as getConfig } from '../../../lambdas/config/get-config.js';
import { NOT_THROUGH_PORTAL } from '../../../lambdas/shared/platform/http.js';
import { viaPortal, viewerAddress } from '../../../lambdas/shared/platform/middleware.js';
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

describe('viewerAddress: the address per-address limits count', () => {
  const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') => apiEvent({ route: 'POST /api/users/login', headers, sourceIp });

  it('is the viewer CloudFront names once the origin check passed (IPv4 and IPv6, with their ports)', () => {
    expect(viewerAddress(event({ 'x-origin-verify': 'secret', 'cloudfront-viewer-address': '203.0.113.7:51234' }), 'secret')).toBe('203.0.113.7');
    expect(viewerAddress(event({ 'x-origin-verify': 'secret', 'CloudFront-Viewer-Address': '2001:DB8::7:443' }), 'secret')).toBe('2001:db8::7');
    expect(viewerAddress(event({ 'x-origin-verify': 'secret', 'cloudfront-viewer-address': '[2001:db8::8]:443' }), 'secret')).toBe('2001:db8::8');
  });

  it('ignores the header without the origin secret, or with a wrong one: the connection counts', () => {
    expect(viewerAddress(event({ 'cloudfront-viewer-address': '203.0.113.7:51234' }), undefined)).toBe('130.176.1.1');
    expect(viewerAddress(event({ 'cloudfront-viewer-address': '203.0.113.7:51234' }), 'secret')).toBe('130.176.1.1');
    expect(viewerAddress(event({ 'x-origin-verify': 'guess', 'cloudfront-viewer-address': '203.0.113.7:51234' }), 'secret')).toBe('130.176.1.1');
  });

  it('falls back to the connection when the header is missing or not an address', () => {
    expect(viewerAddress(event({ 'x-origin-verify': 'secret' }), 'secret')).toBe('130.176.1.1');
    for (const bad of ['', 'unknown', '203.0.113.7, 10.0.0.1', '999.1.1.1:80', 'a:b:c']) {
      expect(viewerAddress(event({ 'x-origin-verify': 'secret', 'cloudfront-viewer-address': bad }), 'secret')).toBe('130.176.1.1');
    }
  });
});
