/**
 * Messages between a built-in report page (in its iframe) and the portal page framing it. Both are
 * on the portal's origin; each side checks the origin and the window a message comes from.
 *
 * page -> portal: `height` (the page's content height, on every change) and `refresh` (the page's
 *   token expires soon, or was refused: it asks for a fresh frame URL and keeps its state).
 * page -> portal: `drawn` once, when the page's first data is on the screen (its first chart drawn, or
 *   a page without charts or with a message shown): the portal starts its panels after it (issue 42).
 * page -> portal: `open` with a work order's id, when a row of a work-order table is chosen (issue 43),
 *   or with an invoice's id (`invoiceId`), when a row of the Invoicing table is, or with a quote's id
 *   (`quoteId`), when a row of the Quotes table is: the portal opens that record's screen (the
 *   server checks the id against the viewed user's scope). A message names exactly one record.
 * portal -> page: `token` with a fresh signed frame URL (same page and scope) for the page to use.
 *
 * And one hand-over without a message: the portal keeps a frame's first data (the filtered call's
 * `data`) under the frame's token in its window (`primeFrame`), where the page takes it on load
 * (`primedData`) instead of asking GET /api/embed/data: one round less before the first frame.
 * Beside it the portal keeps which records it opens from this frame (`offerOpens`, read by the page
 * with `offeredOpens`): a row offers to open only those, so a view without a place for a record (an
 * administrator's own view has no quotes panel) shows no button that does nothing.
 */
export const EMBED_MESSAGE = {
  height: 'portal-embed:height',
  refresh: 'portal-embed:refresh',
  drawn: 'portal-embed:drawn',
  token: 'portal-embed:token',
  open: 'portal-embed:open',
} as const;

/** A work order (invoice, quote) id a page may ask the portal to open: 1 to 200 characters, none of them a control character. */
export const isWorkOrderId = (v: unknown): v is string =>
  // eslint-disable-next-line no-control-regex
  typeof v === 'string' && v.length >= 1 && v.length <= 200 && v.trim() === v && !/[\u0000-\u001f\u007f]/.test(v);

export type EmbedMessage =
  | { type: typeof EMBED_MESSAGE.height; height: number }
  | { type: typeof EMBED_MESSAGE.refresh }
  | { type: typeof EMBED_MESSAGE.drawn }
  | { type: typeof EMBED_MESSAGE.token; url: string }
  | { type: typeof EMBED_MESSAGE.open; workOrderId: string }
  | { type: typeof EMBED_MESSAGE.open; invoiceId: string }
  | { type: typeof EMBED_MESSAGE.open; quoteId: string };

/** The kinds of record a page may ask the portal to open. */
export type RecordKind = 'work-order' | 'invoice' | 'quote';
/** What an `open` message asks the portal to open. */
export type OpenedRecord = { kind: RecordKind; id: string };

/** The field of an `open` message naming each kind's id. */
const ID_FIELD = { 'work-order': 'workOrderId', invoice: 'invoiceId', quote: 'quoteId' } as const satisfies Record<RecordKind, string>;
const ID_FIELDS = Object.values(ID_FIELD);

/** The record an `open` message names (a message names exactly one). */
export const openedRecord = (m: { workOrderId: string } | { invoiceId: string } | { quoteId: string }): OpenedRecord =>
  'invoiceId' in m ? { kind: 'invoice', id: m.invoiceId } : 'quoteId' in m ? { kind: 'quote', id: m.quoteId } : { kind: 'work-order', id: m.workOrderId };

/** What a page offers to open when the portal did not say (a portal of before quotes opened, or none): work orders and invoices. */
export const DEFAULT_OPENS: ReadonlySet<RecordKind> = new Set(['work-order', 'invoice']);

/** Seconds before a token's expiry at which the page asks for a fresh one. */
export const REFRESH_AHEAD_SECONDS = 120;

export function isEmbedMessage(data: unknown): data is EmbedMessage {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  if (m.type === EMBED_MESSAGE.height) return typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0;
  if (m.type === EMBED_MESSAGE.refresh || m.type === EMBED_MESSAGE.drawn) return true;
  if (m.type === EMBED_MESSAGE.token) return typeof m.url === 'string';
  if (m.type === EMBED_MESSAGE.open) {
    // Exactly one record: a work order, an invoice or a quote.
    const named = ID_FIELDS.filter((f) => f in m);
    return named.length === 1 && isWorkOrderId(m[named[0]!]);
  }
  return false;
}

