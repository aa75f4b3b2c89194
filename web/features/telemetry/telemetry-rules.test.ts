import { describe, expect, it } from '@jest/globals';
import { telemetryText } from './strings';
import {
  staleRaisedAfter,
  buildEquipment,
  buildingsOf,
  cardState,
  columnsFor,
  devicesInView,
  failureText,
  formatDuration,
  formatMetric,
  historyAsset,
  initialSelection,
  isCoolOn,
  isHeatOn,
  lastSeenAge,
  mainPaneState,
  parseTelemetryData,
  selectionReducer,
  snapshotSubtitle,
  toBool,
  sampleTime,
  visibleMetrics,
  windowRange,
  type AnalyticsRow,
  type Selection,
} from './telemetry-rules';

describe('booleans', () => {
  it('accept true, 1, "1", "true" and their opposites; anything else is unknown', () => {
    for (const v of [true, 1, '1', 'true']) expect(toBool(v)).toBe(true);
    for (const v of [false, 0, '0', 'false']) expect(toBool(v)).toBe(false);
    for (const v of [undefined, null, 2, 'yes', '', 'TRUEISH']) expect(toBool(v)).toBeUndefined();
  });
});

describe('runtime state', () => {
  it('cool: callForCool first', () => {
    expect(isCoolOn({ callForCool: true, ty: 0 })).toBe(true);
    expect(isCoolOn({ callForCool: '1' })).toBe(true);
    expect(isCoolOn({ callForCool: 'false', ty: 1, totalAmps: 60 })).toBe(false);
  });
  it('cool: then ty', () => {
    expect(isCoolOn({ ty: 1 })).toBe(true);
    expect(isCoolOn({ ty: 'true' })).toBe(true);
    expect(isCoolOn({ ty: 0, totalAmps: 60 })).toBe(false);
    expect(isCoolOn({ callForCool: null, ty: '1' })).toBe(true);
  });
  it('cool: then the heuristic (runtimeOne, timeInCooling > 0, coolMin, totalAmps > 30)', () => {
    expect(isCoolOn({})).toBe(false);
    expect(isCoolOn({ runtimeOne: 1 })).toBe(true);
    expect(isCoolOn({ runtimeOne: 0 })).toBe(false);
    expect(isCoolOn({ timeInCooling: 120 })).toBe(true);
    expect(isCoolOn({ timeInCooling: 0 })).toBe(false);
    expect(isCoolOn({ coolMin: 3 })).toBe(true);
    expect(isCoolOn({ coolMin: 0 })).toBe(false);
    expect(isCoolOn({ totalAmps: 30.01 })).toBe(true);
    expect(isCoolOn({ totalAmps: 30 })).toBe(false);
    expect(isCoolOn({ totalAmps: '45' })).toBe(true);
  });
  it('heat: callForHeat, then tw', () => {
    expect(isHeatOn({ callForHeat: true })).toBe(true);
    expect(isHeatOn({ callForHeat: 0, tw: 1 })).toBe(false);
    expect(isHeatOn({ tw: '1' })).toBe(true);
    expect(isHeatOn({ tw: 'false' })).toBe(false);
    expect(isHeatOn({ totalAmps: 80 })).toBe(false);
  });
});

