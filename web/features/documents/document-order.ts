import { searchKey } from '../../components/text/search-key';
import { documentFileName } from './file-name';

/** How the View tab orders the documents: newest first (the default) or by file name, A to Z. */
export type DocumentSort = 'date' | 'name';

interface Listed {
  DOCUMENT_URL: string;
  UPLOADED_AT: string;
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const time = (value: string) => {
  const t = Date.parse(value);
  return Number.isNaN(t) ? 0 : t;
};

/** Whether a document's file name holds the search text (case-insensitive; blank matches all). */
export function matchesName(doc: Pick<Listed, 'DOCUMENT_URL'>, query: string): boolean {
  // Case, accents, spaces, dashes, dots and underscores aside: 'rtu 1' finds 'RTU-1' (issue 39).
  const q = searchKey(query);
  return q === '' || searchKey(documentFileName(doc.DOCUMENT_URL)).includes(q);
}

/** The documents whose names match `query`, in the chosen order; ties fall back to the other key, then the key itself. */
export function orderDocuments<D extends Listed>(docs: readonly D[], query: string, sort: DocumentSort): D[] {
  const newestFirst = (a: D, b: D) => time(b.UPLOADED_AT) - time(a.UPLOADED_AT);
  const aToZ = (a: D, b: D) => byName.compare(documentFileName(a.DOCUMENT_URL), documentFileName(b.DOCUMENT_URL));
  const [first, second] = sort === 'name' ? [aToZ, newestFirst] : [newestFirst, aToZ];
  return docs
    .filter((d) => matchesName(d, query))
    .sort((a, b) => first(a, b) || second(a, b) || (a.DOCUMENT_URL < b.DOCUMENT_URL ? -1 : a.DOCUMENT_URL > b.DOCUMENT_URL ? 1 : 0));
}
