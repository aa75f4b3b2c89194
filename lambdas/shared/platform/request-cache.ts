/**
 * Rows read once per request and shared by the middleware and the handler: today the caller's row
 * of the users table, which the middleware reads by the token's sub (consistent) on every signed-in
 * request. A handler that then asks the data layer for the same account, by sub or by email, gets
 * this copy instead of a second read. A write to the row through the data layer drops it. Outside a
 * request (triggers, the admin command) there is no store and nothing is kept.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { UserItem } from '../data/users.js';

interface RequestCache {
  users: Map<string, UserItem>;
}

const store = new AsyncLocalStorage<RequestCache>();

/** Runs `fn` (one request) with an empty cache. */
export const withRequestCache = <T>(fn: () => Promise<T>): Promise<T> => store.run({ users: new Map() }, fn);

export function rememberUser(row: UserItem): void {
  store.getStore()?.users.set(row.sub, row);
}

export const cachedUserBySub = (sub: string): UserItem | undefined => store.getStore()?.users.get(sub);

export function cachedUserByEmail(email: string): UserItem | undefined {
  const users = store.getStore()?.users;
  if (!users) return undefined;
  const wanted = email.toLowerCase();
  for (const row of users.values()) if (row.email === wanted) return row;
  return undefined;
}

/** Drops a row this request changed (or removed), so a later read goes to the table. */
export function forgetUser(sub: string): void {
  store.getStore()?.users.delete(sub);
}
