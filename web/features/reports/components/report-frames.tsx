import Box from '@mui/material/Box';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OpenedRecord, RecordKind } from '../../../embed/protocol';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { frameSigning, getFrameUrl, takeEarlySigning } from '../api/get-frame-url';
import type { Period } from '../period';
import { NoAssignments } from './no-assignments';
import { FrameMessage, ReportFrame } from './report-frame';

export interface ReportSummary {
  id: string;
  name: string;
  group: string;
  /** The configured frame URLs of the report (unsigned); each is sent as `_url`. */
  frames: string[];
}

export interface ReportFramesProps {
  report: ReportSummary;
  /** The user whose view this is: the signed-in user, or the customer user chosen in "view as". */
  viewedEmail: string;
  viewedUserId: string | null;
  /** Property and customer ids of the viewed user (the server narrows to their assignments anyway). */
  properties: string[];
  customers: string[];
  /** Beyond the spec: the chosen period (sent as `from` and `to`), or null for none. */
  period?: Period | null;
  /**
   * The viewed customer account has no customer or no property assigned (its profile says so): the
   * server would refuse every frame, so none is asked for and the area says what is missing.
   */
  nothingAssigned?: boolean;
  /**
   * Called once the first frame's data is on the screen, or at once when no frame will draw (a
   * refusal, a failure): the home screen starts its panels then, off the frame's path (issue 42).
   */
  onFirstDrawn?: () => void;
  /** A row of a work-order, the Invoicing or the Quotes table was chosen in a built-in frame (issue 43). */
  onOpenRecord?: (record: OpenedRecord) => void;
  /** The records this view opens from a frame: a built-in page offers only those (absent: its default, work orders and invoices). */
  opens?: readonly RecordKind[];
}

/**
 * The report's frames in a grid, each an iframe 'Sigma Report'. One POST /api/sigma/filtered per
 * frame, all in parallel; nothing is shown until every URL has loaded (spec section 1). A failure
 * is logged and leaves that frame out (spec section 8), except a message the report service gives
 * for this account (422), which is shown in the frame's place. When the server refuses every frame
 * (403: nothing assigned) the area says what is missing and whom to ask.
 */
export function ReportFrames({ report, viewedEmail, viewedUserId, properties, customers, period = null, nothingAssigned = false, onFirstDrawn, onOpenRecord, opens }: ReportFramesProps) {
  const { session } = useSession();
  const viewingAs = !!session?.isAdmin && viewedEmail !== session.claims.email;
  const view = { email: viewedEmail, userId: viewedUserId, properties, customers, period };
  const signings = report.frames.map((frame) => frameSigning(report.id, frame, view));
  const results = useQueries({
    queries: signings.map(({ queryKey, body }) => ({
      queryKey,
      // The first signing brings a built-in frame's data along (one round less); a re-signing does
      // not. Log In may have made it already (the home screen's head start, issue 42).
      queryFn: ({ signal }: { signal: AbortSignal }) => takeEarlySigning(queryKey) ?? getFrameUrl({ ...body, withData: true }, signal),
      enabled: !nothingAssigned,
      // Signed URLs are single-use (Sigma) and short-lived: never reuse one from the cache.
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    })),
  });

  const drawing = !nothingAssigned && results.some((r) => r.isPending || !!r.data);
  const drawnRef = useRef(onFirstDrawn);
  drawnRef.current = onFirstDrawn;
  useEffect(() => {
    if (!drawing) drawnRef.current?.();
  }, [drawing]);

  if (nothingAssigned)
    return <NoAssignments viewedEmail={viewingAs ? viewedEmail : null} hasCustomers={customers.length > 0} hasProperties={properties.length > 0} serverMessage="" />;
  if (results.some((r) => r.isPending)) return null;
  // The server refuses the account (nothing assigned): say why instead of leaving the area blank.
  // That refusal is explained on the screen, so it is not logged as a failure; any other one is.
  const refusal = results.every((r) => r.error instanceof ApiError && r.error.status === 403) ? results[0]?.error : undefined;
  if (!refusal) for (const r of results) if (r.error) console.error('Failed to load the report URL:', r.error instanceof Error ? r.error.message : r.error);
  if (refusal)
    return (
      <NoAssignments
        viewedEmail={viewingAs ? viewedEmail : null}
        hasCustomers={customers.length > 0}
        hasProperties={properties.length > 0}
        serverMessage={refusal.message}
      />
    );

  return (
    <Box
      data-report={report.id}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: report.frames.length > 1 ? 'repeat(auto-fit, minmax(560px, 1fr))' : '1fr', alignItems: 'start' }}
    >
      {results.map((r, i) => {
        const frame = report.frames[i]!;
        if (r.data) return <ReportFrame key={`${frame}:${r.dataUpdatedAt}`} signed={r.data} resign={() => getFrameUrl(signings[i]!.body)} onDrawn={onFirstDrawn} onOpenRecord={onOpenRecord} opens={opens} />;
        if (r.error instanceof ApiError && r.error.status === 422) return <FrameMessage key={frame} message={r.error.message} />;
        return null;
      })}
    </Box>
  );
}
