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

/** The mean of the legs' currents that are numbers of 0 or more; null when none is. */
function lineCurrent(s: Record<string, unknown>): number | null {
  let sum = 0;
  let count = 0;
  for (const k of LEGS) {
    const v = s[k];
    const a = typeof v === 'boolean' ? NaN : num(v);
    if (Number.isFinite(a) && a >= 0) {
      sum += a;
      count++;
    }
  }
  return count ? sum / count : null;
}

/** The reading of a sample; null for a sample without a time or with an error (no data). */
export function readingOfSample(s: Record<string, unknown>): Reading | null {
  if (typeof s._time !== 'string' || s.error !== undefined) return null;
  const reading: Reading = { at: s._time, amps: lineCurrent(s), supplyF: fahrenheit(s['sadb-1']), returnF: fahrenheit(s['radb-1']) };
  let stateKnown = false;
  for (const k of STATE_FIELDS) if ((stateKnown = known(s[k]))) break;
  if (stateKnown) {
    const heating = isHeatOn(s);
    reading.on = heating || isCoolOn(s);
    reading.heating = heating;
  }
  return reading;
}

/** A device's samples as readings, those without data left out. */
export function readingsOfSamples(samples: readonly Record<string, unknown>[]): Reading[] {
  const out: Reading[] = [];
  for (const s of samples) {
    const r = readingOfSample(s);
    if (r) out.push(r);
  }
  return out;
}
