import { DEFAULT_RULES, isOn, rulesFor, SIGNAL_RULES } from '../../../lambdas/shared/domain/alerts/rules.js';
import { checkSignal, signalWindowMs, stepMinutes } from '../../../lambdas/shared/domain/alerts/signals.js';
import type { Reading } from '../../../lambdas/shared/domain/insight/index.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A reading every 5 minutes over [from, to), each from `at(ms)`. */
function series(from: number, to: number, at: (ms: number) => Omit<Reading, 'at'>, stepMs = 5 * MIN): Reading[] {
  const out: Reading[] = [];
  for (let ms = from; ms <= to; ms += stepMs) out.push({ at: ms, ...at(ms) });
  return out;
}
const setting = (rule: (typeof SIGNAL_RULES)[number], change: object = {}) => ({ ...DEFAULT_RULES.air[rule]!, on: true, ...change });

describe('the signal rules are off by default', () => {
  it('every kind has short cycling and drift off; only air units have ΔT, off too', () => {
    for (const kind of ['air', 'heat', 'chiller'] as const) {
      for (const rule of SIGNAL_RULES) {
        const s = DEFAULT_RULES[kind][rule];
        if (s) expect(isOn(s)).toBe(false);
      }
      expect(DEFAULT_RULES[kind]['short-cycling']).toEqual({ forMinutes: 0, limit: 6, on: false, minOnMinutes: 8 });
      expect(DEFAULT_RULES[kind].drift).toEqual({ forMinutes: 0, limit: 15, on: false });
    }
    expect(DEFAULT_RULES.air['delta-t']).toEqual({ forMinutes: 120, limit: 0, on: false });
    expect(DEFAULT_RULES.chiller['delta-t']).toBeUndefined();
    expect(isOn(DEFAULT_RULES.air.stale!)).toBe(true);
  });
  it("a property's adjustment turns one on and keeps its defaults", () => {
    expect(rulesFor('air', { drift: { forMinutes: 0, limit: 15, on: true } }).drift).toEqual({ forMinutes: 0, limit: 15, on: true });
    expect(isOn(rulesFor('air', {})['short-cycling']!)).toBe(false);
  });
  it('short cycling and drift read the last day; ΔT its own hours, raised at once when its window shows it', () => {
    expect(signalWindowMs('short-cycling', setting('short-cycling'))).toBe(DAY);
    expect(signalWindowMs('drift', setting('drift'))).toBe(DAY);
    expect(signalWindowMs('delta-t', setting('delta-t', { forMinutes: 180 }))).toBe(3 * HOUR);
    expect(signalWindowMs('stale', DEFAULT_RULES.air.stale!)).toBe(0);
    expect(stepMinutes('delta-t', setting('delta-t'))).toBe(0);
    expect(stepMinutes('short-cycling', setting('short-cycling', { forMinutes: 30 }))).toBe(30);
  });
});

describe('short cycling', () => {
  const square = series(NOW - DAY, NOW, (ms) => ({ on: Math.floor(ms / (5 * MIN)) % 2 === 0, amps: 20 }));
  it('a 5-minute on/off square wave is short cycling: 143 starts in the day (it was on as the day began), a median on-time of 5 minutes', () => {
    const c = checkSignal('short-cycling', setting('short-cycling'), square, NOW);
    expect(c.breached).toBe(true);
    expect(c.detail).toBe('143.0 starts a day and median on-time 5.0 min over the last 24 hours (short cycling: more than 6 starts a day or a median on-time under 8 min)');
  });
  it('long cycles (3 hours on, 3 off: 3 starts in the day, the first on-time began before it) are not', () => {
    const long = series(NOW - DAY, NOW, (ms) => ({ on: Math.floor(ms / (3 * HOUR)) % 2 === 0, amps: 20 }));
    const c = checkSignal('short-cycling', setting('short-cycling'), long, NOW);
    expect(c.breached).toBe(false);
    expect(c.detail).toMatch(/^3\.0 starts a day and median on-time 180\.0 min/);
  });
  it('the starts a day are editable: 3 starts a day break a limit of 2', () => {
    const long = series(NOW - DAY, NOW, (ms) => ({ on: Math.floor(ms / (3 * HOUR)) % 2 === 0, amps: 20 }));
    expect(checkSignal('short-cycling', setting('short-cycling', { limit: 2 }), long, NOW).breached).toBe(true);
  });
  it('the median on-time is editable: 10-minute cycles (72 starts, under a limit of 100) break a median on-time of 12 minutes, not the default 8', () => {
    const tens = series(NOW - DAY, NOW, (ms) => ({ on: Math.floor(ms / (10 * MIN)) % 2 === 0, amps: 20 }));
    expect(checkSignal('short-cycling', setting('short-cycling', { limit: 100 }), tens, NOW).breached).toBe(false);
    const c = checkSignal('short-cycling', setting('short-cycling', { limit: 100, minOnMinutes: 12 }), tens, NOW);
    expect(c.breached).toBe(true);
    expect(c.detail).toMatch(/median on-time 10\.0 min over the last 24 hours \(short cycling: more than 100 starts a day or a median on-time under 12 min\)$/);
  });
  it('cannot tell over a day its readings cover less than 80 % of (nothing is judged over gaps)', () => {
    const half = square.filter((r) => (r.at as number) >= NOW - 12 * HOUR);
    expect(checkSignal('short-cycling', setting('short-cycling'), half, NOW)).toEqual({ breached: undefined });
    expect(checkSignal('short-cycling', setting('short-cycling'), [], NOW)).toEqual({ breached: undefined });
  });
});

