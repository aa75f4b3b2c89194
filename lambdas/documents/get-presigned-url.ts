import { documentsBucket } from '../shared/resources/definitions.js';
import { dynamo } from '../shared/platform/clients.js';
import { documentMessages, LinkQuery } from '../shared/contract/documents.js';
import { getDocument } from '../shared/data/documents.js';
import { linkHeaders } from '../shared/domain/documents/files.js';
import { downloadUrl } from '../shared/domain/documents/objects.js';
import { assertServable } from '../shared/domain/documents/scan.js';
import { forbidden, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeProperty } from '../shared/platform/scope.js';

/**
 * GET /api/s3/getpresignedurl?key=...[&download=1]: a short-lived presigned GET for a document the
 * caller may see. The key is looked up in the documents table; the link's name and type come from
 * the row, and unsafe types always download. Where the stage scans documents for malware
 * (MALWARE_SCAN), only a document GuardDuty tagged clean gets a link: one not scanned yet is
 * answered 409 "being checked, try again in a minute", an infected one 403 (the bucket's policy
 * would refuse the link anyway).
 */
export const handler = api({ query: LinkQuery }, async ({ query, caller }) => {
  const doc = await getDocument(dynamo(), query.key);
  if (!doc) throw notFound(documentMessages.noDocument);
  if (!canSeeProperty(caller!, doc.propertyId)) throw forbidden(documentMessages.outsideDocument);
  await assertServable(doc.key);
  const download = query.download === '1' || query.download === 'true';
  const { disposition, contentType } = linkHeaders(doc.fileName, doc.contentType, download);
  const url = await downloadUrl(doc.key, { disposition, contentType, expiresIn: documentsBucket.downloadLinkSeconds });
  return ok({ url });
});
