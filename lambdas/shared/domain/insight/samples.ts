/**
 * A telemetry sample (spec section 3's fields: temperatures in °C, currents in A) as a reading of the
 * estimates: the line current is the mean of the legs reported (three legs of a three-phase unit
 * carry the line current each; so do both legs of a split single-phase one); the state is the
 * device's own signal (call for cool or heat, ty/tw, the runtime fields: the rules of
 * contract/telemetry-state.ts) when it reports one, else left to the current; the air temperatures
 * `sadb-1` and `radb-1` in °F. A chiller's water temperatures are not a coil's air ΔT: not used.
 */
import { isCoolOn, isHeatOn, num, toBool } from '../../contract/telemetry-state.js';
import type { Reading } from './series.js';

const LEGS = ['amps-1', 'amps-2', 'amps-3'] as const;
const STATE_FIELDS = ['callForCool', 'callForHeat', 'ty', 'tw', 'runtimeOne', 'timeInCooling', 'coolMin'] as const;

const known = (v: unknown) => toBool(v) !== undefined || Number.isFinite(num(v));
const fahrenheit = (v: unknown) => {
  const c = typeof v === 'boolean' ? NaN : num(v);
  return Number.isFinite(c) ? (c * 9) / 5 + 32 : null;
};

/** The reading of a sample; null for a sample without a time or with an error (no data). */
export function readingOfSample(s: Record<string, unknown>): Reading | null {
  if (typeof s._time !== 'string' || s.error !== undefined) return null;
  const legs = LEGS.map((k) => (typeof s[k] === 'boolean' ? NaN : num(s[k]))).filter((a) => Number.isFinite(a) && a >= 0);
  const reading: Reading = {
    at: s._time,
    amps: legs.length ? legs.reduce((sum, a) => sum + a, 0) / legs.length : null,
    supplyF: fahrenheit(s['sadb-1']),
    returnF: fahrenheit(s['radb-1']),
  };
  if (STATE_FIELDS.some((k) => known(s[k]))) {
    const heating = isHeatOn(s);
    reading.on = heating || isCoolOn(s);
    reading.heating = heating;
  }
  return reading;
}

/** A device's samples as readings, those without data left out. */
export const readingsOfSamples = (samples: readonly Record<string, unknown>[]): Reading[] => samples.flatMap((s) => readingOfSample(s) ?? []);
