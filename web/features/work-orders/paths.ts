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
 * (My Requests), the page with `?open=<dialog>`, which opens it again (as a mail's link does).
 */
export function openedFrom(location: { pathname: string; search: string }, dialog?: 'requests') {
  if (!dialog) return { from: `${location.pathname}${location.search}` };
  const search = new URLSearchParams(location.search);
  search.set('open', dialog);
  return { from: `${location.pathname}?${search}` };
}

export function backTarget(state: unknown, home = '/home'): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !/^\/home(?:[/?]|$)/.test(from) || /\/\/|\\/.test(from)) return home;
  return from;
}

/** The Quotes page with one quote's row shown (as a mail's link, lambdas/shared/platform/links.ts). */
export const quotePath = (id: string) => `/home/quotes?${new URLSearchParams({ quote: id })}`;
/** The Invoicing page. */
export const invoicesPath = '/home/invoicing';
