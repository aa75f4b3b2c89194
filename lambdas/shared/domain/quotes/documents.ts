/**
 * A quote's document (issue 30): the provider attaches its quote document by uploading it to the
 * quote's property with the quote's number in the file name (`Quote_QT-1042_rooftop.pdf`). No new
 * field, route or form: the documents library is the one place documents live, and the Review
 * dialog links the newest such file through the documents' own presigned-link call (which checks
 * the caller's scope again).
 */
import type { QuoteDocument } from '../../contract/quotes.js';
import type { ListedDocument } from '../../data/documents.js';
import { fileNameOf } from '../documents/files.js';

const wordChar = (c: string | undefined) => c !== undefined && /[a-z0-9]/i.test(c);

/** True when the file name holds the quote's number as a whole word (any case; `QT-10` is not in `QT-100.pdf`). */
export function namesQuote(fileName: string, quoteId: string): boolean {
  const name = fileName.toLowerCase();
  const id = quoteId.toLowerCase();
  if (!id) return false;
  for (let at = name.indexOf(id); at >= 0; at = name.indexOf(id, at + 1)) {
    if (!wordChar(name[at - 1]) && !wordChar(name[at + id.length])) return true;
  }
  return false;
}

/**
 * The newest document of the quote's own property that names it, or null. `documents` newest first
 * (as documentsOfProperties answers); a document of another property never counts, even if it
 * names the same number.
 */
export function quoteDocument(quote: { id: string; propertyId: string }, documents: readonly ListedDocument[]): QuoteDocument | null {
  for (const d of documents) {
    if (d.propertyId !== quote.propertyId) continue;
    const fileName = fileNameOf(d.key);
    if (namesQuote(fileName, quote.id)) return { key: d.key, fileName };
  }
  return null;
}
