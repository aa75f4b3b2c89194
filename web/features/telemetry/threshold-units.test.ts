import { describe, expect, it } from '@jest/globals';
import type { RuleThreshold } from '../../../lambdas/shared/contract/answers/alerts';
import { changedRules, limitFromDisplay, limitToDisplay, roundTenth, rowOf, rowProblem, type ThresholdRow } from './threshold-units';

const rule = (over: Partial<RuleThreshold>): RuleThreshold => ({
  kind: 'air',
  rule: 'supply-warm',
  forMinutes: 15,
  limit: 2.8,
  unit: 'delta-c',
  defaultForMinutes: 15,
  defaultLimit: 2.8,
  on: true,
  defaultOn: true,
  ...over,
});
const signal = (over: Partial<RuleThreshold>) => rule({ rule: 'drift', unit: 'pct', forMinutes: 0, limit: 15, defaultForMinutes: 0, defaultLimit: 15, on: false, defaultOn: false, ...over });

describe('limitToDisplay', () => {
  it('shows a °C difference as a °F difference (×9/5), a temperature in °F (×9/5+32) and amperes as they are, to 0.1', () => {
    expect(limitToDisplay('delta-c', 5)).toBe(9);
    expect(limitToDisplay('delta-c', 2.8)).toBe(5);
    expect(limitToDisplay('c', 10)).toBe(50);
    expect(limitToDisplay('c', 0)).toBe(32);
    expect(limitToDisplay('c', -40)).toBe(-40);
    expect(limitToDisplay('c', 12.8)).toBe(55);
    expect(limitToDisplay('a', 42.25)).toBe(42.3);
  });

  it('shows no limit for a rule without one (not reporting)', () => {
    expect(limitToDisplay('none', 0)).toBeNull();
  });
});

describe('limitFromDisplay', () => {
  it('converts back to the server unit, to 0.001', () => {
    expect(limitFromDisplay('delta-c', 9)).toBe(5);
    expect(limitFromDisplay('delta-c', 5)).toBe(2.778);
    expect(limitFromDisplay('delta-c', 12)).toBe(6.667);
    expect(limitFromDisplay('c', 50)).toBe(10);
    expect(limitFromDisplay('c', 55)).toBe(12.778);
    expect(limitFromDisplay('c', 32)).toBe(0);
    expect(limitFromDisplay('a', 30.04)).toBe(30.04);
    expect(limitFromDisplay('none', 12)).toBe(0);
  });

  it('never gives -0', () => {
    expect(Object.is(limitFromDisplay('c', 31.9999), 0)).toBe(true);
    expect(Object.is(roundTenth(-0.01), 0)).toBe(true);
  });

  it.each(['delta-c', 'c', 'a'] as const)('gives back what was typed: every shown limit of 0.1 steps saved and shown again is the same (%s)', (unit) => {
    for (let tenths = -580; tenths <= 18000; tenths++) {
      const shown = tenths / 10;
      expect([shown, limitToDisplay(unit, limitFromDisplay(unit, shown))]).toEqual([shown, shown]);
    }
  });
});

describe('rowProblem', () => {
  const row = (forMinutes: string, limit: string, over: Partial<RuleThreshold> = {}): ThresholdRow => ({ rule: rule(over), forMinutes, limit, on: true, minOnMinutes: '' });

  it('accepts whole minutes 0-1440 and a number limit', () => {
    expect(rowProblem(row('0', '5'))).toBeNull();
    expect(rowProblem(row('1440', '-3.5'))).toBeNull();
  });

  it.each([['', '5'], ['1.5', '5'], ['-1', '5'], ['1441', '5'], ['abc', '5']])('refuses the minutes %j', (m, l) => {
    expect(rowProblem(row(m, l))).toBe('minutes');
  });

  it('refuses a missing or non-number limit, and one beyond the server bounds in °C', () => {
    expect(rowProblem(row('15', ''))).toBe('limit');
    expect(rowProblem(row('15', 'x'))).toBe('limit');
    // -58 °F is -50 °C, the server's lowest; -58.2 °F is -50.1 °C.
    expect(rowProblem(row('15', '-58', { unit: 'c' }))).toBeNull();
    expect(rowProblem(row('15', '-58.2', { unit: 'c' }))).toBe('limit');
    expect(rowProblem(row('15', '1001', { unit: 'a' }))).toBe('limit');
  });

  it('needs no limit for a rule without one', () => {
    expect(rowProblem(row('60', '', { rule: 'stale', unit: 'none', limit: 0, defaultLimit: 0 }))).toBeNull();
  });
});

