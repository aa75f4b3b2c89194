/**
 * Equipment faults the simulator can play, so the equipment alerts have something to find: a device
 * that stops reporting, and an air unit whose supply air drifts warm while it calls for cool (a lost
 * refrigerant charge, a failed compressor). Either injected by hand (tests: `sim.deviceFaults`) or
 * on a schedule measured from the simulator's start (the demo: `demoFaultSchedule`).
 */
export type DeviceFaultKind = 'silent' | 'warm-supply';

export interface ScheduledFault {
  deviceId: string;
  kind: DeviceFaultKind;
  /** Minutes after the simulator's start that the fault first begins. */
  startMinute: number;
  /** How long each occurrence lasts, in minutes. */
  forMinutes: number;
  /** The fault recurs every so many minutes from its first start. */
  everyMinutes: number;
}

/**
 * The demo's schedule (`npm run demo`; SIMULATOR_FAULTS=off turns it off): Northwind's RTU-A stops
 * reporting one minute after start for 25 minutes (alert 'Not reporting' 15 minutes into the silence,
 * cleared when it reports again), and RTU-1's supply air drifts warm while it calls for cool from
 * minute 2 for 30 minutes (alert after the rule's 15 minutes, cleared when it recovers); both again
 * every hour.
 */
export const demoFaultSchedule: ScheduledFault[] = [
  { deviceId: 'NCL-RTUA-A1', kind: 'silent', startMinute: 1, forMinutes: 25, everyMinutes: 60 },
  { deviceId: 'NCL-RTU1-A1', kind: 'warm-supply', startMinute: 2, forMinutes: 30, everyMinutes: 60 },
];

const MINUTE = 60_000;

/** The occurrence of a scheduled fault under way at `atMs`: when it began, or undefined. */
export function occurrenceAt(f: ScheduledFault, epochMs: number, atMs: number): number | undefined {
  const first = epochMs + f.startMinute * MINUTE;
  if (atMs < first) return undefined;
  const begun = first + Math.floor((atMs - first) / (f.everyMinutes * MINUTE)) * f.everyMinutes * MINUTE;
  return atMs < begun + f.forMinutes * MINUTE ? begun : undefined;
}
