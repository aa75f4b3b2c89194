/**
 * Settings every function reads from its environment. Names are global and their values equal
 * across functions (locally all handlers share one process). A missing setting is a deployment
 * error: it fails the request with a logged 500, naming the variable.
 */
import { tables, type TableName } from '../resources/tables.js';

export function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`Environment variable ${name} is not set`);
  return v;
}

export const tableName = (t: TableName) => required(tables[t].env);

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export const settings = {
  staffDomains: () => list(process.env.STAFF_DOMAINS),
  excludedCustomerDomains: () => list(process.env.EXCLUDED_CUSTOMER_DOMAINS),
  productName: () => process.env.PRODUCT_NAME || 'Comfort Portal',
  contactUrl: () => process.env.CONTACT_URL || 'https://example.com/contact',
  publicUrl: () => required('PUBLIC_URL'),
  userPoolId: () => required('USER_POOL_ID'),
  userPoolClientId: () => required('USER_POOL_CLIENT_ID'),
  /** The server app client (USER_PASSWORD_AUTH, with a secret): the sign-in, registration and reset routes' calls to Cognito. */
  serverClientId: () => required('SERVER_CLIENT_ID'),
  documentsBucket: () => required('DOCUMENTS_BUCKET'),
  /** The provider's time zone (stage setting `timeZone`): a property's when its import gave none. */
  timeZone: () => process.env.PROVIDER_TIME_ZONE || 'UTC',
};

/**
 * The spec's staff-domain rule: who may be made staff (and whose accounts take no assignments). It
 * alone makes no one an administrator: the caller must also be in the pool's staff group with this
 * email verified (lambdas/shared/platform/middleware.ts).
 */
export function isStaffEmail(email: string): boolean {
  const domain = email.toLowerCase().split('@').pop() ?? '';
  return settings.staffDomains().includes(domain);
}

/**
 * Who must sign in with an authenticator app (TOTP): the pool's staff group always; customers where
 * the stage sets mfaForCustomers (MFA_FOR_CUSTOMERS=true).
 */
export function mfaRequired(inStaffGroup: boolean): boolean {
  return inStaffGroup || process.env.MFA_FOR_CUSTOMERS === 'true';
}
