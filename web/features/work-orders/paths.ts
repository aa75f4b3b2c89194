/**
 * The work order screen's address and where its Back goes (issue 43). A screen that opens a work
 * order passes its own address as `from` in the history state; Back returns there (a report page
 * with its filters, the page of the Coming up panel). Only the portal's own signed-in pages are
 * taken, never another site; anything else, or none (the screen opened from a bookmark or a mail),
 * goes to the Dashboard.
 */
export const workOrderPath = (id: string) => `/work-orders/${encodeURIComponent(id)}`;

/**
 * Where a work order opened from `pathname` + `search` returns to; opened from a dialog of that page
 * (My Requests), the page with `?open=<dialog>`, which opens it again (as a mail's link does). The
 * page's own history state, when it was opened so itself, rides along (`back`), so that a screen opened from a screen (a work
 * order from an equipment history opened from a work order) gives each Back its own way back.
 */
export function openedFrom(location: { pathname: string; search: string; state?: unknown }, dialog?: 'requests') {
  const back = typeof (location.state as { from?: unknown } | null)?.from === 'string' ? { back: location.state } : {};
  if (!dialog) return { from: `${location.pathname}${location.search}`, ...back };
  const search = new URLSearchParams(location.search);
  search.set('open', dialog);
  return { from: `${location.pathname}?${search}`, ...back };
}

/** An invoice's screen (issue 43, item 4): /invoices/<invoice id>. */
export const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** A page Back may return to: a page under /home (with its query), a work order, an invoice or an equipment history. */
const RETURNABLE = /^\/(?:home(?:[/?]|$)|(?:work-orders|invoices|equipment)\/[^/?#]+$)/;

export function backTarget(state: unknown, home = '/home'): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !RETURNABLE.test(from) || /\/\/|\\/.test(from)) return home;
  return from;
}

/** The history state to return with: the one the page Back returns to was opened with, if any. */
export const backState = (state: unknown): unknown => (state && typeof state === 'object' ? ((state as { back?: unknown }).back ?? null) : null);

/** The Quotes page with one quote's row shown (as a mail's link, lambdas/shared/platform/links.ts). */
export const quotePath = (id: string) => `/home/quotes?${new URLSearchParams({ quote: id })}`;
/** The Invoicing page. */
export const invoicesPath = '/home/invoicing';
/** An asset's history (issue 43, item 5): /equipment/<asset id>. */
export const equipmentPath = (assetId: string) => `/equipment/${encodeURIComponent(assetId)}`;

/**
 * Analytics with one monitored unit chosen (its equipment id from the telemetry mapping): the
 * equipment history's way to the unit's readings. Analytics shows the viewed account's first
 * customer; a unit not among its equipment leaves the dashboard as it opens.
 */
export const analyticsPath = (equipmentId: string) => `/home/analytics?${new URLSearchParams({ equipment: equipmentId })}`;
