/**
 * One colour per status, condition, priority and work-order kind, the same in every chart of every
 * report page (a status is never blue in one chart and orange in the next). Names not listed here
 * (equipment types, properties) take the palette in order, skipping nothing: their colour only has
 * to differ from their neighbours'.
 */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  // Work orders (and the quotes' "Open": drafts and sent quotes together).
  Open: '#1565c0',
  'In Progress': '#00838f',
  'On Hold': '#ef6c00',
  Completed: '#2e7d32',
  Cancelled: '#78909c',
  // Quotes.
  Draft: '#90a4ae',
  Sent: '#1e88e5',
  Approved: '#2e7d32',
  Declined: '#c62828',
  Expired: '#8d6e63',
  'Declined or expired': '#c62828',
  // Invoices.
  Invoiced: '#1565c0',
  Paid: '#2e7d32',
  Overdue: '#c62828',
  Void: '#78909c',
  // Priorities.
  Low: '#78909c',
  Medium: '#1565c0',
  High: '#ef6c00',
  Emergency: '#c62828',
  // Asset condition.
  Good: '#2e7d32',
  Fair: '#c49000',
  Poor: '#ef6c00',
  Critical: '#c62828',
  // Invoice aging.
  'Not yet due': '#2e7d32',
  '1-30 days': '#9e9d24',
  '31-60 days': '#ef6c00',
  '61-90 days': '#d84315',
  '90+ days': '#c62828',
  // Work-order kinds.
  Service: '#1565c0',
  Maintenance: '#00838f',
  'Capital projects': '#6a1b9a',
};

export const PALETTE = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#5d4037', '#546e7a', '#ad1457', '#9e9d24', '#283593', '#00695c'];

/** The colour of the i-th name of a chart: its status colour, else the palette's i-th. */
export const colorFor = (name: string, i: number): string => (isStatus(name) ? STATUS_COLORS[name]! : PALETTE[i % PALETTE.length]!);

/** True when every name has a status colour (a chart of statuses, coloured by category). */
export const allStatuses = (names: readonly string[]) => names.length > 0 && names.every(isStatus);

function isStatus(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(STATUS_COLORS, name);
}

/**
 * The customers of a money chart over several customers (issue 39), in the order the chart names
 * them: distinct hues that say no status (no green, no red), blue and orange first (told apart with
 * every colour vision).
 */
export const CUSTOMER_COLORS = ['#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#5d4037'];

/** How far a customer's last measure is lightened towards white (its first keeps the full hue). */
const LIGHTEST = 0.55;

/** The colour of a customer's i-th of n measures (Invoiced, Paid): its hue, lighter for each later one. */
export function customerShade(customer: number, i: number, n: number): string {
  const hex = CUSTOMER_COLORS[customer % CUSTOMER_COLORS.length]!;
  const t = n > 1 ? (LIGHTEST * i) / (n - 1) : 0;
  const mix = (at: number) => Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - t) + 255 * t);
  return `#${[1, 3, 5].map((at) => mix(at).toString(16).padStart(2, '0')).join('')}`;
}
