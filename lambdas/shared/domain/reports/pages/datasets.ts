/** What each page reads: its datasets, and of some the attributes only. */
import type { PageName } from '../../../contract/reports.js';
import type { Dataset, WorkOrderRow } from '../../../data/report-rows.js';

/** The datasets a page's figures and charts are computed over (its table's included). */
export const pageDatasets: Record<PageName, Dataset[]> = {
  dashboard: ['wo', 'quote', 'invoice', 'asset'],
  quotes: ['quote'],
  'work-orders': ['wo'],
  maintenance: ['wo'],
  'capital-projects': ['wo'],
  assets: ['asset'],
  invoicing: ['invoice'],
  analytics: ['asset'],
};

/**
 * Every field of a work order row (the key fields aside); the compiler refuses the list when the
 * row type gains a field it lacks.
 */
const workOrderFields = ['kind', 'status', 'priority', 'createdAt', 'scheduledAt', 'completedAt', 'description', 'technician', 'amount', 'windowStart', 'windowEnd'] as const;
/** Fields no page shows: the links a work order's own screen follows (issue 43). */
type Linked = 'assetId' | 'requestId';
type Unlisted = Exclude<keyof WorkOrderRow, (typeof workOrderFields)[number] | Linked | 'dataset' | 'id' | 'propertyId'>;
const everyWorkOrderField: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * The attributes a page reads of a dataset that is not its table's (fewer bytes from DynamoDB);
 * absent: every attribute. One request reads several datasets with one projection (their union),
 * so the Dashboard names its table's fields too: the side datasets then leave their other columns
 * in DynamoDB.
 */
export const pageAttributes: Partial<Record<PageName, Partial<Record<Dataset, string[]>>>> = {
  dashboard: {
    wo: everyWorkOrderField && [...workOrderFields],
    quote: ['status', 'amount'],
    invoice: ['status', 'amount', 'balance', 'issuedAt'],
    asset: ['id'],
  },
};
