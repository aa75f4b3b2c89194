/**
 * The origin secret's comparison, shared by the API middleware (`viaPortal`, the functions' own
 * check) and the API's request authorizer (lambdas/gateway/origin-authorizer.ts, which API Gateway
 * runs before any public route's function). Node's crypto only: the authorizer's bundle stays tiny.
 */
import { timingSafeEqual } from 'node:crypto';

/** `sent` is exactly `expected`, compared in constant time (a different length is a plain no). */
export function sameSecret(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
