import { createHash } from 'node:crypto';

/** What a simulated device measures: packaged/split air units, chillers, or a heating unit. */
export type DeviceKind = 'air' | 'chiller' | 'heat';

/** One simulated device of the telemetry service, tied to a portal equipment row by equipmentId. */
export interface SimDevice {
  deviceId: string;
  equipmentId: string;
  kind: DeviceKind;
  /** Minutes since the device last reported (0: reporting every minute; > 60: nothing in the last hour). */
  lagMinutes: number;
  /** Which cooling signals the device reports: 'call' (callForCool/callForHeat), 'ty' (ty/tw), 'runtime' (only the heuristic fields). */
  signals: 'call' | 'ty' | 'runtime';
  /** How the unit runs (./readings.ts): unset is 'normal' (long cycles, ΔT in the cooling band). */
  profile?: RunProfile;
}

/**
 * What the energy and runtime estimates find in a unit's readings: 'normal' (cycles of 4½ to 7 hours,
 * ΔT 17–21 °F), 'short-cycling' (a 10-minute cycle: 5 minutes on, 5 off), 'low-delta-t' (about 12 °F
 * across the coil, still above the supply-air alert's 9 °F) or 'drifting' (from DRIFT_START, its
 * running current 20 % higher after its first 30 days).
 */
export type RunProfile = 'normal' | 'short-cycling' | 'low-delta-t' | 'drifting';

/**
 * The demo fleet, tied to server/demo/data.ts: Northwind's equipment has devices of every kind and
 * state (fresh, stale, silent for over an hour, two devices on one unit, one unit without a
 * device: CRAC-2) and a unit of each run profile (CRAC-1 short-cycles, RTU-2's A1 device has a low
 * ΔT, its B2 device drifts), Harborview's unmapped equipment has devices too, and one device belongs to no
 * equipment of the portal at all.
 */
export const demoFleet: SimDevice[] = [
  { deviceId: 'NCL-RTU1-A1', equipmentId: 'EQ-1001-01', kind: 'air', lagMinutes: 0, signals: 'call' },
  { deviceId: 'NCL-RTU2-A1', equipmentId: 'EQ-1001-02', kind: 'air', lagMinutes: 0, signals: 'ty', profile: 'low-delta-t' },
  { deviceId: 'NCL-RTU2-B2', equipmentId: 'EQ-1001-02', kind: 'air', lagMinutes: 27, signals: 'call', profile: 'drifting' },
  { deviceId: 'NCL-CH1-C1', equipmentId: 'EQ-1001-03', kind: 'chiller', lagMinutes: 1, signals: 'call' },
  { deviceId: 'NCL-RTUA-A1', equipmentId: 'EQ-1001-04', kind: 'air', lagMinutes: 0, signals: 'call' },
  { deviceId: 'NCL-AHU1-A1', equipmentId: 'EQ-1001-05', kind: 'air', lagMinutes: 190, signals: 'call' },
  { deviceId: 'NCL-MAU1-H1', equipmentId: 'EQ-1001-06', kind: 'heat', lagMinutes: 18, signals: 'call' },
  { deviceId: 'NCL-CRAC1-A1', equipmentId: 'EQ-1001-07', kind: 'air', lagMinutes: 0, signals: 'runtime', profile: 'short-cycling' },
  { deviceId: 'NCL-HV-CH1', equipmentId: 'EQ-1002-01', kind: 'chiller', lagMinutes: 0, signals: 'call' },
  { deviceId: 'NCL-HV-AHU1', equipmentId: 'EQ-1002-02', kind: 'air', lagMinutes: 0, signals: 'call' },
  { deviceId: 'NCL-HV-RTU1', equipmentId: 'EQ-1002-03', kind: 'air', lagMinutes: 2, signals: 'ty' },
  { deviceId: 'NCL-HV-FCU12', equipmentId: 'EQ-1002-04', kind: 'air', lagMinutes: 0, signals: 'call' },
  { deviceId: 'NCL-SPARE-01', equipmentId: 'EQ-RETIRED-01', kind: 'air', lagMinutes: 0, signals: 'call' },
];

/** A number in [0, 1) derived from the text: the same device always gets the same character. */
export function unit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** A device for an equipment row the fleet does not know (imported data): one fresh air device. */
export function deviceForEquipment(equipmentId: string): SimDevice {
  const kind: DeviceKind = unit(`kind:${equipmentId}`) < 0.15 ? 'chiller' : 'air';
  return { deviceId: `SIM-${equipmentId}`, equipmentId, kind, lagMinutes: 0, signals: 'call' };
}

/** A generated fleet of `count` devices over the given equipment ids (round robin), mostly fresh. */
export function generatedFleet(count: number, equipmentIds: string[], prefix = 'GEN'): SimDevice[] {
  const fleet: SimDevice[] = [];
  for (let i = 0; i < count; i++) {
    const equipmentId = equipmentIds[i % equipmentIds.length]!;
    const u = unit(`gen:${prefix}:${i}`);
    fleet.push({
      deviceId: `${prefix}-${String(i + 1).padStart(5, '0')}`,
      equipmentId,
      kind: u < 0.1 ? 'chiller' : u < 0.15 ? 'heat' : 'air',
      lagMinutes: u > 0.97 ? 90 : u > 0.9 ? 20 : 0,
      signals: u < 0.5 ? 'call' : u < 0.8 ? 'ty' : 'runtime',
    });
  }
  return fleet;
}

/** Demo equipment that has no device on purpose ('No devices found for this equipment.'). */
export const equipmentWithoutDevice = new Set(['EQ-1001-08']);

/**
 * The embedded simulator's fleet: the demo fleet, plus one device for every other equipment row
 * of the portal, so imported equipment shows telemetry too.
 */
export function fleetFor(equipmentIds: Iterable<string>): SimDevice[] {
  const covered = new Set(demoFleet.map((d) => d.equipmentId));
  const extra: SimDevice[] = [];
  for (const id of equipmentIds) if (!covered.has(id) && !equipmentWithoutDevice.has(id)) extra.push(deviceForEquipment(id));
  return [...demoFleet, ...extra];
}