describe('display', () => {
  it('temperatures: Celsius to Fahrenheit with 2 decimals and °F', () => {
    expect(formatMetric('sadb-1', 12.5)).toBe('54.50°F');
    expect(formatMetric('radb-1', 22)).toBe('71.60°F');
    expect(formatMetric('wst', 7)).toBe('44.60°F');
    expect(formatMetric('wrt', '12')).toBe('53.60°F');
    expect(formatMetric('sadb-2', -40)).toBe('-40.00°F');
  });
  it('amps with 2 decimals and A', () => {
    expect(formatMetric('amps-1', 21.456)).toBe('21.46 A');
    expect(formatMetric('amps-3', 0)).toBe('0.00 A');
    expect(formatMetric('totalAmps', 72.27)).toBe('72.27 A');
    expect(formatMetric('totalAmps', 0.3)).toBe('0.30 A');
    expect(formatMetric('totalAmps', 'n/a')).toBe('—');
  });
  it('run times in minutes and hours: coolMin counts minutes, timeInCooling seconds', () => {
    expect(formatMetric('coolMin', 12)).toBe('12 min');
    expect(formatMetric('timeInCooling', 720)).toBe('12 min');
    expect(formatMetric('timeInCooling', 45)).toBe('45 s');
    expect(formatMetric('coolMin', 0)).toBe('0 min');
    expect(formatMetric('coolMin', 95)).toBe('1 h 35 min');
    expect(formatMetric('timeInCooling', 7200)).toBe('2 h');
    expect(formatMetric('coolMin', 'x')).toBe('—');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(61.5)).toBe('1 h 02 min');
  });
  it('runtimeOne is a run flag: ON or OFF', () => {
    expect(formatMetric('runtimeOne', 1)).toBe('ON');
    expect(formatMetric('runtimeOne', 0)).toBe('OFF');
    expect(formatMetric('runtimeOne', 37)).toBe('37');
  });
  it('ty and tw (and the calls) show ON or OFF', () => {
    expect(formatMetric('ty', 1)).toBe('ON');
    expect(formatMetric('ty', '0')).toBe('OFF');
    expect(formatMetric('tw', 'true')).toBe('ON');
    expect(formatMetric('callForCool', false)).toBe('OFF');
  });
  it('missing values show an em dash', () => {
    expect(formatMetric('wst', undefined)).toBe('—');
    expect(formatMetric('wst', null)).toBe('—');
    expect(formatMetric('wst', 'n/a')).toBe('—');
    expect(formatMetric('ty', 'maybe')).toBe('—');
  });
  it('chips: labelled in the spec order, nulls hidden, sadb/radb/amps only when finite numbers', () => {
    const chips = visibleMetrics({
      _time: '2026-11-22T15:00:00Z',
      totalAmps: 40,
      'amps-2': 'x',
      'amps-1': 20,
      'radb-1': null,
      'sadb-1': Number.NaN,
      wst: 7,
      callForCool: true,
      coolMin: null,
      ty: 1,
    });
    // The calls for cool and heat are the card's badges, not chips.
    expect(chips.map((c) => c.label)).toEqual(['Thermostat Y (cool)', 'Chiller Water Supply', 'Current 1', 'Total current']);
    expect(chips.map((c) => c.value)).toEqual(['ON', '44.60°F', '20.00 A', '40.00 A']);
    expect(visibleMetrics({ _time: null, error: 'boom' })).toEqual([]);
  });
  it('labels of spec section 3', () => {
    const chips = visibleMetrics({ _time: 't', callForHeat: 0, 'sadb-1': 10, 'radb-1': 20, wrt: 12, 'amps-1': 1, 'amps-2': 2, 'amps-3': 3 });
    expect(chips.map((c) => c.label)).toEqual(['Supply Dry Bulb', 'Return Dry Bulb', 'Chiller Water Return', 'Current 1', 'Current 2', 'Current 3']);
  });
  it('sample times: the date and the time, as every screen writes them (the browser\'s zone)', () => {
    expect(sampleTime(new Date(2026, 10, 24, 9, 5, 7).toISOString())).toBe('24 Nov 2026, 9:05 AM');
    expect(sampleTime(new Date(2026, 8, 3, 20, 34, 24).toISOString())).toBe('3 Sep 2026, 8:34 PM');
    expect(sampleTime(new Date(2026, 0, 1, 0, 0, 0).toISOString())).toBe('1 Jan 2026, 12:00 AM');
  });
  it('no raw field name: every field the spec uses has a readable label, others are spelled out', () => {
    const chips = visibleMetrics({ _time: 't', tw: 0, ty: 1, runtimeOne: 1, coolMin: 4, timeInCooling: 240, totalAmps: 31.2, supplyFanSpeed: 55, 'static_pressure-2': 1.234 });
    expect(chips.map((c) => [c.label, c.value])).toEqual([
      ['Thermostat Y (cool)', 'ON'],
      ['Thermostat W (heat)', 'OFF'],
      ['Stage 1 running', 'ON'],
      ['Total current', '31.20 A'],
      ['Cooling run time', '4 min'],
      ['Time in cooling', '4 min'],
      ['Static pressure 2', '1.23'],
      ['Supply fan speed', '55'],
    ]);
  });
});

describe('ages and staleness', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('seconds below 60, then minutes, hours and days', () => {
    expect(lastSeenAge(ago(0), now)).toBe('0s ago');
    expect(lastSeenAge(ago(59_999), now)).toBe('59s ago');
    expect(lastSeenAge(ago(60_000), now)).toBe('1m ago');
    expect(lastSeenAge(ago(59 * 60_000 + 59_000), now)).toBe('59m ago');
    expect(lastSeenAge(ago(3_600_000), now)).toBe('1h ago');
    expect(lastSeenAge(ago(23 * 3_600_000), now)).toBe('23h ago');
    expect(lastSeenAge(ago(49 * 3_600_000), now)).toBe('2d ago');
    expect(lastSeenAge(ago(-5_000), now)).toBe('0s ago');
  });
  it('a card: loading, error, no data in the last hour (not a zero), stale after 15 minutes, fresh', () => {
    expect(cardState(undefined, now)).toBe('loading');
    expect(cardState({ _time: null, error: 'x' }, now)).toBe('error');
    expect(cardState({ _time: null }, now)).toBe('no-data');
    expect(cardState({ _time: ago(15 * 60_000), totalAmps: 0 }, now)).toBe('fresh');
    expect(cardState({ _time: ago(15 * 60_000 + 1000) }, now)).toBe('stale');
  });
});

