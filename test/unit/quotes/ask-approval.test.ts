/**
 * Whom "Ask … to approve" may reach (issue 39; lambdas/shared/domain/quotes/served.ts): customer
 * accounts whose scope holds the quote's property and whose limit covers the amount. Another
 * customer's approver of any amount, with the same name, is never among them.
 */
import { AskApprovalBody } from '../../../lambdas/shared/contract/quotes.js';
import type { UserItem } from '../../../lambdas/shared/data/users.js';
import { approverName, approverNames, approversOf } from '../../../lambdas/shared/domain/quotes/served.js';
import { setTableEnv, STAFF } from '../support/fake-aws.js';

const user = (email: string, name: string, customer: string, properties: string[], limit: number | null | undefined): UserItem => ({
  sub: `sub-${email}`,
  email,
  userId: email,
  name,
  customerIds: [customer],
  properties: Object.fromEntries(properties.map((p) => [p, customer])),
  ...(limit === undefined ? {} : { quoteApproval: { limit } }),
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

beforeAll(() => setTableEnv());

describe('who may be asked to approve a quote', () => {
  const lee = user('lee@alpha.test', 'lee park', 'C-A', ['P-A1'], 50_000);
  const sam = user('sam@alpha.test', 'sam small', 'C-A', ['P-A1'], 5_000);
  const elsewhere = user('kim@alpha.test', 'kim', 'C-A', ['P-A2'], null);
  const beta = user('lee@beta.test', 'lee park', 'C-B', ['P-B1'], null);
  const staff = user(`boss@${STAFF}`, 'boss', 'C-A', ['P-A1'], null);
  const none = user('viewer@alpha.test', 'viewer', 'C-A', ['P-A1'], undefined);
  const all = [lee, sam, elsewhere, beta, staff, none];

  it('takes the users of the property whose limit covers the amount, no staff, no other customer', () => {
    expect(approversOf(all, 'P-A1', 20_000)).toEqual([lee]);
    expect(approversOf(all, 'P-A1', 5_000).map((u) => u.email)).toEqual([lee.email, sam.email]);
    expect(approversOf(all, 'P-A1', 90_000)).toEqual([]);
    expect(approversOf(all, 'P-B1', 90_000)).toEqual([beta]);
  });

  it('names them as the quote list does', () => {
    expect(approverNames(all, 'P-A1', 5_000)).toEqual(['Lee Park', 'Sam Small']);
    const nameless = user('x@alpha.test', '', 'C-A', ['P-A1'], null);
    expect(approverNames([nameless], 'P-A1', 1)).toEqual([approverName(nameless)]);
  });

  it('takes a trimmed name up to 200 characters, and refuses an empty one', () => {
    expect(AskApprovalBody.parse({ propertyId: ' P-A1 ', approver: ' Lee Park ' })).toEqual({ propertyId: 'P-A1', approver: 'Lee Park' });
    for (const bad of [{ propertyId: 'P-A1', approver: '  ' }, { propertyId: 'P-A1', approver: 'x'.repeat(201) }, { propertyId: 'P-A1' }, { approver: 'Lee Park' }])
      expect(AskApprovalBody.safeParse(bad).success).toBe(false);
  });
});
