import { hashKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { onSessionEnd } from '../../../lib/session-end';
import type { Period } from '../period';
import { reportKeys } from '../query-keys';

/**
 * The answer of POST /api/sigma/filtered: a signed frame URL and when its token expires; asked
 * `withData`, a built-in frame's first data too (handed to the frame as it is, issue 42).
 */
export const FrameUrl = z.object({ url: z.string(), expiresAt: z.string().optional(), data: z.unknown().optional() });
export type FrameUrl = z.infer<typeof FrameUrl>;

/** The filtered embed request of spec section 3. */
export interface FilteredRequest {
  userId: string | null;
  email: string;
  _url: string;
  properties: string[];
  customers: string[];
  selectedReport: string;
  userDetails: { email: string; userId: string | null };
  /** Beyond the spec: the report period's first and last day (YYYY-MM-DD, UTC); both or neither. */
  from?: string;
  to?: string;
  /** Beyond the spec (issue 42): a built-in frame's data in the same answer, for a frame's first load. */
  withData?: boolean;
}

/** POST /api/sigma/filtered: signs one configured frame of a report for the viewed user. */
export async function getFrameUrl(body: FilteredRequest, signal?: AbortSignal): Promise<FrameUrl> {
  return FrameUrl.parse(await api('/api/sigma/filtered', { method: 'POST', body, signal }));
}

/** Whose view a report's frames are signed for: the viewed user, their assignments, the period. */
export interface FrameView {
  email: string;
  userId: string | null;
  properties: string[];
  customers: string[];
  period: Period | null;
}

/** One frame's signing for a view: its cache key and the filtered request (spec section 3), from one place. */
export function frameSigning(reportId: string, frame: string, view: FrameView): { queryKey: readonly unknown[]; body: FilteredRequest } {
  const { email, userId, properties, customers, period } = view;
  return {
    queryKey: reportKeys.frameUrl({ reportId, frame, email, userId, properties, customers, period }),
    body: {
      userId,
      email,
      _url: frame,
      properties,
      customers,
      selectedReport: reportId,
      userDetails: { email, userId },
      ...(period ? { from: period.from, to: period.to } : {}),
    },
  };
}

/** How long a signing made ahead waits to be taken (the home screen mounts within a second of Log In). */
const EARLY_KEPT_MS = 30_000;
const early = new Map<string, Promise<FrameUrl>>();
onSessionEnd(() => early.clear());

/**
 * Signs a frame, with its first data, before the screen that shows it has mounted: the home
 * screen's head start at Log In (issue 42, app/routes/home-start.ts). The screen's own first ask
 * for the same frame and view takes this answer (`takeEarlySigning`), once, instead of calling again.
 */
export function signFrameEarly(reportId: string, frame: string, view: FrameView): void {
  const { queryKey, body } = frameSigning(reportId, frame, view);
  const key = hashKey(queryKey);
  const signing = getFrameUrl({ ...body, withData: true });
  // Its failure is the screen's to show when it takes it; one never taken is dropped quietly.
  signing.catch(() => {});
  early.set(key, signing);
  setTimeout(() => {
    if (early.get(key) === signing) early.delete(key);
  }, EARLY_KEPT_MS);
}

/** A signing made ahead for this key, taken once (a signed URL is for one frame load). */
export function takeEarlySigning(queryKey: readonly unknown[]): Promise<FrameUrl> | undefined {
  const key = hashKey(queryKey);
  const signing = early.get(key);
  early.delete(key);
  return signing;
}
