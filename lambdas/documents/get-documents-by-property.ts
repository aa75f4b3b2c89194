import { dynamo } from '../shared/platform/clients.js';
import { documentMessages, DocumentsQuery, type DocumentRecord } from '../shared/contract/documents.js';
import { documentsOfProperties } from '../shared/data/documents.js';
import { getProperties } from '../shared/data/properties.js';
import { forbidden, listForMessage as list, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeProperty } from '../shared/platform/scope.js';

/** GET /api/s3/getdocumentsbyproperty?propertyId=a,b: the documents of those properties, newest first. */
export const handler = api({ query: DocumentsQuery }, async ({ query, caller }) => {
  const scope = caller!;
  const ids = query.propertyId;
  const outside = ids.filter((id) => !canSeeProperty(scope, id));
  if (outside.length) throw forbidden(documentMessages.outsideProperty(list(outside)));
  // Administrators may read any property, so its existence (their 404) is checked alongside the listing.
  const [docs, known] = await Promise.all([
    documentsOfProperties(dynamo(), ids),
    scope.isAdmin ? getProperties(dynamo(), ids).then((ps) => new Set(ps.map((p) => p.id))) : null,
  ]);
  const missing = known ? ids.filter((id) => !known.has(id)) : [];
  if (missing.length) throw notFound(documentMessages.noProperty(list(missing)));
  return ok(docs.map((d): DocumentRecord => ({ DOCUMENT_URL: d.key, UPLOADED_AT: d.uploadedAt, PROPERTY_ID: d.propertyId })));
});
