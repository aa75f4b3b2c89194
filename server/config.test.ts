import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_STAFF_DOMAINS, isStaffEmail, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));

describe('loadConfig', () => {
  it('gives the embedded defaults for the demo', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir }, { demo: true });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.embeddedDb).toBe(true);
    expect(c.pgliteDir).toBe(path.join(dir, 'db'));
    expect(c.staffDomains).toEqual(DEMO_STAFF_DOMAINS);
    expect(c.tokenTtlSeconds).toBe(12 * 3600);
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('generates the JWT secret once and keeps it in DATA_DIR, readable by the owner only', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir }, { demo: true });
    const b = loadConfig({ DATA_DIR: dir }, { demo: true });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(a.jwtSecret);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', TOKEN_TTL: 'soon', STAFF_DOMAINS: 'a.com' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'TOKEN_TTL']) expect(message).toContain(`${name}:`);
  });

  it('requires STAFF_DOMAINS outside the demo, and JWT_SECRET with DATABASE_URL', () => {
    expect(() => loadConfig({ DATA_DIR: tmp() })).toThrow(/STAFF_DOMAINS: required/);
    expect(() => loadConfig({ STAFF_DOMAINS: 'a.com', DATABASE_URL: 'postgres://h/db' })).toThrow(/JWT_SECRET: required when DATABASE_URL/);
    expect(() => loadConfig({ STAFF_DOMAINS: 'a.com', DATA_DIR: tmp(), PORTAL_ADMIN_EMAIL: 'a@a.com' })).toThrow(/set both or neither/);
  });

  it('parses lists, durations and the first administrator', () => {
    const c = loadConfig(
      {
        STAFF_DOMAINS: ' Provider.com , sister.com ',
        EXCLUDED_CUSTOMER_DOMAINS: 'third.com,third.net',
        TOKEN_TTL: '45m',
        DATABASE_URL: 'postgres://u@h/db',
        JWT_SECRET: 'x'.repeat(40),
        PORTAL_ADMIN_EMAIL: 'First@Provider.com',
        PORTAL_ADMIN_PASSWORD: 'Secret123',
        PUBLIC_URL: 'https://portal.example.com/',
      },
      {},
    );
    expect(c.staffDomains).toEqual(['provider.com', 'sister.com']);
    expect(c.excludedCustomerDomains).toEqual(['third.com', 'third.net']);
    expect(c.tokenTtlSeconds).toBe(2700);
    expect(c.embeddedDb).toBe(false);
    expect(c.portalAdmin).toEqual({ email: 'first@provider.com', password: 'Secret123' });
    expect(c.publicUrl).toBe('https://portal.example.com');
    expect(isStaffEmail(c, 'Someone@SISTER.com')).toBe(true);
    expect(isStaffEmail(c, 'someone@sister.com.evil.net')).toBe(false);
  });
});
