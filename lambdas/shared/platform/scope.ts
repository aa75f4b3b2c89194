/** What a caller may see: an administrator sees everything; a customer only their assignments. */
export interface Scope {
  isAdmin: boolean;
  /** Cognito's immutable id of the account: the users table's key. */
  sub: string;
  userId: string;
  email: string;
  name: string;
  /** Assigned customer ids (empty for administrators, who are not limited by them). */
  customerIds: ReadonlySet<string>;
  /** Assigned properties whose customer is assigned too. */
  propertyIds: ReadonlySet<string>;
  /** Those properties' customers (property id -> customer id), for narrowing by customer. */
  propertyCustomers: ReadonlyMap<string, string>;
}

export const canSeeCustomer = (scope: Scope, customerId: string) => scope.isAdmin || scope.customerIds.has(customerId);
export const canSeeProperty = (scope: Scope, propertyId: string) => scope.isAdmin || scope.propertyIds.has(propertyId);
/** A customer may read their own account's data; an administrator anyone's. */
export const canSeeUser = (scope: Scope, email: string) => scope.isAdmin || scope.email === email.toLowerCase();

/** A user's assignments as scope: properties count only while their customer is assigned. */
export function assignedScope(row: { customerIds?: string[]; properties?: Record<string, string> }) {
  const customerIds = new Set(row.customerIds ?? []);
  const propertyCustomers = new Map(Object.entries(row.properties ?? {}).filter(([, c]) => customerIds.has(c)));
  return { customerIds, propertyIds: new Set(propertyCustomers.keys()), propertyCustomers };
}
