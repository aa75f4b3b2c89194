import { describe, expect, it } from '@jest/globals';
import { choiceOf, customRangeProblem, periodDays, periodFromSearch, presetPeriod, PRESETS, searchWithPeriod } from './period';
import { formatPeriod } from '../../embed/format';

const NOW = new Date(Date.UTC(2026, 10, 25, 22, 30)); // 25 Nov 2026, late evening UTC

describe('the period presets', () => {
  it('resolve to inclusive UTC dates ending today', () => {
    expect(presetPeriod('last-30-days', NOW)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetPeriod('last-90-days', NOW)).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(presetPeriod('last-12-months', NOW)).toEqual({ from: '2025-11-26', to: '2026-11-25' });
    expect(presetPeriod('year-to-date', NOW)).toEqual({ from: '2026-01-01', to: '2026-11-25' });
    expect(presetPeriod('last-year', NOW)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetPeriod('all-time', NOW)).toBeNull();
    expect(presetPeriod('last-12-months', new Date(Date.UTC(2028, 1, 29)))).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });
  it('are named again when the dates match one; other dates are a custom range', () => {
    expect(choiceOf(null, NOW)).toBe('all-time');
    expect(choiceOf({ from: '2026-08-28', to: '2026-11-25' }, NOW)).toBe('last-90-days');
    expect(choiceOf({ from: '2025-01-01', to: '2025-12-31' }, NOW)).toBe('last-year');
    expect(choiceOf({ from: '2026-08-28', to: '2026-11-24' }, NOW)).toBe('custom');
  });
  it('offer the last 7 days only to a screen that asks for it (the energy summary), not to the reports', () => {
    expect(presetPeriod('last-7-days', NOW)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(PRESETS).not.toContain('last-7-days');
    expect(choiceOf({ from: '2026-11-19', to: '2026-11-25' }, NOW)).toBe('custom');
    expect(choiceOf({ from: '2026-11-19', to: '2026-11-25' }, NOW, ['last-7-days', 'last-30-days'])).toBe('last-7-days');
    expect(choiceOf({ from: '2026-08-28', to: '2026-11-25' }, NOW, ['last-7-days', 'last-30-days'])).toBe('custom');
  });
});

describe('the period in the address', () => {
  const read = (q: string) => periodFromSearch(new URLSearchParams(q));
  it('reads ?from=&to= as a period', () => {
    expect(read('')).toEqual({ period: null, invalid: false });
    expect(read('property=P1')).toEqual({ period: null, invalid: false });
    expect(read('property=P1&from=2026-09-01&to=2026-11-30')).toEqual({ period: { from: '2026-09-01', to: '2026-11-30' }, invalid: false });
    expect(read('from=2026-09-01&to=2026-09-01')).toEqual({ period: { from: '2026-09-01', to: '2026-09-01' }, invalid: false });
  });
  it('ignores (and marks for cleaning) dates that are not a period', () => {
    for (const q of ['from=2026-09-01', 'to=2026-09-01', 'from=2026-02-30&to=2026-03-01', 'from=2026-11-30&to=2026-09-01', 'from=yesterday&to=today', 'from=2010-01-01&to=2026-01-01', 'from=&to='])
      expect(read(q)).toEqual({ period: null, invalid: true });
  });
  it('writes the period beside the other parameters, or removes it', () => {
    const params = new URLSearchParams('property=P1&from=2020-01-01&to=2020-02-01');
    expect(searchWithPeriod(params, { from: '2026-09-01', to: '2026-11-30' })).toBe('?property=P1&from=2026-09-01&to=2026-11-30');
    expect(searchWithPeriod(params, null)).toBe('?property=P1');
    expect(searchWithPeriod(new URLSearchParams('from=x'), null)).toBe('');
  });
});

describe('a custom range', () => {
  it('needs two dates in order, at most ten years apart', () => {
    expect(customRangeProblem('2026-09-01', '2026-11-30')).toBeNull();
    expect(customRangeProblem('', '2026-11-30')).toBe('missing');
    expect(customRangeProblem('2026-11-30', '2026-09-01')).toBe('order');
    expect(customRangeProblem('2010-01-01', '2026-01-01')).toBe('too-long');
  });
  it('counts its days with both ends, and a screen may allow fewer than ten years', () => {
    expect(periodDays({ from: '2026-11-01', to: '2026-11-01' })).toBe(1);
    expect(periodDays({ from: '2026-10-01', to: '2026-10-31' })).toBe(31);
    expect(periodDays({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
    expect(customRangeProblem('2026-10-01', '2026-10-31', 31)).toBeNull();
    expect(customRangeProblem('2026-10-01', '2026-11-01', 31)).toBe('too-long');
    expect(customRangeProblem('2026-11-01', '2026-10-01', 31)).toBe('order');
  });
  it('is captioned on the pages as day, short month and year', () => {
    expect(formatPeriod({ from: '2026-09-01', to: '2026-11-30' })).toBe('1 Sep 2026 – 30 Nov 2026');
    expect(formatPeriod({ from: '2026-09-01', to: '2026-09-01' })).toBe('1 Sep 2026');
  });
});
