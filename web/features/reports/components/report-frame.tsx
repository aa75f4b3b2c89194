import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EMBED_MESSAGE, isEmbedMessage, offerOpens, openedRecord, primeFrame, type OpenedRecord, type RecordKind } from '../../../embed/protocol';
import type { FrameUrl } from '../api/get-frame-url';
import { reportStrings } from '../strings';

/** Seconds before expiry at which an external (Sigma) frame gets a fresh URL. */
const EXTERNAL_REFRESH_AHEAD_MS = 60_000;

export interface ReportFrameProps {
  signed: FrameUrl;
  /** Signs the same frame again (same report, viewed user and filters). */
  resign: () => Promise<FrameUrl>;
  /** Called once the frame's first data is on the screen (a built-in page says so; an external frame when it has loaded). */
  onDrawn?: () => void;
  /** A built-in page asks to open one of its work orders, invoices or quotes (issue 43): the portal navigates. */
  onOpenRecord?: (record: OpenedRecord) => void;
  /** The records this view opens from the frame (told to a built-in page, which offers only those); absent: the page's default. */
  opens?: readonly RecordKind[];
}

const isBuiltIn = (url: string) => url.startsWith('/embed/');

/**
 * One report frame. A built-in page tells its height and asks for a fresh token before its own
 * expires; the frame answers over postMessage and its src stays the same, so the page keeps its
 * state. An external (Sigma) frame gets a fresh URL shortly before its session ends.
 */
export function ReportFrame({ signed, resign, onDrawn, onOpenRecord, opens }: ReportFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState(signed.url);
  const builtIn = isBuiltIn(signed.url);
  const [height, setHeight] = useState(builtIn ? 640 : 900);
  const resignRef = useRef(resign);
  resignRef.current = resign;
  const drawnRef = useRef(onDrawn);
  drawnRef.current = onDrawn;
  const openRef = useRef(onOpenRecord);
  openRef.current = onOpenRecord;

  // The first data came with the URL: kept for the page to take as it loads (before it runs).
  useLayoutEffect(() => (builtIn && signed.data !== undefined ? primeFrame(signed.url, signed.data) : undefined), [builtIn, signed]);
  // And what the page's rows may open here, told the same way before it loads.
  const opensKey = opens?.join(',');
  useLayoutEffect(() => (builtIn && opens ? offerOpens(signed.url, opens) : undefined), [builtIn, signed, opensKey]);

  useEffect(() => {
    const frameOrigin = builtIn ? window.location.origin : new URL(src).origin;
    function handleMessage(event: MessageEvent) {
      const win = ref.current?.contentWindow;
      if (!win || event.source !== win || event.origin !== frameOrigin) return;
      if (builtIn) {
        if (!isEmbedMessage(event.data)) return;
        if (event.data.type === EMBED_MESSAGE.height) setHeight(Math.max(120, Math.min(event.data.height, 20_000)));
        else if (event.data.type === EMBED_MESSAGE.drawn) drawnRef.current?.();
        else if (event.data.type === EMBED_MESSAGE.open) openRef.current?.(openedRecord(event.data));
        else if (event.data.type === EMBED_MESSAGE.refresh)
          resignRef
            .current()
            .then((fresh) => win.postMessage({ type: EMBED_MESSAGE.token, url: fresh.url }, window.location.origin))
            .catch((err: unknown) => console.error('Failed to refresh the report URL:', err));
      } else {
        // Sigma's own height event (with :responsive_height=true on the workbook URL).
        const data = event.data as { type?: unknown; pageHeight?: unknown } | null;
        if (data?.type === 'workbook:pageheight:onchange' && typeof data.pageHeight === 'number') setHeight(Math.max(200, Math.min(data.pageHeight, 20_000)));
      }
    }
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [builtIn, src]);

  useEffect(() => {
    if (builtIn || !signed.expiresAt) return;
    const wait = Date.parse(signed.expiresAt) - Date.now() - EXTERNAL_REFRESH_AHEAD_MS;
    const timer = window.setTimeout(
      () =>
        resignRef
          .current()
          .then((fresh) => setSrc(fresh.url))
          .catch((err: unknown) => console.error('Failed to refresh the report URL:', err)),
      Math.max(5_000, Math.min(wait, 2 ** 31 - 1)),
    );
    return () => window.clearTimeout(timer);
  }, [builtIn, signed.expiresAt, src]);

  return (
    <Box
      component="iframe"
      ref={ref}
      title={reportStrings.frameTitle}
      src={src}
      referrerPolicy="same-origin"
      onLoad={builtIn ? undefined : () => drawnRef.current?.()}
      sx={{ width: '100%', height, border: 0, display: 'block', bgcolor: 'background.default', borderRadius: 1 }}
    />
  );
}

/** Shown in place of a frame the report service cannot sign for this account (e.g. an email Sigma refuses). */
export function FrameMessage({ message }: { message: string }) {
  return (
    <Alert severity="warning" role="alert">
      {message}
    </Alert>
  );
}
