/**
 * Whose visits a call shows, and of which properties: a customer their own assignments (an `email`
 * that is not theirs: 403); an administrator those of the customer they view as (`email`), or, in
 * their own view, one property they name (their own view has no properties of its own: without
 * one, 403). The scope always comes from the users table, never from the client.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { visitMessages } from '../../contract/visits.js';
import { getProperties } from '../../data/properties.js';
import { getUserByEmail } from '../../data/users.js';
import { isStaffEmail } from '../../platform/env.js';
import { badRequest, forbidden, notFound } from '../../platform/http.js';
import { assignedScope, type Scope } from '../../platform/scope.js';

export async function visitPropertyIds(db: DynamoDBDocumentClient, caller: Scope, query: { email?: string; propertyId?: string }): Promise<string[]> {
  let propertyIds: ReadonlySet<string>;
  if (!caller.isAdmin) {
    if (query.email && query.email !== caller.email) throw forbidden(visitMessages.outsideUser);
    propertyIds = caller.propertyIds;
  } else if (query.email && query.email !== caller.email) {
    if (isStaffEmail(query.email)) throw badRequest(visitMessages.staffView);
    const row = await getUserByEmail(db, query.email);
    if (!row) throw notFound(visitMessages.noUser(query.email));
    propertyIds = assignedScope(row).propertyIds;
  } else {
    if (!query.propertyId) throw forbidden(visitMessages.staffView);
    const [found] = await getProperties(db, [query.propertyId]);
    if (!found) throw notFound(`No property ${query.propertyId}.`);
    return [found.id];
  }
  if (query.propertyId) {
    if (!propertyIds.has(query.propertyId)) throw forbidden(visitMessages.outsideProperty(query.propertyId));
    return [query.propertyId];
  }
  return [...propertyIds].sort();
}
