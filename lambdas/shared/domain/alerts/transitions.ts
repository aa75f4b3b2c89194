/**
 * One device and rule's step from one evaluation to the next. An alert is raised once, when its
 * condition has held for the rule's minutes, and cleared once, when a sample shows it gone: each
 * raise and each clear is one transition, so a notification sent on a transition is sent once.
 */
export type AlertStatus = 'pending' | 'active';

export interface AlertState {
  status: AlertStatus;
  /** When the condition was first seen (ISO). */
  since: string;
}

export type Transition =
  | { kind: 'none' }
  /** The condition is new: remember since when. */
  | { kind: 'pending'; since: string }
  /** The condition has held long enough: the alert is raised. */
  | { kind: 'raise'; since: string }
  /** A raised alert's condition is gone: the alert is cleared. */
  | { kind: 'clear' }
  /** A condition that went away before it was raised: forgotten, nobody told. */
  | { kind: 'drop' };

/** `began`: when a new condition began, where the sample tells (else it begins now). */
export function step(prev: AlertState | undefined, breached: boolean | undefined, forMinutes: number, now: number, began?: string): Transition {
  if (breached === undefined) return { kind: 'none' };
  if (!breached) {
    if (prev?.status === 'active') return { kind: 'clear' };
    if (prev?.status === 'pending') return { kind: 'drop' };
    return { kind: 'none' };
  }
  if (prev?.status === 'active') return { kind: 'none' };
  const since = prev?.since ?? began ?? new Date(now).toISOString();
  if (now - Date.parse(since) >= forMinutes * 60_000) return { kind: 'raise', since };
  return prev ? { kind: 'none' } : { kind: 'pending', since };
}
