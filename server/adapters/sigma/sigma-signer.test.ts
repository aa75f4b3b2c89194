import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { sigmaAcceptsEmail, signSigmaUrl, SigmaEmailError, type SigmaConfig } from './sigma-signer.js';

const sigma: SigmaConfig = {
  clientId: 'a1b2c3-client',
  secret: 'embed-secret-from-sigma-admin',
  sessionSeconds: 7200,
  accountType: 'Embed Viewer',
  teams: ['customers', 'hvac'],
  customerAttribute: 'customer_ids',
  propertyAttribute: 'property_ids',
};
const base = 'https://app.sigmacomputing.com/acme/workbook/Dashboard-3xYz';
const jwtOf = (url: string) => /[?&]:jwt=([^&]+)/.exec(url)![1]!;

describe('signSigmaUrl', () => {
  it('signs an HS256 JWT with kid = client id and every claim Sigma expects', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const { url, expiresAt } = await signSigmaUrl(sigma, { frameUrl: base, email: 'dana@northwind.test', customerIds: ['CUST-1', 'CUST-2'], propertyIds: ['P-1', 'P-2', 'P-3'] }, now);
    expect(url.startsWith(`${base}?:jwt=`)).toBe(true);
    expect(url.endsWith('&:embed=true')).toBe(true);
    const jwt = jwtOf(url);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'a1b2c3-client' });
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(sigma.secret), { algorithms: ['HS256'], currentDate: new Date(now) });
    expect(payload).toEqual({
      sub: 'dana@northwind.test',
      iss: 'a1b2c3-client',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: now / 1000,
      exp: now / 1000 + 7200,
      ver: '1.1',
      aud: 'sigmacomputing',
      account_type: 'Embed Viewer',
      teams: ['customers', 'hvac'],
      user_attributes: { customer_ids: 'CUST-1,CUST-2', property_ids: 'P-1,P-2,P-3' },
    });
    expect(expiresAt).toBe(new Date(now + 7200e3).toISOString());
  });

  it('fails verification with a tampered secret or a tampered payload', async () => {
    const { url } = await signSigmaUrl(sigma, { frameUrl: base, email: 'dana@northwind.test', customerIds: ['C'], propertyIds: ['P'] });
    const jwt = jwtOf(url);
    await expect(jwtVerify(jwt, new TextEncoder().encode(`${sigma.secret}x`))).rejects.toThrow(/signature/);
    const [h, p, s] = jwt.split('.');
    const wider = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), user_attributes: { customer_ids: 'C,OTHER' } })).toString('base64url');
    await expect(jwtVerify(`${h}.${wider}.${s}`, new TextEncoder().encode(sigma.secret))).rejects.toThrow(/signature/);
  });

  it('gives every URL a fresh jti (embed URLs are single-use) and leaves out unset account type and teams', async () => {
    const bare = { ...sigma, accountType: undefined, teams: [] };
    const a = await signSigmaUrl(bare, { frameUrl: base, email: 'a@b.co', customerIds: [], propertyIds: [] });
    const b = await signSigmaUrl(bare, { frameUrl: base, email: 'a@b.co', customerIds: [], propertyIds: [] });
    const pa = (await jwtVerify(jwtOf(a.url), new TextEncoder().encode(sigma.secret))).payload;
    const pb = (await jwtVerify(jwtOf(b.url), new TextEncoder().encode(sigma.secret))).payload;
    expect(pa.jti).not.toBe(pb.jti);
    expect(pa).not.toHaveProperty('account_type');
    expect(pa).not.toHaveProperty('teams');
  });

  it('keeps only the optional parameters Sigma allows from the configured URL', async () => {
    const { url } = await signSigmaUrl(sigma, {
      frameUrl: `${base}?:theme=Dark Mode&:hide_menu=true&:jwt=forged&:embed=false&other=1&:responsive_height=true`,
      email: 'a@b.co',
      customerIds: [],
      propertyIds: [],
    });
    expect(url.replace(/:jwt=[^&]+/, ':jwt=T')).toBe(`${base}?:jwt=T&:embed=true&:theme=Dark%20Mode&:hide_menu=true&:responsive_height=true`);
  });

  it('refuses an email Sigma cannot take as sub', async () => {
    for (const email of ["o'brien@customer.test", 'a@localhost', 'x y@b.co', 'a..b@b.co']) {
      expect(sigmaAcceptsEmail(email), email).toBe(false);
      await expect(signSigmaUrl(sigma, { frameUrl: base, email, customerIds: [], propertyIds: [] })).rejects.toBeInstanceOf(SigmaEmailError);
    }
    expect(sigmaAcceptsEmail('first.last+tag@sub.example.co.uk')).toBe(true);
  });
});