describe('changedRules', () => {
  it('sends nothing for rows at their defaults, also after the limit went through °F', () => {
    const rows = [rule({}), rule({ kind: 'chiller', rule: 'chilled-water-warm', unit: 'c', limit: 12.78, defaultLimit: 12.78 }), rule({ rule: 'stale', unit: 'none', forMinutes: 30, limit: 0, defaultForMinutes: 30, defaultLimit: 0 })].map(rowOf);
    expect(changedRules(rows)).toEqual([]);
  });

  it('sends only the rows that differ, with limits in °C to 0.001', () => {
    const rows = [rowOf(rule({})), rowOf(rule({ kind: 'chiller', rule: 'chilled-water-warm', unit: 'c', limit: 10, defaultLimit: 10 })), rowOf(rule({ rule: 'stale', unit: 'none', forMinutes: 30, limit: 0, defaultForMinutes: 30, defaultLimit: 0 }))];
    rows[1] = { ...rows[1]!, limit: '55' };
    rows[2] = { ...rows[2]!, forMinutes: '45' };
    expect(changedRules(rows)).toEqual([
      { kind: 'chiller', rule: 'chilled-water-warm', forMinutes: 15, limit: 12.778 },
      { kind: 'air', rule: 'stale', forMinutes: 45, limit: 0 },
    ]);
  });

  it('keeps an adjustment already saved, and drops one typed back to the default', () => {
    const saved = rowOf(rule({ forMinutes: 20, limit: 3.3 }));
    expect(changedRules([saved])).toEqual([{ kind: 'air', rule: 'supply-warm', forMinutes: 20, limit: 3.3 }]);
    expect(changedRules([{ ...saved, forMinutes: '15', limit: '5' }])).toEqual([]);
    expect(changedRules([{ ...saved, limit: '12' }])).toEqual([{ kind: 'air', rule: 'supply-warm', forMinutes: 20, limit: 6.667 }]);
  });
});

describe('the signal rules (off by default)', () => {
  it('an untouched signal rule sends nothing; turned on it is sent with on: true, turned back off with on: false', () => {
    const off = rowOf(signal({}));
    expect(off.on).toBe(false);
    expect(changedRules([off])).toEqual([]);
    expect(changedRules([{ ...off, on: true }])).toEqual([{ kind: 'air', rule: 'drift', forMinutes: 0, limit: 15, on: true }]);
    expect(changedRules([{ ...rowOf(signal({ on: true })), on: false }])).toEqual([]);
    expect(changedRules([{ ...off, on: true, limit: '25' }])).toEqual([{ kind: 'air', rule: 'drift', forMinutes: 0, limit: 25, on: true }]);
  });
  it('checks their own bounds: whole starts a day 1–100, drift 1–500 %, ΔT for at least 30 minutes', () => {
    const starts = rowOf(signal({ rule: 'short-cycling', unit: 'per-day', limit: 6, defaultLimit: 6 }));
    expect(rowProblem(starts)).toBeNull();
    expect(rowProblem({ ...starts, limit: '6.5' })).toBe('limit');
    expect(rowProblem({ ...starts, limit: '0' })).toBe('limit');
    expect(rowProblem({ ...rowOf(signal({})), limit: '501' })).toBe('limit');
    const deltaT = rowOf(signal({ rule: 'delta-t', unit: 'none', forMinutes: 120, limit: 0, defaultForMinutes: 120, defaultLimit: 0 }));
    expect(rowProblem(deltaT)).toBeNull();
    expect(rowProblem({ ...deltaT, forMinutes: '20' })).toBe('minutes');
    expect(limitToDisplay('pct', 15)).toBe(15);
    expect(limitFromDisplay('per-day', 6)).toBe(6);
  });  it("short cycling's median on-time: whole minutes 1–60 (the server's rule), sent with the row when anything of it differs", () => {
    const starts = rowOf(signal({ rule: 'short-cycling', unit: 'per-day', limit: 6, defaultLimit: 6, minOnMinutes: 8, defaultMinOnMinutes: 8 }));
    expect(starts.minOnMinutes).toBe('8');
    expect(rowOf(signal({})).minOnMinutes).toBe('');
    expect(rowProblem(starts)).toBeNull();
    for (const bad of ['', '0', '61', '7.5', 'x']) expect(rowProblem({ ...starts, minOnMinutes: bad })).toBe('onMinutes');
    expect(rowProblem({ ...starts, minOnMinutes: '60' })).toBeNull();
    expect(changedRules([starts])).toEqual([]);
    expect(changedRules([{ ...starts, minOnMinutes: '12' }])).toEqual([{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, on: false, minOnMinutes: 12 }]);
    expect(changedRules([{ ...starts, on: true }])).toEqual([{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, on: true, minOnMinutes: 8 }]);
  });
  it('ΔT minutes whole from 30 to 1440', () => {
    const deltaT = rowOf(signal({ rule: 'delta-t', unit: 'none', forMinutes: 120, limit: 0, defaultForMinutes: 120, defaultLimit: 0 }));
    expect(rowProblem({ ...deltaT, forMinutes: '1440' })).toBeNull();
    expect(rowProblem({ ...deltaT, forMinutes: '1441' })).toBe('minutes');
    expect(rowProblem({ ...deltaT, forMinutes: '30' })).toBeNull();
    expect(rowProblem({ ...deltaT, forMinutes: '29' })).toBe('minutes');
  });
});
