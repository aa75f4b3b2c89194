/**
 * report-rows: the built-in report host's datasets (work orders, quotes, invoices, assets), packed
 * column by column, a few items per property and dataset, with an index item listing them. The
 * table's files, under ./report-rows/:
 * - rows.ts: the rows as the pages, the import and the handlers read them;
 * - items.ts: the item layout (key, year bucket, parts, deflated columns, revision; the index
 *   items) and the packing and unpacking of rows;
 * - read.ts: the reads (a page's datasets through the index, a partition, one row), access
 *   patterns at its top;
 * - write.ts: the writes (upsert, a quote's decision, the index and its migration), access
 *   patterns at its top.
 * This module is what the rest of the code imports. The energy estimates' daily roll-up keeps its
 * items in the same table, in partitions of their own (`unit-days#<customerId>`): ./unit-days.ts.
 */
export type { AssetRow, Dataset, InvoiceRow, LinesRow, NotesRow, PhotosRow, QuoteLine, QuoteLinesRow, QuoteRow, ReportRow, ReportRowsItem, WorkOrderLine, WorkOrderNote, WorkOrderPhoto, WorkOrderRow } from './report-rows/rows.js';
export { DATASETS, PART_BYTES, firstUndatedKey, indexItemsOf, indexKey, isIndexItem, packBucket, packRows, unpackItem } from './report-rows/items.js';
export { getReportRow, listedKeys, rowsIndex, rowsOf, rowsOfItems, unionProjection, unread, type RowsIndex } from './report-rows/read.js';
export { addToIndex, ensureIndex, planPartition, putReportRows, storedKeys, updateReportRow, type MergeRow, type PartitionWrite } from './report-rows/write.js';
