/**
 * What the report pages say when they cannot show a report (the server's messages, letter for
 * letter: web/embed/strings.test.ts compares them with lambdas/shared/contract/reports.ts).
 */
export const strings = {
  expiredTitle: 'Report link expired',
  expired: 'This report link has expired or is not valid. Reload the portal page to see the report again.',
  noAccessTitle: 'No access',
  noAccess: 'This report is no longer available to this account.',
  notFoundTitle: 'Report not found',
  notFound: (page: string) => `There is no report page "${page}".`,
  unavailableTitle: 'Report unavailable',
  unavailable: (status: number) => `The report could not be loaded (status ${status}).`,
  /** The caption of a page under a chosen period. */
  period: (range: string) => `Period: ${range}`,
  /** A money figure's parts, one per customer (issue 39). */
  byCustomer: (label: string) => `${label} by customer`,
  acrossCustomers: (n: number) => `Across ${n} customers`,
  /** A money chart drawn by customer, as a screen reader hears it. */
  chartByCustomer: (title: string, customers: string[]) => `${title}, by customer: ${customers.join(', ')}`,
  /** Under a money chart of more customers than it is drawn by. */
  chartAcrossCustomers: (n: number) => `The sum of ${n} customers`,
} as const;

/** The built-in pages (`/embed/<page>`). */
export const PAGES = ['dashboard', 'quotes', 'work-orders', 'maintenance', 'capital-projects', 'assets', 'invoicing', 'analytics'] as const;
export const isKnownPage = (page: string) => (PAGES as readonly string[]).includes(page);
