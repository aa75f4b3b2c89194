/** The telemetry dashboard's pure rules: runtime state, display, ages, equipment and selection (spec sections 3, 4, 9). */
import type { AnalyticsRow } from '../../../lambdas/shared/contract/answers/analytics';
import type { Device as DeviceRef, MetricValue, Sample } from '../../../lambdas/shared/contract/answers/telemetry';
import { writtenTime } from '../../components/text/dates';
import { metricLabels, telemetryText } from './strings';

/** The answers' shapes, as the API files parse them (one definition: lambdas/shared/contract/answers/). */
export type { AnalyticsRow, DeviceRef, MetricValue, Sample };

export interface Equipment {
  id: string;
  name: string;
  type: string;
  building: string;
  telemetry: Record<string, unknown>;
  devices: string[];
  /** Beyond the spec (issue 43): its property (null: on none) and the asset it is (null: none), whose history the card opens. */
  propertyId: string | null;
  assetId: string | null;
}

export { isCoolOn, isHeatOn, toBool } from '../../../lambdas/shared/contract/telemetry-state';
import { isStale, num, toBool } from '../../../lambdas/shared/contract/telemetry-state';

const isTemperature = (key: string) => /^(sadb|radb)/.test(key) || key === 'wst' || key === 'wrt';
const isAmps = (key: string) => key.startsWith('amps') || key === 'totalAmps';
const mustBeFinite = (key: string) => /^(sadb|radb|amps)/.test(key);
const onOff = new Set(['ty', 'tw', 'callForCool', 'callForHeat']);
/** Durations, by the minutes one unit of their value is: coolMin counts minutes, timeInCooling seconds. */
const durationMinutes: Record<string, number> = { coolMin: 1, timeInCooling: 1 / 60 };

/** Celsius to Fahrenheit. */
export const toFahrenheit = (c: number) => (c * 9) / 5 + 32;

/** A duration as people read it: '0 min', '45 s' under a minute, '12 min' under an hour, then '1 h 05 min'. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return telemetryText.missing;
  const seconds = Math.round(minutes * 60);
  if (seconds === 0) return '0 min';
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`;
}

/**
 * A metric as shown: temperatures in °F and amps (each leg and the total) in A with 2 decimals;
 * ty/tw and the call and run flags ON or OFF; run times in minutes and hours; an em dash when missing.
 */
export function formatMetric(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return telemetryText.missing;
  if (onOff.has(key)) {
    const b = toBool(value);
    return b === undefined ? telemetryText.missing : b ? telemetryText.on : telemetryText.off;
  }
  if (isTemperature(key)) {
    const n = num(value);
    return Number.isFinite(n) ? `${toFahrenheit(n).toFixed(2)}°F` : telemetryText.missing;
  }
  if (isAmps(key)) {
    const n = num(value);
    return Number.isFinite(n) ? `${n.toFixed(2)} A` : telemetryText.missing;
  }
  const perUnit = durationMinutes[key];
  if (perUnit !== undefined) return formatDuration(num(value) * perUnit);
  // runtimeOne is a run flag (0 or 1); any other figure is shown as sent.
  if (key === 'runtimeOne' && toBool(value) !== undefined) return toBool(value) ? telemetryText.on : telemetryText.off;
  if (typeof value === 'boolean') return value ? telemetryText.on : telemetryText.off;
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : telemetryText.missing;
  return String(value);
}