describe('ΔT across the coil', () => {
  // Cooling all along: 18 °F (in band) until 3 hours ago, then 12 °F (below 16–22 °F).
  const low = series(NOW - 6 * HOUR, NOW, (ms) => ({ on: true, amps: 20, returnF: 75, supplyF: ms >= NOW - 3 * HOUR ? 63 : 57 }));
  it('ΔT 12 °F for 3 hours raises with N = 2 h', () => {
    const c = checkSignal('delta-t', setting('delta-t', { forMinutes: 120 }), low, NOW);
    expect(c.breached).toBe(true);
    expect(c.detail).toBe('ΔT across the coil 12.0°F on average while cooling; outside the normal 16–22°F band for 2 h of the last 2 h');
  });
  it('and not with N = 4 h (an hour of the 4 was in band)', () => {
    const c = checkSignal('delta-t', setting('delta-t', { forMinutes: 240 }), low, NOW);
    expect(c.breached).toBe(false);
    expect(c.detail).toContain('outside the normal 16–22°F band for 3 h of the last 4 h');
  });
  it('in band, or not cooling at all, is not breached; above the band is', () => {
    const inBand = series(NOW - 3 * HOUR, NOW, () => ({ on: true, amps: 20, returnF: 75, supplyF: 56 }));
    expect(checkSignal('delta-t', setting('delta-t'), inBand, NOW).breached).toBe(false);
    const off = series(NOW - 3 * HOUR, NOW, () => ({ on: false, amps: 0.2, returnF: 75, supplyF: 74 }));
    expect(checkSignal('delta-t', setting('delta-t'), off, NOW).breached).toBe(false);
    const high = series(NOW - 3 * HOUR, NOW, () => ({ on: true, amps: 20, returnF: 75, supplyF: 50 }));
    expect(checkSignal('delta-t', setting('delta-t'), high, NOW).breached).toBe(true);
  });
  it('cannot tell without temperatures over the window', () => {
    const noTemps = series(NOW - 3 * HOUR, NOW, () => ({ on: true, amps: 20 }));
    expect(checkSignal('delta-t', setting('delta-t'), noTemps, NOW)).toEqual({ breached: undefined });
  });
});

describe('drift of the estimated kWh per runtime hour', () => {
  // 40 days of readings, running 20 A; the last day 24 A (+20 %). Baseline read every 15 minutes.
  const start = NOW - 40 * DAY;
  const amps = (ms: number) => (ms >= NOW - DAY ? 24 : 20);
  const on = (ms: number) => Math.floor(ms / HOUR) % 2 === 0;
  const baseline = series(start, start + 30 * DAY + 15 * MIN, (ms) => ({ on: on(ms), amps: on(ms) ? amps(ms) : 0.2 }), 15 * MIN);
  const recent = series(NOW - DAY, NOW, (ms) => ({ on: on(ms), amps: on(ms) ? amps(ms) : 0.2 }));
  it('+20 % raises at a limit of 15 %, with the estimated figures', () => {
    const c = checkSignal('drift', setting('drift', { limit: 15 }), recent, NOW, { baseline });
    expect(c.breached).toBe(true);
    // 20 A three-phase at 460 V and PF 0.85: 13.54 kW; 24 A: 16.25 kW.
    expect(c.detail).toBe('Estimated 16.25 kWh per runtime hour over the last 24 hours against an estimated 13.54 in its first 30 days: +20.0 % (limit 15 %)');
  });
  it('and not at 25 %', () => {
    expect(checkSignal('drift', setting('drift', { limit: 25 }), recent, NOW, { baseline }).breached).toBe(false);
  });
  it("uses the unit's electrical inputs: single-phase 230 V changes the figures, not the drift", () => {
    const c = checkSignal('drift', setting('drift'), recent, NOW, { baseline, inputs: { electrical: { phase: 1, voltage: 230, powerFactor: 0.85 } } });
    expect(c.detail).toContain('Estimated 4.69 kWh per runtime hour');
    expect(c.detail).toContain('+20.0 %');
  });
  it('cannot tell without a baseline, or while the first 30 days are not over', () => {
    expect(checkSignal('drift', setting('drift'), recent, NOW)).toEqual({ breached: undefined });
    const young = series(NOW - 10 * DAY, NOW, () => ({ on: true, amps: 20 }), 15 * MIN);
    expect(checkSignal('drift', setting('drift'), recent, NOW, { baseline: young })).toEqual({ breached: undefined });
  });
});
