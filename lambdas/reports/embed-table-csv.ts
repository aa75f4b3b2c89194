import { dynamo } from '../shared/platform/clients.js';
import { EmbedTableQuery } from '../shared/contract/reports.js';
import { api } from '../shared/platform/middleware.js';
import { authorizeEmbed, loadPageInput } from '../shared/domain/reports/embed-request.js';
import { tableDataset, tableRows, toCsv } from '../shared/domain/reports/pages.js';

/** Every row of a built-in page's table in scope, as CSV, in the table's sort order. */
export const handler = api({ query: EmbedTableQuery }, async ({ headers, query }) => {
  const db = dynamo();
  const access = await authorizeEmbed(db, headers, (p) => [tableDataset(p)]);
  const { page } = access;
  const input = await loadPageInput(db, access, [tableDataset(page)]);
  const day = new Date().toISOString().slice(0, 10);
  return {
    statusCode: 200,
    text: toCsv(tableRows(page, input, { ...query, limit: null })),
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${page}-${day}.csv"` },
  };
});