const rows: AnalyticsRow[] = [
  { BUILDING_NAME: 'Tower', EQUIPMENT_ID: 'E1', EQUIPMENT_NAME: 'RTU-1', EQUIPMENT_TYPE: 'Rooftop Unit', TELEMETRY_DATA: '{"tons":25}', PROPERTY_ID: 'P-T', ASSET_ID: 'AS-1' },
  { BUILDING_NAME: 'Tower', EQUIPMENT_ID: 'E2', EQUIPMENT_NAME: 'RTU-2', EQUIPMENT_TYPE: 'Rooftop Unit', TELEMETRY_DATA: 'not json', PROPERTY_ID: 'P-T', ASSET_ID: null },
  { BUILDING_NAME: 'Plaza', EQUIPMENT_ID: 'E3', EQUIPMENT_NAME: 'AHU-1', EQUIPMENT_TYPE: 'Air Handler', TELEMETRY_DATA: '[1]', PROPERTY_ID: 'P-P', ASSET_ID: 'AS-3' },
  { BUILDING_NAME: 'Annex', EQUIPMENT_ID: 'E4', EQUIPMENT_NAME: 'CRAC-2', EQUIPMENT_TYPE: 'CRAC', TELEMETRY_DATA: '', PROPERTY_ID: null, ASSET_ID: null },
];
const equipment = buildEquipment(rows, [
  { deviceId: 'D1', equipment: { id: 'E1' } },
  { deviceId: 'D2a', equipment: { id: 'E2' } },
  { deviceId: 'D2b', equipment: { id: 'E2' } },
  { deviceId: 'D3', equipment: { id: 'E3' } },
  { deviceId: 'DX', equipment: { id: 'NOT-OURS' } },
]);

describe('equipment', () => {
  it('TELEMETRY_DATA parsed, or {} when it cannot be', () => {
    expect(parseTelemetryData('{"a":1}')).toEqual({ a: 1 });
    for (const t of ['not json', '[1]', '', 'null', '3', undefined]) expect(parseTelemetryData(t)).toEqual({});
    expect(equipment.map((e) => e.telemetry)).toEqual([{}, {}, { tons: 25 }, {}]);
  });
  it('gets the sorted list of its devices, sorted by building and name; buildings once each', () => {
    expect(equipment.map((e) => [e.id, e.name, e.type, e.building, e.devices])).toEqual([
      ['E4', 'CRAC-2', 'CRAC', 'Annex', []],
      ['E3', 'AHU-1', 'Air Handler', 'Plaza', ['D3']],
      ['E1', 'RTU-1', 'Rooftop Unit', 'Tower', ['D1']],
      ['E2', 'RTU-2', 'Rooftop Unit', 'Tower', ['D2a', 'D2b']],
    ]);
    expect(buildingsOf(equipment)).toEqual(['Annex', 'Plaza', 'Tower']);
  });
  it("opens the history of a unit's asset (issue 43): every one the answer names, or, viewing as a user, those of that user's properties; none without an asset", () => {
    const assets = (viewed: ReadonlySet<string> | null) => equipment.map((e) => [e.id, historyAsset(e, viewed)]);
    expect(assets(null)).toEqual([['E4', null], ['E3', 'AS-3'], ['E1', 'AS-1'], ['E2', null]]);
    expect(assets(new Set(['P-T']))).toEqual([['E4', null], ['E3', null], ['E1', 'AS-1'], ['E2', null]]);
    expect(assets(new Set())).toEqual([['E4', null], ['E3', null], ['E1', null], ['E2', null]]);
  });
});

