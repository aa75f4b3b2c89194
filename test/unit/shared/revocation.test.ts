import { revoked } from '../../../lambdas/shared/platform/middleware.js';

describe('revoked: tokens from before the last password change', () => {
  const change = Date.parse('2026-11-23T10:00:00.500Z');
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

  it('refuses a token stamped with an older tokensValidAfter', () => {
    expect(revoked({ tva: '0', auth_time: at('2026-11-23T10:00:01Z') }, change)).toBe(true);
    expect(revoked({ auth_time: at('2026-11-23T10:00:01Z') }, change)).toBe(true);
  });

  it('refuses a refreshed token (fresh tva) of a session signed in a second or more before the change', () => {
    expect(revoked({ tva: String(change), auth_time: at('2026-11-23T09:59:59Z') }, change)).toBe(true);
  });

  it('accepts a session signed in after the change, also within the same second', () => {
    expect(revoked({ tva: String(change), auth_time: at('2026-11-23T10:00:00.900Z') }, change)).toBe(false);
    expect(revoked({ tva: String(change), auth_time: at('2026-11-23T10:05:00Z') }, change)).toBe(false);
  });

  it('accepts any token of an account whose password never changed', () => {
    expect(revoked({ tva: '0', auth_time: at('2020-01-01T00:00:00Z') }, 0)).toBe(false);
    expect(revoked({}, 0)).toBe(false);
  });
});
