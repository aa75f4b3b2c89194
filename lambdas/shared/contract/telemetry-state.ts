/**
 * A device's running state and freshness from its latest sample: shared by the Snapshots
 * Dashboard (web/features/telemetry) and the equipment alerts' rules (lambdas/shared/domain/alerts), so a
 * card's 'Stale' and a 'No report' alert follow one rule. No Node imports: Vite bundles this file.
 */

/** true, 1, '1', 'true' are true; false, 0, '0', 'false' are false; anything else is unknown. */
export function toBool(v: unknown): boolean | undefined {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return undefined;
}

/** A number from a number or numeric text; NaN otherwise. */
export const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
const truthy = (v: unknown) => toBool(v) === true || num(v) > 0;

type Fields = Record<string, unknown>;

/** Cooling: callForCool, else ty, else the heuristic (runtimeOne, timeInCooling > 0, coolMin, totalAmps > 30). */
export function isCoolOn(s: Fields): boolean {
  return toBool(s.callForCool) ?? toBool(s.ty) ?? (truthy(s.runtimeOne) || num(s.timeInCooling) > 0 || truthy(s.coolMin) || num(s.totalAmps) > 30);
}

/** Heating: callForHeat, else tw. */
export function isHeatOn(s: Fields): boolean {
  return toBool(s.callForHeat) ?? toBool(s.tw) ?? false;
}

export const STALE_AFTER_MS = 15 * 60_000;
/** A latest sample older than 15 minutes is stale (shown dimmed, value kept). */
export const isStale = (time: string, now: number) => now - Date.parse(time) > STALE_AFTER_MS;
