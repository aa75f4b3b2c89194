/**
 * Fixtures of the account, user and trigger tests (the AWS fake is the shared one in
 * test/unit/support/fake-aws.ts): their environment, set on import; one fake with its table helpers;
 * Cognito as a mocked client each test programs itself.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { fakeAws, setTableEnv, STAFF, subOf, type Item } from '../support/fake-aws.js';
import { secretHash } from '../../../lambdas/shared/domain/accounts/server-client.js';

setTableEnv({
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'client-1',
  SERVER_CLIENT_ID: 'server-1',
  SIGN_IN_SECRET_ID: 'sign-in-client',
  STAFF_DOMAINS: `${STAFF},example-services.com`,
  PUBLIC_URL: 'https://portal.example.com',
  PRODUCT_NAME: 'Comfort Portal',
});

export { STAFF, subOf };
/** The server client's secret, as Secrets Manager holds it (SIGN_IN_SECRET_ID). */
export const SERVER_CLIENT_SECRET = 'server-client-secret-for-tests';
export const aws = fakeAws({}, { secrets: { 'sign-in-client': SERVER_CLIENT_SECRET } });
export const { put, get, all } = aws;
export const cognito = mockClient(CognitoIdentityProviderClient);

/** Empty tables, no recorded calls, and a Cognito mock without behaviours. */
export function resetAws() {
  aws.clear();
  cognito.reset();
}

/** What every call of the server client carries for `username`, the visitor at `address` (lambdas/shared/domain/accounts/server-client.ts). */
export const serverCallOf = (username: string, address: string) => ({
  ClientId: 'server-1',
  hash: secretHash(SERVER_CLIENT_SECRET, username, 'server-1'),
  UserContextData: { IpAddress: address },
});

/** A Cognito error as the SDK throws it. */
export const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name, $metadata: {} });

export const now = new Date().toISOString();

export function user(email: string, over: Item = {}): Item {
  return { sub: subOf(email), email, userId: `id-${email}`, name: email.split('@')[0], customerIds: [], properties: {}, createdAt: now, updatedAt: now, ...over };
}

/** ID-token claims of a signed-in user, as the JWT authorizer passes them on. */
export const claims = (email: string, tva = 0) => ({
  sub: subOf(email),
  email,
  email_verified: 'true',
  tva: String(tva),
  ...(/@(example-hvac\.com|example-services\.com)$/i.test(email) ? { 'cognito:groups': '[staff]', mfa: '1' } : {}),
});
