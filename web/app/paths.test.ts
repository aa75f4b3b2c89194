import { describe, expect, it } from '@jest/globals';
import { afterLogIn } from './paths';

describe('afterLogIn', () => {
  it('returns to a signed-in page that was asked for, with its query', () => {
    expect(afterLogIn('/home/quotes')).toBe('/home/quotes');
    expect(afterLogIn('/home?property=PROP-1&period=30d')).toBe('/home?property=PROP-1&period=30d');
    expect(afterLogIn('/home')).toBe('/home');
    // Issue 43: a work order's address (a bookmark, a mailed link).
    expect(afterLogIn('/work-orders/WO-D000209')).toBe('/work-orders/WO-D000209');
    expect(afterLogIn('/equipment/AS-D1-001')).toBe('/equipment/AS-D1-001');
    expect(afterLogIn('/invoices/IN-D000377')).toBe('/invoices/IN-D000377');
    expect(afterLogIn('/energy-summary/CUST-1001')).toBe('/energy-summary/CUST-1001');
    expect(afterLogIn('/energy-summary/CUST-1001?from=2026-11-01&to=2026-11-30')).toBe('/energy-summary/CUST-1001?from=2026-11-01&to=2026-11-30');
    expect(afterLogIn('/energy-estimates')).toBe('/energy-estimates');
    expect(afterLogIn('/energy-estimates?device=D-1&pf=0.9')).toBe('/energy-estimates?device=D-1&pf=0.9');
  });

  it('goes to /home for anything else: nothing asked, another page, another site', () => {
    for (const other of [undefined, null, 42, '', '/', '/homestead', '//evil.example/home', '/home//evil.example', '/home\\\\evil', 'https://evil.example/home', '/forgot-password', '/work-orders/', '/work-orders/a/b', '/work-orders//evil.example', '/energy-summary/', '/energy-summary/a/b', '/energy-summary/a?x=//evil.example', '/equipment/', '/equipment/a/b', '/invoices/', '/invoices/a/b', '/energy-estimates/x', '/energy-estimatesx']) {
      expect(afterLogIn(other)).toBe('/home');
    }
  });
});
