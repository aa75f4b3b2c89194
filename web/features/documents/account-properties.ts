import { titleCase } from '../../components/text/display-name';

export interface AccountProperty {
  id: string;
  name: string;
  customerId: string;
  /** The customer the property belongs to (title-cased), for grouping when the account has several. */
  customer: string;
}

/**
 * The properties of every customer of an account, customer by customer in the account's order,
 * each once. `assigned`, when given (an administrator viewing as the account), keeps only the
 * properties assigned to it, so the administrator sees what the customer sees.
 */
export function accountProperties(
  customers: readonly { id: string; name: string }[],
  buildings: readonly ({ id: string; name: string }[] | undefined)[],
  assigned?: ReadonlySet<string> | null,
): AccountProperty[] {
  const seen = new Set<string>();
  const out: AccountProperty[] = [];
  customers.forEach((customer, i) => {
    for (const p of buildings[i] ?? []) {
      if (seen.has(p.id) || (assigned && !assigned.has(p.id))) continue;
      seen.add(p.id);
      out.push({ id: p.id, name: p.name, customerId: customer.id, customer: titleCase(customer.name) });
    }
  });
  return out;
}
