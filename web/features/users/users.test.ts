import { describe, expect, it } from '@jest/globals';
import { generatePassword, GENERATED_PASSWORD_LENGTH } from './password';
import { isStaffEmail, matchesSearch } from './staff';

describe('generatePassword', () => {
  it('is 12 characters with a lowercase letter, an uppercase letter, a digit and a symbol, every time', () => {
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
      expect(p).not.toMatch(/\s/);
    }
  });
  it('differs from call to call', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });
  it('rejects random words above the unbiased limit instead of folding them', () => {
    // The first draw is the largest 32-bit value, which lies above every limit and must be skipped.
    const draws = [0xffffffff, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let n = 0;
    const fill = (a: Uint32Array) => {
      a[0] = draws[n++] ?? 0;
      return a;
    };
    const p = generatePassword(4, fill);
    expect(n).toBeGreaterThan(4);
    expect(p).toHaveLength(4);
  });
});

describe('isStaffEmail', () => {
  const domains = ['example-hvac.com', 'example-services.com'];
  it('matches the domain exactly, ignoring case and spaces', () => {
    expect(isStaffEmail('Admin@Example-HVAC.com ', domains)).toBe(true);
    expect(isStaffEmail('support@example-services.com', domains)).toBe(true);
  });
  it('does not match look-alike or sub domains, or text without @', () => {
    expect(isStaffEmail('x@notexample-hvac.com', domains)).toBe(false);
    expect(isStaffEmail('x@mail.example-hvac.com', domains)).toBe(false);
    expect(isStaffEmail('example-hvac.com', domains)).toBe(false);
  });
});

describe('matchesSearch', () => {
  it('is a case-insensitive substring match over any field; empty matches all', () => {
    expect(matchesSearch('NORTH', 'facilities@northwind.test')).toBe(true);
    expect(matchesSearch('dana', 'x@y', 'Dana Facilities')).toBe(true);
    expect(matchesSearch('zzz', 'x@y', null)).toBe(false);
    expect(matchesSearch('  ', 'anything')).toBe(true);
  });
});
