/** The public routes' request authorizer (lambdas/gateway/origin-authorizer.ts): CloudFront's origin secret, compared in constant time. */
import { authorize, handler } from '../../../lambdas/gateway/origin-authorizer.js';
import { sameSecret } from '../../../lambdas/shared/platform/origin-verify.js';

const event = (value?: string) => ({
  type: 'REQUEST',
  identitySource: value === undefined ? null : [value],
  headers: value === undefined ? {} : { 'x-origin-verify': value },
});
const env = { ORIGIN_VERIFY: 'from-cloudfront-0123456789' } as NodeJS.ProcessEnv;

describe('the origin authorizer', () => {
  it('authorizes the value CloudFront sends', () => {
    expect(authorize(event('from-cloudfront-0123456789'), env)).toEqual({ isAuthorized: true });
  });

  it('refuses a wrong value of the same length, a different length, an empty and a missing one', () => {
    expect(authorize(event('from-cloudfront-0123456780'), env)).toEqual({ isAuthorized: false });
    expect(authorize(event('from-cloudfront-01234567890'), env)).toEqual({ isAuthorized: false });
    expect(authorize(event('from-cloudfront'), env)).toEqual({ isAuthorized: false });
    expect(authorize(event(''), env)).toEqual({ isAuthorized: false });
    expect(authorize(event(undefined), env)).toEqual({ isAuthorized: false });
    expect(authorize({}, env)).toEqual({ isAuthorized: false });
  });

  it('reads the header under any letter case, or the identity source when headers are absent', () => {
    expect(authorize({ headers: { 'X-Origin-Verify': 'from-cloudfront-0123456789' } }, env)).toEqual({ isAuthorized: true });
    expect(authorize({ identitySource: ['from-cloudfront-0123456789'] }, env)).toEqual({ isAuthorized: true });
  });

  it('during a rotation accepts the previous value too, and nothing else', () => {
    const rotating = { ORIGIN_VERIFY: 'new-value-abcdef', ORIGIN_VERIFY_PREVIOUS: 'old-value-abcdef' } as NodeJS.ProcessEnv;
    expect(authorize(event('new-value-abcdef'), rotating).isAuthorized).toBe(true);
    expect(authorize(event('old-value-abcdef'), rotating).isAuthorized).toBe(true);
    expect(authorize(event('older-value-abcd'), rotating).isAuthorized).toBe(false);
  });

  it('fails (API Gateway answers 500) rather than letting everyone in when no value is configured', () => {
    expect(() => authorize(event('anything'), {} as NodeJS.ProcessEnv)).toThrow('ORIGIN_VERIFY is not set');
  });

  it('is the Lambda handler, reading ORIGIN_VERIFY from its environment', async () => {
    const saved = process.env.ORIGIN_VERIFY;
    process.env.ORIGIN_VERIFY = 'handler-value-42';
    try {
      await expect(handler(event('handler-value-42'))).resolves.toEqual({ isAuthorized: true });
      await expect(handler(event('handler-value-43'))).resolves.toEqual({ isAuthorized: false });
    } finally {
      if (saved === undefined) delete process.env.ORIGIN_VERIFY;
      else process.env.ORIGIN_VERIFY = saved;
    }
  });
});

describe('sameSecret', () => {
  it('is exact: same bytes and same length', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abd', 'abc')).toBe(false);
    expect(sameSecret('abcd', 'abc')).toBe(false);
    expect(sameSecret(undefined, 'abc')).toBe(false);
    expect(sameSecret('é', 'e\u0301')).toBe(false);
  });
});