/** A field without a label, readable: 'supplyFanSpeed-2' → 'Supply fan speed 2'. */
export function metricLabel(key: string): string {
  const known = metricLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

const labelOrder = Object.keys(metricLabels);

/** The chips of a sample: nulls hidden, sadb/radb/amps only when finite numbers; labelled ones first, in the labels' order. */
export function visibleMetrics(s: Sample): { key: string; label: string; value: string }[] {
  const keys = Object.keys(s).filter((k) => {
    // The calls for cool and heat are the card's badges: not repeated as chips.
    if (k === '_time' || k === 'error' || k === 'callForCool' || k === 'callForHeat') return false;
    const v = s[k];
    if (v === null || v === undefined) return false;
    if (mustBeFinite(k)) return typeof v === 'number' && Number.isFinite(v);
    return true;
  });
  const rank = (k: string) => (labelOrder.includes(k) ? labelOrder.indexOf(k) : labelOrder.length);
  keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return keys.map((key) => ({ key, label: metricLabel(key), value: formatMetric(key, s[key]) }));
}

/** Last-seen age: seconds below 60, then minutes, hours and days ('s', 'm', 'h', 'd ago'). */
export function lastSeenAge(time: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(time)) / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ago`;
  return `${Math.floor(h / 24)}d ago`;
}

import { STALE_AFTER_MS } from '../../../lambdas/shared/contract/telemetry-state';

export { isStale, STALE_AFTER_MS } from '../../../lambdas/shared/contract/telemetry-state';

/**
 * When 'Not reporting' is raised, in minutes after a device's last report, for the minutes typed
 * (a number or text being typed; anything else reads as the default): the server counts the rule's
 * minutes from the last report and judges only a late device, so it is the larger of the two.
 */
export function staleRaisedAfter(typed: string | number, fallback: number): number {
  const n = typeof typed === 'number' ? typed : typed.trim() === '' ? NaN : Number(typed);
  const minutes = Number.isFinite(n) && n >= 0 ? n : fallback;
  return Math.max(STALE_AFTER_MS / 60_000, minutes);
}

/** What a card shows for its device. */
export type CardState = 'loading' | 'error' | 'no-data' | 'stale' | 'fresh';
export function cardState(s: Sample | undefined, now: number): CardState {
  if (!s) return 'loading';
  if (s.error) return 'error';
  if (!s._time) return 'no-data';
  return isStale(s._time, now) ? 'stale' : 'fresh';
}

/** TELEMETRY_DATA parsed into an object, or {} when it is not a JSON object. */
export function parseTelemetryData(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Analytics rows into equipment (by building, then name), each with the sorted list of its devices. */
export function buildEquipment(rows: AnalyticsRow[], devices: DeviceRef[]): Equipment[] {
  const byId = new Map<string, Equipment>();
  for (const r of rows) {
    if (!byId.has(r.EQUIPMENT_ID))
      byId.set(r.EQUIPMENT_ID, {
        id: r.EQUIPMENT_ID,
        name: r.EQUIPMENT_NAME,
        type: r.EQUIPMENT_TYPE,
        building: r.BUILDING_NAME,
        telemetry: parseTelemetryData(r.TELEMETRY_DATA),
        devices: [],
        propertyId: r.PROPERTY_ID,
        assetId: r.ASSET_ID,
      });
  }
  for (const d of devices) byId.get(d.equipment.id)?.devices.push(d.deviceId);
  const list = [...byId.values()];
  for (const e of list) e.devices.sort((a, b) => a.localeCompare(b));
  return list.sort((a, b) => a.building.localeCompare(b.building) || a.name.localeCompare(b.name, undefined, { numeric: true }) || a.id.localeCompare(b.id));
}

/**
 * The asset whose equipment history a unit's cards open (issue 43), or null: no History. The
 * answer names only assets the caller sees; `viewed`, for an administrator viewing as a user, keeps
 * those of that user's properties (what the history screen opens for them); null takes them all.
 */
export const historyAsset = (e: Pick<Equipment, 'propertyId' | 'assetId'>, viewed: ReadonlySet<string> | null): string | null =>
  e.assetId && (!viewed || (e.propertyId !== null && viewed.has(e.propertyId))) ? e.assetId : null;

/** The buildings of the equipment, sorted, each once. */
export function buildingsOf(equipment: Equipment[]): string[] {
  return [...new Set(equipment.map((e) => e.building))].sort((a, b) => a.localeCompare(b));
}

export interface Selection {
  building: string | null;
  equipmentId: string | null;
  viewAll: boolean;
}
/** All equipment shown, no building or equipment chosen, every device in view. */
export const initialSelection: Selection = { building: null, equipmentId: null, viewAll: true };

export type SelectionAction =
  | { type: 'building'; building: string; equipment: Equipment[] }
  | { type: 'equipment'; equipmentId: string }
  | { type: 'viewAll' }
  | { type: 'clearBuilding' };

/** Spec section 4's selection transitions. */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'building': {
      const chosen = action.equipment.find((e) => e.id === state.equipmentId);
      const keep = chosen !== undefined && chosen.building === action.building;
      return { ...state, building: action.building, equipmentId: keep ? state.equipmentId : null };
    }
    case 'equipment':
      return { ...state, equipmentId: action.equipmentId, viewAll: false };
    case 'viewAll':
      return { ...state, equipmentId: null, viewAll: true };
    case 'clearBuilding':
      return { building: null, equipmentId: null, viewAll: true };
  }
}

/** Equipment listed in the left pane: all, or the chosen building's. */
export const listedEquipment = (sel: Selection, equipment: Equipment[]) => (sel.building === null ? equipment : equipment.filter((e) => e.building === sel.building));

/** Device ids in view: every device of the listed equipment with view-all, the chosen equipment's, or none. */
export function devicesInView(sel: Selection, equipment: Equipment[]): string[] {
  if (sel.viewAll) return listedEquipment(sel, equipment).flatMap((e) => e.devices);
  const chosen = equipment.find((e) => e.id === sel.equipmentId);
  return chosen ? chosen.devices : [];
}

/** The 'Telemetry Snapshot' subtitle. */
export function snapshotSubtitle(sel: Selection, equipment: Equipment[]): string {
  if (sel.viewAll) return telemetryText.subtitleAll(sel.building);
  const chosen = equipment.find((e) => e.id === sel.equipmentId);
  return chosen ? chosen.name : telemetryText.subtitlePrompt;
}

/** What the main pane shows when no error is up. */
export function mainPaneState(sel: Selection, inView: string[], loading: boolean): 'prompt' | 'empty' | 'loading' | 'cards' {
  if (!sel.viewAll && sel.equipmentId === null) return 'prompt';
  if (loading) return 'loading';
  return inView.length === 0 ? 'empty' : 'cards';
}

/** The main pane's failure text: the server's message when it gave one, else the spec's load/reload text. */
export function failureText(serverMessage: string | undefined, hadData: boolean): string {
  if (serverMessage) return serverMessage;
  return hadData ? telemetryText.reloadFailed : telemetryText.loadFailed;
}

/** Rows of a virtualised grid to render for a scroll position (with overscan rows either side). */
export function windowRange(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan = 2): { start: number; end: number } {
  if (rowCount <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(rowCount, last + overscan) };
}

/** Cards per row for a container width. */
export const columnsFor = (width: number, minCard: number, gap: number) => Math.max(1, Math.floor((width + gap) / (minCard + gap)));

/** A sample's or an alert's time as the screens write every time: '25 Nov 2026, 3:50 PM', in the browser's zone. */
export const sampleTime = (time: string): string => writtenTime(time);
