import type { Figure } from '../../lambdas/shared/contract/reports.js';
import { formatValue } from './format';
import { strings } from './strings';

/**
 * One key figure. A money figure over the properties of several customers shows each customer's
 * part beneath the total (issue 39: two customers' money is never shown only as its sum); over
 * more customers than a breakdown lists, it says how many customers it adds up.
 */
export function FigureCard({ figure: f }: { figure: Figure }) {
  return (
    <div className="figure">
      <span className="figure-value">{formatValue(f.value, f.format)}</span>
      <span className="figure-label">{f.label}</span>
      {f.byCustomer && (
        <ul className="figure-parts" aria-label={strings.byCustomer(f.label)} data-testid="figure-parts">
          {f.byCustomer.map((p) => (
            <li key={p.customer}>
              <span className="part-name">{p.customer}</span>
              <span className="part-value">{formatValue(p.value, f.format)}</span>
            </li>
          ))}
        </ul>
      )}
      {!f.byCustomer && f.customers !== undefined && <span className="figure-parts-note">{strings.acrossCustomers(f.customers)}</span>}
    </div>
  );
}
