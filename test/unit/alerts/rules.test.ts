import { check, DEFAULT_RULES, equipmentKind, rulesFor, type SampleFields } from '../../../lambdas/shared/domain/alerts/rules.js';
import { step } from '../../../lambdas/shared/domain/alerts/transitions.js';
import { STALE_AFTER_MS } from '../../../lambdas/shared/contract/telemetry-state.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const fresh = (fields: Record<string, unknown>): SampleFields => ({ _time: ago(60_000), ...fields });
const air = DEFAULT_RULES.air;

describe('equipment kinds and defaults', () => {
  it('tells kinds from EQUIPMENT_TYPE: chillers, heating units, the rest air', () => {
    expect(['Chiller', 'Air-cooled chiller'].map(equipmentKind)).toEqual(['chiller', 'chiller']);
    expect(['Makeup Air Unit', 'Make-up air unit', 'Gas Furnace', 'Boiler'].map(equipmentKind)).toEqual(['heat', 'heat', 'heat', 'heat']);
    expect(['Rooftop Unit', 'Air Handler', 'Computer Room AC', 'Fan Coil Unit', ''].map(equipmentKind)).toEqual(['air', 'air', 'air', 'air', 'air']);
  });
  it('every kind watches staleness at once; chillers have no supply-air rule, heating units no cooling rule', () => {
    for (const kind of ['air', 'heat', 'chiller'] as const) expect(DEFAULT_RULES[kind].stale).toEqual({ forMinutes: 0, limit: 0 });
    expect(DEFAULT_RULES.chiller['supply-warm']).toBeUndefined();
    expect(DEFAULT_RULES.heat['supply-warm']).toBeUndefined();
  });
  it("a property's adjustments replace the defaults they name only", () => {
    const r = rulesFor('air', { 'high-current': { forMinutes: 5, limit: 30 } });
    expect(r['high-current']).toEqual({ forMinutes: 5, limit: 30 });
    expect(r['supply-warm']).toEqual(air['supply-warm']);
  });
});

describe('stale: the dashboard rule', () => {
  const stale = air.stale!;
  it('breached when nothing came in the last hour, or the latest sample is older than 15 minutes', () => {
    expect(check('stale', stale, { _time: null }, NOW)).toEqual({ breached: true, detail: 'No report in the last hour' });
    expect(check('stale', stale, { _time: ago(STALE_AFTER_MS + 60_000) }, NOW)).toEqual({ breached: true, detail: 'No report for more than 15 minutes', since: ago(STALE_AFTER_MS + 60_000) });
  });
  it('not breached at 15 minutes or less; unknown when the telemetry call failed', () => {
    expect(check('stale', stale, { _time: ago(STALE_AFTER_MS) }, NOW).breached).toBe(false);
    expect(check('stale', stale, { _time: null, error: 'The telemetry service is not available.' }, NOW).breached).toBeUndefined();
  });
});

