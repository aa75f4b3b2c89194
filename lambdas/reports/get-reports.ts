import { dynamo } from '../shared/platform/clients.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { loadCatalogue } from '../shared/domain/reports/catalogue.js';

/** The report list (spec section 2) with each report's configured frame URLs. */
export const handler = api({}, async () => ok((await loadCatalogue(dynamo())).map(({ id, name, group, frames }) => ({ id, name, group, frames }))));
