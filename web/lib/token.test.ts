import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { decodeJwt, emailInDomains, isAdministrator, isExpired, refreshDelayMs } from './token';

const b64url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object) => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.sig`;

describe('decodeJwt', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('reads the claims of spec section 3', () => {
    const claims = decodeJwt(jwt({ email: 'a@b.test', name: 'Ann Ünal', exp: 100, BUILDOPS_CUSTOMER_ID: ['C1', 'C2'], userId: 7 }));
    expect(claims).toEqual({
      email: 'a@b.test',
      name: 'Ann Ünal',
      exp: 100,
      iat: null,
      tva: null,
      BUILDOPS_CUSTOMER_ID: ['C1', 'C2'],
      userId: '7',
      groups: [],
      emailVerified: false,
      mfa: null,
    });
  });

  it("reads the pool's groups, email_verified and the mfa claim", () => {
    const claims = decodeJwt(jwt({ email: 'a@b.test', exp: 1, 'cognito:groups': ['staff'], email_verified: true, mfa: '0' }));
    expect(claims).toMatchObject({ groups: ['staff'], emailVerified: true, mfa: '0' });
  });

  it("reads the ID token's userId, a uuid string, as it is", () => {
    const userId = '0b6f1a2e-8c1d-4f7a-9a51-3f2b8e6d4c10';
    expect(decodeJwt(jwt({ email: 'a@b.test', exp: 1, BUILDOPS_CUSTOMER_ID: 'C9', userId }))?.userId).toBe(userId);
    expect(decodeJwt(jwt({ email: 'a@b.test', exp: 1, userId: '' }))?.userId).toBeNull();
    expect(decodeJwt(jwt({ email: 'a@b.test', exp: 1 }))?.userId).toBeNull();
  });

  it('takes a single customer id as a one-item list', () => {
    expect(decodeJwt(jwt({ email: 'a@b.test', exp: 1, BUILDOPS_CUSTOMER_ID: 'C9' }))?.BUILDOPS_CUSTOMER_ID).toEqual(['C9']);
    expect(decodeJwt(jwt({ email: 'a@b.test', exp: 1 }))?.BUILDOPS_CUSTOMER_ID).toEqual([]);
  });

  it.each(['', 'garbage', 'a.b', 'a.!!!.c', `x.${b64url('[1]')}.y`, `x.${b64url('{"email":"a@b"}')}.y`])(
    "logs 'Failed to decode JWT:' and yields null for %j",
    (token) => {
      const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
      expect(decodeJwt(token)).toBeNull();
      expect(spy).toHaveBeenCalledWith('Failed to decode JWT:', expect.anything());
    },
  );
});

describe('isExpired', () => {
  it('is true when exp (seconds) is not after now', () => {
    expect(isExpired({ exp: 100 }, 100_000)).toBe(true);
    expect(isExpired({ exp: 100 }, 99_999)).toBe(false);
  });
});

describe('emailInDomains', () => {
  it('matches the whole domain, case-insensitively', () => {
    expect(emailInDomains('Admin@Example-HVAC.com', ['example-hvac.com'])).toBe(true);
    expect(emailInDomains('a@notexample-hvac.com', ['example-hvac.com'])).toBe(false);
    expect(emailInDomains('a@example-hvac.com.evil', ['example-hvac.com'])).toBe(false);
    expect(emailInDomains('no-at-sign', ['example-hvac.com'])).toBe(false);
  });
});

describe('isAdministrator', () => {
  const admin = { email: 'boss@example-hvac.com', groups: ['staff'], emailVerified: true };
  it('needs the staff group, a verified email and a staff domain, as the API does', () => {
    expect(isAdministrator(admin, ['example-hvac.com'])).toBe(true);
    expect(isAdministrator({ ...admin, groups: [] }, ['example-hvac.com'])).toBe(false);
    expect(isAdministrator({ ...admin, emailVerified: false }, ['example-hvac.com'])).toBe(false);
    expect(isAdministrator({ ...admin, email: 'boss@customer.test' }, ['example-hvac.com'])).toBe(false);
  });
});

describe('refreshDelayMs', () => {
  const now = 1_000_000_000_000;
  const s = now / 1000;
  it('refreshes an hour-long token two minutes before it expires', () => {
    expect(refreshDelayMs({ iat: s, exp: s + 3600 }, now)).toBe(3600_000 - 120_000);
  });
  it('refreshes a short-lived token a quarter of its lifetime before', () => {
    expect(refreshDelayMs({ iat: s, exp: s + 60 }, now)).toBe(45_000);
  });
  it('without iat, two minutes before; past that point, at once', () => {
    expect(refreshDelayMs({ iat: null, exp: s + 600 }, now)).toBe(480_000);
    expect(refreshDelayMs({ iat: s - 3600, exp: s + 60 }, now)).toBe(0);
  });
});
