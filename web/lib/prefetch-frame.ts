/**
 * The report frame's code (the built-in page: /embed.html and its script, modules and styles, and
 * the charts' drawing it names for later, vite.config.ts), fetched into the browser's cache while the user types the password (issue 42), so the first frame
 * after Log In waits on its data only. Low priority (`<link rel="prefetch">`), once per page load,
 * and nothing is run: the frame runs it when it opens. The assets are content-hashed and cached for a
 * year (immutable); the page itself is revalidated. A failure costs nothing: the frame loads as before.
 */
const FRAME_PAGE = '/embed.html';
let started = false;

/** The same-origin asset addresses a built page names: its module script, preloaded modules and stylesheets. */
export function frameAssets(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(m[1]!);
  return [...found];
}

export function prefetchFrameCode(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  void fetch(FRAME_PAGE, { credentials: 'same-origin' })
    .then((res) => (res.ok ? res.text() : ''))
    .then((html) => {
      for (const href of frameAssets(html)) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = href;
        // As the frame asks for them (module scripts and `crossorigin` links are CORS requests), so the cached copy is used.
        link.crossOrigin = 'anonymous';
        link.as = href.endsWith('.css') ? 'style' : 'script';
        document.head.appendChild(link);
      }
    })
    .catch(() => {
      started = false;
    });
}
