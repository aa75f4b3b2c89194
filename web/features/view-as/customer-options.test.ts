import { describe, expect, it } from '@jest/globals';
import { buildCustomerOptions, filterCustomerOptions, optionLabel } from './customer-options';

const u = (EMAIL: string, ...CUSTOMER_NAME: string[]) => ({ EMAIL, CUSTOMER_NAME });

describe('Select User View options', () => {
  const users = [
    u('b@zeta.test', 'ZETA CO'),
    u('admin@staff.test'),
    u('', 'EMPTY EMAIL'),
    u('x@other.net', 'EXCLUDED'),
    u('a@alpha.test', 'alpha inc'),
    u('c@alpha2.test', 'Alpha Inc'),
    u('new@none.test'),
  ];
  const options = buildCustomerOptions(users, ['staff.test', 'other.net']);

  it('leaves out empty emails and staff or excluded domains, sorted by customer name', () => {
    expect(options.map((o) => o.email)).toEqual(['a@alpha.test', 'c@alpha2.test', 'b@zeta.test', 'new@none.test']);
  });

  it('filters by case-insensitive substring of the email only', () => {
    expect(filterCustomerOptions(options, 'ALPHA').map((o) => o.email)).toEqual(['a@alpha.test', 'c@alpha2.test']);
    expect(filterCustomerOptions(options, 'zeta co')).toEqual([]);
    expect(filterCustomerOptions(options, '  ')).toHaveLength(4);
  });

  it('shows customer names in the header\'s form (title case), one form whatever the stored case', () => {
    expect(options.find((o) => o.email === 'b@zeta.test')?.customerName).toBe('Zeta Co');
    expect(options.find((o) => o.email === 'a@alpha.test')?.customerName).toBe('Alpha Inc');
  });

  it('labels an option with email plus customer name', () => {
    expect(optionLabel({ email: 'a@alpha.test', customerName: 'alpha inc' })).toBe('a@alpha.test - alpha inc');
    expect(optionLabel({ email: 'new@none.test', customerName: '' })).toBe('new@none.test');
  });
});
