/**
 * Links in the portal's mails to what each mail is about, on the web app's own addresses: a
 * signed-out reader goes through Log In and comes back to them (web/app/paths.ts afterLogIn).
 * `open` names a dialog of the home screen (web/app/routes/home.tsx), `property` the reports'
 * property filter (and the Documents dialog's property).
 */
import { settings } from './env.js';

const base = () => settings.publicUrl().replace(/\/$/, '');
const home = (query: Record<string, string>) => `${base()}/home?${new URLSearchParams(query)}`;

export const mailLinks = {
  /** The service requests (the customer's My Requests, the provider's Service Requests). */
  requests: () => home({ open: 'requests' }),
  /** The documents of one property, or of all the reader's properties. */
  documents: (propertyId?: string) => home({ ...(propertyId ? { property: propertyId } : {}), open: 'documents' }),
  /** The Analytics page, with the telemetry dashboard and its alerts. */
  equipment: () => `${base()}/home/analytics`,
  /** How the energy and runtime estimates are made (issue 44; web/app/paths.ts estimates). */
  estimates: () => `${base()}/energy-estimates`,
  /** The reports. */
  reports: () => `${base()}/home`,
  /** One work order's screen (issue 43; web/features/work-orders/paths.ts workOrderPath). */
  workOrder: (workOrderId: string) => `${base()}/work-orders/${encodeURIComponent(workOrderId)}`,
  /** One quote: the Quotes page with that quote's row shown and its Review at hand (issue 39). */
  quote: (quoteId: string) => `${base()}/home/quotes?${new URLSearchParams({ quote: quoteId })}`,
};
