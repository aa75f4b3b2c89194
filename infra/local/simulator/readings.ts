import { unit, type SimDevice } from './fleet.js';

export type Reading = Record<string, number | boolean>;

const MINUTE = 60_000;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
/** Deterministic noise in [-0.5, 0.5) for one device, quantity and minute. */
const noise = (id: string, what: string, minute: number) => unit(`${id}:${what}:${minute}`) - 0.5;

/** The device's sample second within each minute, so devices do not all report at :00. */
export function reportOffsetMs(device: SimDevice): number {
  return Math.floor(unit(`offset:${device.deviceId}`) * 50) * 1000;
}

/** The device's report time (once a minute, at its offset) at or before `ms`. */
export function reportAtOrBefore(device: SimDevice, ms: number): number {
  const offset = reportOffsetMs(device);
  return Math.floor((ms - offset) / MINUTE) * MINUTE + offset;
}

/** When the device last reported at or before `nowMs` (it reports once a minute, `lagMinutes` late). */
export function lastReportAt(device: SimDevice, nowMs: number): number {
  return reportAtOrBefore(device, nowMs - device.lagMinutes * MINUTE);
}

/** The fixed start of the drifting profile's readings (none before it): tests and the demo see the same series. */
export const DRIFT_START_MS = Date.UTC(2026, 0, 1);
/** The drifting unit's running current is this much higher from this many days after DRIFT_START. */
export const DRIFT = { afterDays: 30, factor: 1.2 } as const;

/** The first time the device has readings (the drifting profile's start), or -Infinity. */
export function firstReportAt(device: SimDevice): number {
  return device.profile === 'drifting' ? DRIFT_START_MS : -Infinity;
}

/** Where the device is in its run cycle at that minute: running or idle, and for how long. */
function cycle(device: SimDevice, minute: number) {
  const id = device.deviceId;
  const short = device.profile === 'short-cycling';
  // Normal: 4½ to 7 hours a cycle (at most 5⅓ starts a day); short cycling: 10 minutes, half on.
  const period = short ? 10 : 270 + Math.floor(unit(`period:${id}`) * 150);
  const duty = short ? 0.5 : 0.45 + unit(`duty:${id}`) * 0.3;
  const pos = (minute + Math.floor(unit(`phase:${id}`) * period)) % period;
  const onFor = Math.floor(period * duty);
  return pos < onFor ? { running: true, minutes: pos } : { running: false, minutes: pos - onFor };
}

/**
 * The device's readings at a report time: physically plausible and the same for the same device
 * and minute, and consistent with the unit's state: a running unit draws its running current and
 * calls for cooling (or, a heating unit, for heat) with the matching supply temperature; an idle
 * one draws standby current and its supply drifts back towards the return. Temperatures in °C,
 * currents in A.
 */
export function readingsAt(device: SimDevice, atMs: number, fault?: 'warm-supply'): Reading {
  const id = device.deviceId;
  const minute = Math.floor(atMs / MINUTE);
  // The warm-supply fault: an air unit that runs and calls for cool without cooling.
  const warm = fault === 'warm-supply' && device.kind === 'air';
  const { running, minutes } = warm ? { running: true, minutes: 10 } : cycle(device, minute);
  const r: Reading = {};

  // The drifting unit stays under the current alert's 40 A after its 20 % rise.
  const drifting = device.profile === 'drifting';
  const legBase = drifting ? 10 + unit(`amps:${id}`) * 15 : 10 + unit(`amps:${id}`) * 25;
  const drift = drifting && atMs >= DRIFT_START_MS + DRIFT.afterDays * 86_400_000 ? DRIFT.factor : 1;
  const legs = [1, 2, 3].map((leg) =>
    running ? clamp(legBase * drift * (1 + 0.05 * noise(id, `amps-${leg}`, minute)), 10, 35) : 0.1 + 0.3 * (noise(id, `idle-${leg}`, minute) + 0.5),
  );
  legs.forEach((a, i) => (r[`amps-${i + 1}`] = round(a)));
  r.totalAmps = round(legs.reduce((s, a) => s + a, 0));

  if (device.kind === 'chiller') {
    const supply = 6.7 + unit(`wst:${id}`) * 0.6 + 0.1 * noise(id, 'wst', minute);
    const ret = 11.6 + unit(`wrt:${id}`) * 0.8 + 0.1 * noise(id, 'wrt', minute);
    // Idle: the loop's supply water warms back towards the return.
    r.wst = round(running ? supply : ret - (ret - supply) * Math.exp(-minutes / 8));
    r.wrt = round(ret);
  } else {
    const daily = Math.sin((2 * Math.PI * (minute % 1440)) / 1440);
    const ret = clamp(21.5 + unit(`radb:${id}`) * 4 + 0.5 * daily + 0.2 * noise(id, 'radb', minute), 21, 26);
    // °C across the coil: 9.4–11.6 (17–21 °F, inside the 16–22 °F band) or, low ΔT, 6.5–7 (about 12 °F).
    const lowDelta = device.profile === 'low-delta-t';
    const delta = lowDelta ? 6.5 + unit(`delta:${id}`) * 0.5 : 9.4 + unit(`delta:${id}`) * 2.2;
    let supply: number;
    if (device.kind === 'heat') {
      const rise = 15 + unit(`rise:${id}`) * 10;
      // Burner off: the discharge air falls to near return within a minute or two, so hot air always comes with its call.
      supply = running ? ret + rise + 0.2 * noise(id, 'sadb', minute) : ret + 0.25 * rise * Math.exp(-minutes / 2);
    } else {
      supply = warm
        ? ret - 1.5 - 0.2 * noise(id, 'sadb', minute)
        : running
          ? ret - clamp(delta + 0.2 * noise(id, 'sadb', minute), lowDelta ? 6.4 : 9.3, lowDelta ? 7.1 : 11.7)
          : ret - 0.3 * delta * Math.exp(-minutes / 3);
    }
    r['radb-1'] = round(ret);
    r['sadb-1'] = round(supply);
  }

  const cooling = device.kind !== 'heat' && running;
  const heating = device.kind === 'heat' && running;
  if (device.signals === 'call') {
    r.callForCool = cooling;
    r.callForHeat = heating;
  } else if (device.signals === 'ty') {
    r.ty = cooling ? 1 : 0;
    r.tw = heating ? 1 : 0;
  } else {
    r.runtimeOne = cooling ? 1 : 0;
    r.timeInCooling = cooling ? (minutes + 1) * 60 : 0;
    r.coolMin = cooling ? minutes + 1 : 0;
  }
  return r;
}