describe('selection (spec section 4)', () => {
  const go = (s: Selection, ...actions: Parameters<typeof selectionReducer>[1][]) => actions.reduce(selectionReducer, s);
  it('starts with all equipment shown and no building or equipment selected', () => {
    expect(initialSelection).toEqual({ building: null, equipmentId: null, viewAll: true });
    expect(devicesInView(initialSelection, equipment)).toEqual(['D3', 'D1', 'D2a', 'D2b']);
    expect(snapshotSubtitle(initialSelection, equipment)).toBe('All devices · All buildings');
  });
  it('choosing a building keeps view-all for that building', () => {
    const s = go(initialSelection, { type: 'building', building: 'Tower', equipment });
    expect(s).toEqual({ building: 'Tower', equipmentId: null, viewAll: true });
    expect(devicesInView(s, equipment)).toEqual(['D1', 'D2a', 'D2b']);
    expect(snapshotSubtitle(s, equipment)).toBe('All devices · Tower');
  });
  it('choosing equipment turns off view-all', () => {
    const s = go(initialSelection, { type: 'equipment', equipmentId: 'E2' });
    expect(s).toEqual({ building: null, equipmentId: 'E2', viewAll: false });
    expect(devicesInView(s, equipment)).toEqual(['D2a', 'D2b']);
    expect(snapshotSubtitle(s, equipment)).toBe('RTU-2');
  });
  it("choosing a building clears the equipment choice only if it belongs to another building", () => {
    const chosen = go(initialSelection, { type: 'equipment', equipmentId: 'E2' });
    expect(go(chosen, { type: 'building', building: 'Tower', equipment })).toEqual({ building: 'Tower', equipmentId: 'E2', viewAll: false });
    const other = go(chosen, { type: 'building', building: 'Plaza', equipment });
    expect(other).toEqual({ building: 'Plaza', equipmentId: null, viewAll: false });
    expect(devicesInView(other, equipment)).toEqual([]);
    expect(snapshotSubtitle(other, equipment)).toBe('Select equipment or click View All');
    expect(mainPaneState(other, [], false)).toBe('prompt');
  });
  it('View All turns on view-all for the current building filter', () => {
    const s = go(initialSelection, { type: 'building', building: 'Plaza', equipment }, { type: 'equipment', equipmentId: 'E3' }, { type: 'viewAll' });
    expect(s).toEqual({ building: 'Plaza', equipmentId: null, viewAll: true });
    expect(devicesInView(s, equipment)).toEqual(['D3']);
  });
  it('Clear Building Filter clears building and equipment and turns on view-all', () => {
    const s = go(initialSelection, { type: 'building', building: 'Tower', equipment }, { type: 'equipment', equipmentId: 'E1' }, { type: 'clearBuilding' });
    expect(s).toEqual(initialSelection);
  });
  it('equipment without a device: the empty state', () => {
    const s = go(initialSelection, { type: 'equipment', equipmentId: 'E4' });
    expect(mainPaneState(s, devicesInView(s, equipment), false)).toBe('empty');
    expect(mainPaneState(s, ['D1'], true)).toBe('loading');
    expect(mainPaneState(s, ['D1'], false)).toBe('cards');
  });
});

describe('failure text', () => {
  it("the server's message, else 'Failed to load telemetry.' or, after data was shown, 'Failed to reload telemetry.'", () => {
    expect(failureText(undefined, false)).toBe(telemetryText.loadFailed);
    expect(failureText(undefined, true)).toBe(telemetryText.reloadFailed);
    expect(failureText('The telemetry service is not available. Please try again later.', true)).toMatch(/not available/);
    expect(telemetryText.loadFailed).toBe('Failed to load telemetry.');
    expect(telemetryText.reloadFailed).toBe('Failed to reload telemetry.');
  });
});

describe('virtualised grid', () => {
  it('renders the rows in view plus overscan', () => {
    expect(windowRange(0, 600, 250, 334)).toEqual({ start: 0, end: 5 });
    expect(windowRange(2500, 600, 250, 334)).toEqual({ start: 8, end: 15 });
    expect(windowRange(1e9, 600, 250, 334).end).toBe(334);
    expect(windowRange(0, 600, 250, 0)).toEqual({ start: 0, end: 0 });
  });
  it('columns fit the width', () => {
    expect(columnsFor(1000, 280, 16)).toBe(3);
    expect(columnsFor(100, 280, 16)).toBe(1);
  });
});

describe("'Not reporting' said as one rule in minutes (issue 39)", () => {
  it('is raised after the minutes set, never sooner than a device is late (15)', () => {
    expect(staleRaisedAfter('30', 0)).toBe(30);
    expect(staleRaisedAfter(0, 0)).toBe(15);
    expect(staleRaisedAfter('10', 0)).toBe(15);
    expect(staleRaisedAfter('', 20)).toBe(20);
    expect(staleRaisedAfter('abc', 0)).toBe(15);
    expect(telemetryText.staleMinutesHelp(staleRaisedAfter('30', 0), 15, '0')).toBe('Raised after 30 minutes without a report (never sooner than 15). Default: 0');
  });
});
