/** Number and date formats of the report pages (en-US, dollars; dates as every screen writes them). */
import { NO_ONLINE_PAYMENT, type ColumnType } from '../../lambdas/shared/contract/reports.js';
import { writtenDay } from '../components/text/dates';

export type Format = 'count' | 'money' | 'percent' | 'days' | 'years';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const moneyCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compactMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A figure's value as shown on its card; an em dash when there is none. */
export function formatValue(value: number | null, format: Format): string {
  if (value === null || !Number.isFinite(value)) return '—';
  switch (format) {
    case 'money':
      return money.format(value);
    case 'percent':
      return `${oneDecimal.format(value)}%`;
    case 'days':
      return `${oneDecimal.format(value)} days`;
    case 'years':
      return `${oneDecimal.format(value)} years`;
    default:
      return count.format(value);
  }
}

/** Dates as every screen writes them: a YYYY-MM-DD as '1 Sep 2026', a period as '1 Sep 2026 – 30 Nov 2026'. */
export { writtenDay as formatDay, writtenPeriod as formatPeriod } from '../components/text/dates';

/**
 * An owed invoice's Pay link: its text names the amount (short, so the column fits beside the
 * invoice number the row already shows), its label the amount and the invoice; only an https page is linked.
 */
export function paymentLink(url: string, row: Record<string, string | number | null>): { href: string; text: string; label: string } | null {
  let href: URL;
  try {
    href = new URL(url);
  } catch {
    return null;
  }
  if (href.protocol !== 'https:') return null;
  const balance = typeof row.balance === 'number' ? moneyCents.format(row.balance) : '';
  const number = typeof row.number === 'string' ? row.number : '';
  const text = balance ? `Pay ${balance}` : 'Pay';
  return { href: href.toString(), text, label: [text, number ? `for ${number}` : ''].filter(Boolean).join(' ') };
}

/** Short labels for chart axes. */
export function formatAxis(value: number, format: Format): string {
  return format === 'money' ? compactMoney.format(value) : oneDecimal.format(value);
}

/** A table cell as shown; CSV export gets the raw values from the server. */
export function formatCell(value: string | number | null, type: ColumnType): string {
  if (type === 'payment') return value === '' ? NO_ONLINE_PAYMENT : value === null ? '—' : String(value);
  if (value === null || value === '') return '—';
  if (type === 'money' && typeof value === 'number') return moneyCents.format(value);
  if (type === 'number' && typeof value === 'number') return count.format(value);
  if (type === 'date' && typeof value === 'string') return writtenDay(value);
  return String(value);
}