describe('readings', () => {
  const warm = air['supply-warm']!;
  it('supply air too warm: calling for cool with less than 5 °C (9 °F) between return and supply', () => {
    const c = check('supply-warm', warm, fresh({ callForCool: true, 'sadb-1': 21, 'radb-1': 23 }), NOW);
    expect(c.breached).toBe(true);
    expect(c.detail).toBe('Calling for cool; supply 69.8°F, return 73.4°F (3.6°F cooler; expected at least 9.0°F)');
    expect(check('supply-warm', warm, fresh({ callForCool: true, 'sadb-1': 12, 'radb-1': 23 }), NOW).breached).toBe(false);
  });
  it('supply air: no call for cool is fine however warm; ty and the runtime heuristic count as the call', () => {
    expect(check('supply-warm', warm, fresh({ callForCool: false, 'sadb-1': 23, 'radb-1': 23 }), NOW).breached).toBe(false);
    expect(check('supply-warm', warm, fresh({ ty: 1, 'sadb-1': 22, 'radb-1': 23 }), NOW).breached).toBe(true);
    expect(check('supply-warm', warm, fresh({ runtimeOne: 1, 'sadb-1': 22, 'radb-1': 23 }), NOW).breached).toBe(true);
  });
  it('supply air: unknown without both temperatures, or when the device is stale (its readings are old)', () => {
    expect(check('supply-warm', warm, fresh({ callForCool: true, 'sadb-1': 22 }), NOW).breached).toBeUndefined();
    expect(check('supply-warm', warm, fresh({ callForCool: true, 'sadb-1': null, 'radb-1': 23 }), NOW).breached).toBeUndefined();
    expect(check('supply-warm', warm, { _time: ago(20 * 60_000), callForCool: true, 'sadb-1': 22, 'radb-1': 23 }, NOW).breached).toBeUndefined();
  });
  it('no heat: calling for heat with less than 5 °C rise; unknown for units that never report a heat call', () => {
    const noHeat = DEFAULT_RULES.heat['no-heat']!;
    expect(check('no-heat', noHeat, fresh({ callForHeat: true, 'sadb-1': 24, 'radb-1': 22 }), NOW).breached).toBe(true);
    expect(check('no-heat', noHeat, fresh({ callForHeat: true, 'sadb-1': 40, 'radb-1': 22 }), NOW).breached).toBe(false);
    expect(check('no-heat', noHeat, fresh({ tw: 1, 'sadb-1': 22, 'radb-1': 22 }), NOW).breached).toBe(true);
    expect(check('no-heat', noHeat, fresh({ runtimeOne: 1, 'sadb-1': 22, 'radb-1': 22 }), NOW).breached).toBeUndefined();
  });
  it('current above limit: the highest finite leg', () => {
    const amps = air['high-current']!;
    expect(check('high-current', amps, fresh({ 'amps-1': 12, 'amps-2': 41.25, 'amps-3': 'x' }), NOW)).toEqual({ breached: true, detail: 'Highest current 41.3 A (limit 40 A)' });
    expect(check('high-current', amps, fresh({ 'amps-1': 39.9 }), NOW).breached).toBe(false);
    expect(check('high-current', amps, fresh({}), NOW).breached).toBeUndefined();
  });
  it('chilled water too warm: supply above 10 °C (50 °F) while calling for cool', () => {
    const cw = DEFAULT_RULES.chiller['chilled-water-warm']!;
    expect(check('chilled-water-warm', cw, fresh({ callForCool: true, wst: 11 }), NOW).breached).toBe(true);
    expect(check('chilled-water-warm', cw, fresh({ callForCool: true, wst: 7 }), NOW).breached).toBe(false);
    expect(check('chilled-water-warm', cw, fresh({ callForCool: false, wst: 12 }), NOW).breached).toBe(false);
  });
});

describe('transitions: raised once, cleared once', () => {
  const min = 60_000;
  it('a new condition is pending, raised once it has held for the rule minutes, then stays raised without a second raise', () => {
    expect(step(undefined, true, 15, NOW)).toEqual({ kind: 'pending', since: ago(0) });
    expect(step({ status: 'pending', since: ago(10 * min) }, true, 15, NOW)).toEqual({ kind: 'none' });
    expect(step({ status: 'pending', since: ago(15 * min) }, true, 15, NOW)).toEqual({ kind: 'raise', since: ago(15 * min) });
    expect(step({ status: 'active', since: ago(30 * min) }, true, 15, NOW)).toEqual({ kind: 'none' });
  });
  it('a rule of 0 minutes is raised at the first sight, since when the sample says it began (a silent device: its last report)', () => {
    expect(step(undefined, true, 0, NOW)).toEqual({ kind: 'raise', since: ago(0) });
    expect(step(undefined, true, 0, NOW, ago(20 * min))).toEqual({ kind: 'raise', since: ago(20 * min) });
    expect(step({ status: 'pending', since: ago(5 * min) }, true, 0, NOW, ago(20 * min))).toEqual({ kind: 'raise', since: ago(5 * min) });
  });
  it('a raised alert is cleared once; a pending one is dropped silently; nothing to do when all is well', () => {
    expect(step({ status: 'active', since: ago(30 * min) }, false, 15, NOW)).toEqual({ kind: 'clear' });
    expect(step({ status: 'pending', since: ago(5 * min) }, false, 15, NOW)).toEqual({ kind: 'drop' });
    expect(step(undefined, false, 15, NOW)).toEqual({ kind: 'none' });
  });
  it('an unknown reading changes nothing', () => {
    expect(step({ status: 'active', since: ago(30 * min) }, undefined, 15, NOW)).toEqual({ kind: 'none' });
    expect(step({ status: 'pending', since: ago(30 * min) }, undefined, 15, NOW)).toEqual({ kind: 'none' });
  });
});
