import { settings } from '../shared/platform/env.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

/** The web app's settings (until it reads config.json): product name, contact link, staff domains. */
export const handler = api({}, async () =>
  ok({
    productName: settings.productName(),
    contactUrl: settings.contactUrl(),
    staffDomains: settings.staffDomains(),
    excludedCustomerDomains: settings.excludedCustomerDomains(),
  }),
);
