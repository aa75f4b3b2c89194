/** Synthetic readings with known answers: one reading a minute (or `stepMinutes`) from T0. */
import type { Reading } from '../../../../lambdas/shared/domain/insight/index.js';

export const T0 = Date.parse('2026-06-01T00:00:00Z');
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** Readings at T0 + fromMinutes, every stepMinutes, for `minutes` minutes (the last at the end): `at` is minutes since T0. */
export function readings(minutes: number, at: (m: number) => Omit<Reading, 'at'>, options: { fromMinutes?: number; stepMinutes?: number } = {}): Reading[] {
  const from = options.fromMinutes ?? 0;
  const step = options.stepMinutes ?? 1;
  const out: Reading[] = [];
  for (let m = from; m <= from + minutes; m += step) out.push({ at: T0 + m * MIN, ...at(m) });
  return out;
}

/** A period from T0 + fromHours, `hours` long, as ISO text. */
export const period = (hours: number, fromHours = 0) => ({ start: new Date(T0 + fromHours * HOUR).toISOString(), end: new Date(T0 + (fromHours + hours) * HOUR).toISOString() });

/** A square wave: on (at `amps`) for `onMinutes`, then off (0 A) for `offMinutes`, from minute 0. */
export const square = (onMinutes: number, offMinutes: number, amps = 20) => (m: number) => ({ amps: m % (onMinutes + offMinutes) < onMinutes ? amps : 0 });
