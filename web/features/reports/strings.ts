/** User-visible strings of the report frames (spec section 2: the frame is titled 'Sigma Report'). */
export const reportStrings = {
  frameTitle: 'Sigma Report',
  // Beyond the spec: the report area of an account the server refuses (403), instead of a blank page.
  emptyTitle: 'No reports to show yet',
  noCustomer: 'No customer is assigned to this account yet.',
  noProperty: 'This account has customers but none of their properties is assigned yet.',
  askAdministrators: (product: string) =>
    `Reports appear here in ${product} Reporting once your provider's administrators assign your customers and properties. Ask them through`,
  // Issue 39: the account's own home while nothing is assigned, one screen.
  whatNext: 'Nothing else is needed from you: once they are assigned, your reports, documents, service requests and visit calendar appear here.',
  checkAgain: 'Check again',
  checking: 'Checking…',
  contactUs: 'Contact us',
  contactUsNewTab: 'Contact us (opens in a new tab)',
  viewedNoCustomer: (email: string) => `${email} has no customer assigned yet.`,
  viewedNoProperty: (email: string) => `${email} has customers but none of their properties is assigned yet.`,
  viewedRefused: (email: string) => `${email} cannot see this report:`,
  assignInEditUser: 'Assign customers and properties to this user with Edit User; their reports appear here at once.',
} as const;

/** Beyond the spec: narrowing a report to one of the viewed user's properties (kept in the address as ?property=). */
export const propertyFilterStrings = {
  label: 'Property',
  all: 'All properties',
  clear: 'Show all properties',
  noMatch: 'No property matches',
  /** Said under the filter while one property is chosen. */
  narrowed: (name: string) => `Showing ${name} only.`,
} as const;

/** Beyond the spec: the report period (kept in the address as ?from=&to=). */
export const periodStrings = {
  label: 'Period',
  presets: {
    'last-7-days': 'Last 7 days',
    'last-30-days': 'Last 30 days',
    'last-90-days': 'Last 90 days',
    'last-12-months': 'Last 12 months',
    'year-to-date': 'Year to date',
    'last-year': 'Last year',
    'all-time': 'All time',
  },
  custom: 'Custom range',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  problems: {
    missing: 'Enter both dates.',
    order: 'The end date is before the start date.',
    'too-long': 'A period can span at most 10 years.',
  },
  /** 'too-long' on a screen with a shorter limit than the reports'. */
  tooLongDays: (days: number) => `A period can span at most ${days} days here.`,
} as const;
