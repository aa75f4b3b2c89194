import { equipmentPath, invoicePath, workOrderPath } from '../features/work-orders/paths';

/** The routes of spec section 2. */
export const paths = {
  login: '/',
  home: '/home',
  /** Beyond the spec: one report of /home, by its id (/home/quotes), so it can be reloaded, bookmarked and sent. */
  report: (id: string) => `/home/${encodeURIComponent(id)}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  registration: '/user-registration',
  /** Beyond the spec (issue 20): the mails' unsubscribe link, public (/unsubscribe?token=...). */
  unsubscribe: '/unsubscribe',
  /** Beyond the spec (issue 43): one work order (/work-orders/<id>). */
  workOrder: workOrderPath,
  /** Beyond the spec (issue 43, item 4): one invoice (/invoices/<invoice id>). */
  invoice: invoicePath,
  /** Beyond the spec (issue 43, item 5): one asset's history (/equipment/<asset id>). */
  equipment: equipmentPath,
  /** Beyond the spec (issue 44): how the energy and runtime estimates are made, with a unit's inputs in the query. */
  estimates: '/energy-estimates',
  /** Beyond the spec (issue 44): a customer's energy and runtime summary per property, and the units ranked by drift. */
  energySummary: (customerId: string) => `/energy-summary/${encodeURIComponent(customerId)}`,
} as const;

/**
 * Where Log In goes once signed in: the address that was asked for when it is one of the portal's
 * own signed-in pages (`/home`, `/home/<report>`, with its query; a work order `/work-orders/<id>`; an invoice `/invoices/<id>`; an
 * asset's history `/equipment/<id>`; a customer's energy summary `/energy-summary/<id>`, with its period's query; the estimates' page `/energy-estimates`, the weekly
 * summary mail's link), else /home. Never another site:
 * only a path under /home, with no `//` or backslash that a browser could read as another host.
 */
export function afterLogIn(returnTo: unknown): string {
  if (typeof returnTo !== 'string' || !/^\/(?:home(?:[/?]|$)|energy-estimates(?:\?|$)|(?:work-orders|invoices|equipment)\/[^/?#]+$|energy-summary\/[^/?#]+(?:\?[^#]*)?$)/.test(returnTo) || /\/\/|\\/.test(returnTo)) return paths.home;
  return returnTo;
}
