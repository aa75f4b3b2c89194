import { z } from 'zod';
import { api } from '../../../lib/api-client';

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
