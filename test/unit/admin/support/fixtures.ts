/** The environment of the operator command tests (the AWS fake is the shared one in test/unit/support/fake-aws.ts). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { fakeAws, setTableEnv } from '../../support/fake-aws.js';

export const setEnv = () => setTableEnv({ USER_POOL_ID: 'pool-1', STAFF_DOMAINS: 'example-hvac.com,example-services.com' });

/** The fake AWS and a Cognito mock for a test file, emptied before each test. */
export function operatorAws() {
  const db = fakeAws();
  const idp = mockClient(CognitoIdentityProviderClient);
  beforeAll(() => setEnv());
  beforeEach(() => {
    db.clear();
    idp.reset();
  });
  return { db, idp };
}