/** The token carried by a built-in frame URL (/embed/<page>?token=...), or null. */
export function tokenFromUrl(url: string, base: string): string | null {
  try {
    return new URL(url, base).searchParams.get('token');
  } catch {
    return null;
  }
}

/** A JWT's claims, read without verifying (the server verifies); null when unreadable. */
function tokenClaims(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(part)) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A JWT's exp claim (seconds), read without verifying (the server verifies). */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** The built-in page an embed token was signed for, read without verifying. */
export function tokenPage(token: string): string | null {
  const page = tokenClaims(token)?.page;
  return typeof page === 'string' ? page : null;
}

/** The page a report frame shows, from its path (/embed/<page>); the page's HTML is the same for all. */
export function pageFromPath(pathname: string): string {
  const m = /^\/embed\/([^/?#]*)\/?$/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : '';
}

/** The portal window's property holding frames' first data by token. */
const PRIMED = '__portalFrameData';
type PrimedWindow = { [PRIMED]?: Map<string, unknown> };

/** Portal side: keeps a frame's first data for the frame at `url` to take; returns what forgets it. */
export function primeFrame(url: string, data: unknown, win: Window = window): () => void {
  const token = tokenFromUrl(url, win.location.origin);
  if (!token) return () => {};
  const w = win as unknown as PrimedWindow;
  const store = (w[PRIMED] ??= new Map());
  store.set(token, data);
  return () => {
    if (store.get(token) === data) store.delete(token);
  };
}

/**
 * Page side: the data the portal framing this page kept for its token, or undefined (no parent,
 * another origin's parent, or nothing kept: the page asks the API as before).
 */
export function primedData(token: string | null, win: Window = window): unknown {
  if (!token || win.parent === win) return undefined;
  try {
    return (win.parent as unknown as PrimedWindow)[PRIMED]?.get(token);
  } catch {
    // A parent on another origin: its window's properties are not readable.
    return undefined;
  }
}

/** The portal window's property holding, by token, the records the portal opens from that frame. */
const OPENS = '__portalFrameOpens';
type OpensWindow = { [OPENS]?: Map<string, readonly RecordKind[]> };

/** Portal side: says which records the frame at `url` may offer to open; returns what forgets it. */
export function offerOpens(url: string, kinds: readonly RecordKind[], win: Window = window): () => void {
  const token = tokenFromUrl(url, win.location.origin);
  if (!token) return () => {};
  const w = win as unknown as OpensWindow;
  const store = (w[OPENS] ??= new Map());
  const kept = [...kinds];
  store.set(token, kept);
  return () => {
    if (store.get(token) === kept) store.delete(token);
  };
}

/**
 * Page side: the records this page may offer to open, as its portal said for its token; without a
 * word from it (no parent, another origin's, nothing said) work orders and invoices (DEFAULT_OPENS).
 */
export function offeredOpens(token: string | null, win: Window = window): ReadonlySet<RecordKind> {
  if (!token || win.parent === win) return DEFAULT_OPENS;
  try {
    const kinds = (win.parent as unknown as OpensWindow)[OPENS]?.get(token);
    return kinds ? new Set(kinds) : DEFAULT_OPENS;
  } catch {
    return DEFAULT_OPENS;
  }
}

let drawnSent = false;
/** Page side: tells the portal, once, that the page's first data is on the screen. */
export function announceDrawn(win: Window = window): void {
  if (drawnSent || win.parent === win) return;
  drawnSent = true;
  win.parent.postMessage({ type: EMBED_MESSAGE.drawn }, win.location.origin);
}

/** Page side: asks the portal framing this page to open a work order (nothing without a parent). */
export function openWorkOrder(workOrderId: string, win: Window = window): void {
  if (win.parent === win) return;
  win.parent.postMessage({ type: EMBED_MESSAGE.open, workOrderId }, win.location.origin);
}

/** Page side: asks the portal framing this page to open an invoice (nothing without a parent). */
export function openInvoice(invoiceId: string, win: Window = window): void {
  if (win.parent === win) return;
  win.parent.postMessage({ type: EMBED_MESSAGE.open, invoiceId }, win.location.origin);
}

/** Page side: asks the portal framing this page to open a quote (nothing without a parent). */
export function openQuote(quoteId: string, win: Window = window): void {
  if (win.parent === win) return;
  win.parent.postMessage({ type: EMBED_MESSAGE.open, quoteId }, win.location.origin);
}
