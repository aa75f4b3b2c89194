/** Number and date formats of the report pages (en-US, dollars; dates as every screen writes them). */
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

/** Short labels for chart axes. */
export function formatAxis(value: number, format: Format): string {
  return format === 'money' ? compactMoney.format(value) : oneDecimal.format(value);
}

/** A table cell as shown; CSV export gets the raw values from the server. */
export function formatCell(value: string | number | null, type: 'text' | 'date' | 'money' | 'number'): string {
  if (value === null || value === '') return '—';
  if (type === 'money' && typeof value === 'number') return moneyCents.format(value);
  if (type === 'number' && typeof value === 'number') return count.format(value);
  if (type === 'date' && typeof value === 'string') return writtenDay(value);
  return String(value);
}
