/**
 * Whose quotes a call is about (issue 30): a customer's own; for an administrator, the customer
 * named by `email` (the one they view the portal as), whose quotes they may see but never decide.
 * The scope is always read from the users table, never taken from the client.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { quoteMessages } from '../../contract/quotes.js';
import { getUserByEmail, getUserBySub, listApprovers, type UserItem } from '../../data/users.js';
import { isStaffEmail } from '../../platform/env.js';
import { badRequest, forbidden, notFound } from '../../platform/http.js';
import { mayApprove } from '../../contract/answers/quotes.js';
import { titleCase } from '../../contract/writing.js';
import { assignedScope, type Scope } from '../../platform/scope.js';

export interface QuotesServed {
  row: UserItem | null;
  propertyIds: ReadonlySet<string>;
  /** Administrators see everything they name; they decide nothing. */
  isAdmin: boolean;
}

/** The served user: the caller, or for an administrator the customer named by `email` (none: their own view, every property they name). */
export async function servedForQuotes(db: DynamoDBDocumentClient, caller: Scope, email: string | undefined): Promise<QuotesServed> {
  if (!caller.isAdmin) {
    if (email && email !== caller.email) throw forbidden(quoteMessages.outsideList);
    const row = (await getUserBySub(db, caller.sub)) ?? null;
    return { row, propertyIds: caller.propertyIds, isAdmin: false };
  }
  if (!email) return { row: null, propertyIds: new Set(), isAdmin: true };
  if (isStaffEmail(email)) throw badRequest(quoteMessages.staffApproval(email));
  const row = await getUserByEmail(db, email);
  if (!row) throw notFound(`No user with the email ${email}.`);
  return { row, propertyIds: assignedScope(row).propertyIds, isAdmin: true };
}

/**
 * The names of the users who may approve a quote of this amount at this property: customer
 * accounts with the permission, the amount within their limit, and the property in their scope.
 */
export function approverNames(approvers: readonly UserItem[], propertyId: string, amount: number): string[] {
  return approversOf(approvers, propertyId, amount)
    .map(approverName)
    .sort((a, b) => a.localeCompare(b));
}

/** Those users themselves. The property is in their scope, so they are the property's customer's users: never another customer's. */
export const approversOf = (approvers: readonly UserItem[], propertyId: string, amount: number): UserItem[] =>
  approvers.filter((u) => !isStaffEmail(u.email) && assignedScope(u).propertyIds.has(propertyId) && mayApprove(u.quoteApproval, amount));

/** A user's name as the quote's `approvers` list gives it. */
export const approverName = (u: Pick<UserItem, 'name' | 'email'>) => titleCase(u.name || u.email);

export { listApprovers };
