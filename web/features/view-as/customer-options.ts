import { titleCase } from '../../components/text/display-name';
import { emailInDomains } from '../../lib/token';

export interface ViewAsUser {
  EMAIL: string;
  NAME?: string;
  CUSTOMER_NAME: string[];
}

export interface CustomerOption {
  email: string;
  customerName: string;
}

/**
 * Spec section 5: no empty emails, no staff or excluded domains, sorted by customer name
 * (then email, so the order is stable); users without a customer come last.
 */
export function buildCustomerOptions(users: readonly ViewAsUser[], excludedDomains: readonly string[]): CustomerOption[] {
  return users
    .filter((u) => u.EMAIL.trim() !== '' && !emailInDomains(u.EMAIL, excludedDomains))
    .map((u) => ({ email: u.EMAIL.trim(), customerName: u.CUSTOMER_NAME.filter(Boolean).map(titleCase).join(', ') }))
    .sort(
      (a, b) =>
        Number(a.customerName === '') - Number(b.customerName === '') ||
        a.customerName.localeCompare(b.customerName, undefined, { sensitivity: 'base' }) ||
        a.email.localeCompare(b.email, undefined, { sensitivity: 'base' }),
    );
}

/** Case-insensitive substring filter on the email. */
export function filterCustomerOptions(options: readonly CustomerOption[], input: string): CustomerOption[] {
  const needle = input.trim().toLowerCase();
  return needle ? options.filter((o) => o.email.toLowerCase().includes(needle)) : [...options];
}

/** The option's text: email plus customer name. */
export const optionLabel = (o: CustomerOption) => (o.customerName ? `${o.email} - ${o.customerName}` : o.email);
