/** The environment of the operator command tests (the AWS fake is the shared one in test/unit/support/fake-aws.ts). */
import { AdminCreateUserCommand, AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { fakeAws, setTableEnv } from '../../support/fake-aws.js';

export const setEnv = () => setTableEnv({ USER_POOL_ID: 'pool-1', STAFF_DOMAINS: 'example-hvac.com,example-services.com' });

/** The pool's sub of a test account (derived from the email, as the pool would keep it per user). */
export const poolSub = (email: string) => `pool-sub-${email.toLowerCase()}`;

/**
 * The fake AWS and a Cognito mock for a test file, emptied before each test; the mock answers
 * AdminCreateUser and AdminGetUser with the user's sub, and any other call with {}.
 */
export function operatorAws() {
  const db = fakeAws();
  const idp = mockClient(CognitoIdentityProviderClient);
  beforeAll(() => setEnv());
  beforeEach(() => {
    db.clear();
    idp.reset();
    const withSub = (i: { Username?: string }) => [{ Name: 'sub', Value: poolSub(i.Username ?? '') }];
    idp.on(AdminCreateUserCommand).callsFake((i: { Username?: string }) => ({ User: { Username: i.Username, Attributes: withSub(i) } }));
    idp.on(AdminGetUserCommand).callsFake((i: { Username?: string }) => ({ Username: i.Username, UserAttributes: withSub(i) }));
  });
  return { db, idp };
}
