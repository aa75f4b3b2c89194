import { dynamo } from '../shared/platform/clients.js';
import { EmbedTableQuery } from '../shared/contract/reports.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { authorizeEmbed, loadPageInput } from '../shared/domain/reports/embed-request.js';
import { tableDataset, tableRows } from '../shared/domain/reports/pages.js';

/** A built-in page's table (first 200 rows) sorted by any column. */
export const handler = api({ query: EmbedTableQuery }, async ({ headers, query }) => {
  const db = dynamo();
  const access = await authorizeEmbed(db, headers, (p) => [tableDataset(p)]);
  const { page } = access;
  const input = await loadPageInput(db, access, [tableDataset(page)]);
  return ok(tableRows(page, input, query));
});
