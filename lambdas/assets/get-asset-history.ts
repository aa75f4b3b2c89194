import { dynamo } from '../shared/platform/clients.js';
import { AssetParams, AssetQuery } from '../shared/contract/assets.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { readAssetHistory } from '../shared/domain/assets/read.js';

/**
 * GET /api/assets/{assetId}/history?email= (beyond the spec, issue 43 item 5): one asset of the
 * viewed user's properties (the caller, or the customer an administrator views as) with its work
 * orders, quotes, raised alerts and the documents that name it, newest first
 * (lambdas/shared/domain/assets/). Outside that scope it answers the same 404 as a missing one.
 */
export const handler = api({ params: AssetParams, query: AssetQuery }, async ({ params, query, caller }) => ok(await readAssetHistory(dynamo(), caller!, query.email, params.assetId)));
