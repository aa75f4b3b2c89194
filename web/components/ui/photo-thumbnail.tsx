import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useEffect, useRef, useState } from 'react';

/** The thumbnail's side, in pixels, unless a caller asks for another. */
const SIZE = 72;

/**
 * One photo as a small thumbnail that opens the full image in a new tab: a service request's
 * (issue 39) and a work order's before and after photos (issue 43). The link is the photo's
 * presigned GET from the answer that listed it (made only for photos the malware scan found clean,
 * in the reader's scope). The page's CSP allows images from itself, data: and blob: only, so the
 * image is fetched (connect-src names the bucket) once the thumbnail comes into view, and shown
 * from a blob; until then, or if it cannot be read, the file's name stands in.
 */
export function PhotoThumbnail({ url, fileName, alt, label, testId, size = SIZE }: { url: string; fileName: string; alt: string; label: string; testId: string; size?: number }) {
  const box = useRef<HTMLAnchorElement | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    const load = () => {
      // Not from the cache: a copy fetched without CORS headers could not be read (see the documents' download).
      fetch(url, { cache: 'no-store' })
        .then(async (res) => {
          if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) throw new Error(`status ${res.status}`);
          const blob = await res.blob();
          if (cancelled) return;
          objectUrl = URL.createObjectURL(blob);
          setSrc(objectUrl);
        })
        .catch(() => !cancelled && setFailed(true));
    };
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        load();
      }
    });
    seen.observe(el);
    return () => {
      cancelled = true;
      seen.disconnect();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return (
    <Link
      ref={box}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-testid={testId}
      sx={{
        width: size,
        height: size,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: 11,
        textAlign: 'center',
        wordBreak: 'break-all',
      }}
    >
      {src && !failed ? (
        <Box component="img" src={src} alt={alt} width={size} height={size} sx={{ objectFit: 'cover', display: 'block' }} />
      ) : (
        fileName
      )}
    </Link>
  );
}
