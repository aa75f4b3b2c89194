import { dynamo } from '../shared/platform/clients.js';
import { api } from '../shared/platform/middleware.js';
import { authorizeEmbed, loadPageInput } from '../shared/domain/reports/embed-request.js';
import { pageAttributes, pageData, pageDatasets } from '../shared/domain/reports/pages.js';

/** A built-in report page's figures, charts and first table rows; the embed token is the credential. */
export const handler = api({}, async ({ headers }) => {
  const db = dynamo();
  const access = await authorizeEmbed(db, headers, (p) => pageDatasets[p]);
  const { page } = access;
  const started = performance.now();
  const input = await loadPageInput(db, access, pageDatasets[page], pageAttributes[page]);
  const loaded = performance.now();
  const body = pageData(page, input);
  const done = performance.now();
  return { statusCode: 200, body, headers: { 'server-timing': `db;dur=${(loaded - started).toFixed(1)}, compute;dur=${(done - loaded).toFixed(1)}` } };
});
