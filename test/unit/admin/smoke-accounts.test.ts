/**
 * create-smoke-accounts on a stage, with Secrets Manager mocked: the profile follows the stage (a
 * stage that keeps its data, prod, gets the customer profile); the secret is the deploy-role
 * stack's (its resource policy lets only the deploy role read it), so the command never reads its
 * value, refuses to create it, and changes nothing once it holds one.
 */
import { CreateSecretCommand, DescribeSecretCommand, GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminInputError } from '../../../infra/admin/users.js';
import { createSmokeAccounts, smokeProfileOf, smokeSecretState } from '../../../infra/smoke/accounts.js';
import type { PoolTarget } from '../../../infra/smoke/smoke.js';

const sm = mockClient(SecretsManagerClient);
beforeEach(() => sm.reset());
const pool: PoolTarget = { userPoolId: 'eu-west-1_x', userPoolClientId: 'c', signInFlow: 'USER_SRP_AUTH' };
const notFound = Object.assign(new Error("Secrets Manager can't find the specified secret."), { name: 'ResourceNotFoundException' });

describe('smoke profile of a stage', () => {
  it('is customer-only where the stage keeps its data (prod), full elsewhere and locally unless told', async () => {
    expect(await smokeProfileOf('prod')).toBe('customer');
    expect(await smokeProfileOf('staging')).toBe('full');
    expect(await smokeProfileOf('dev')).toBe('full');
    expect(await smokeProfileOf(null)).toBe('full');
    expect(await smokeProfileOf(null, 'customer')).toBe('customer');
    expect(await smokeProfileOf('prod', 'full')).toBe('customer');
  });
});

describe('the smoke secret of a stage', () => {
  it("is read by DescribeSecret only: absent, empty (the deploy-role stack's) or set", async () => {
    sm.on(DescribeSecretCommand).rejectsOnce(notFound).resolvesOnce({ Name: 'portal/prod/smoke' }).resolvesOnce({ Name: 'portal/prod/smoke', VersionIdsToStages: { v1: ['AWSCURRENT'] } });
    expect([await smokeSecretState('prod'), await smokeSecretState('prod'), await smokeSecretState('prod')]).toEqual(['absent', 'empty', 'set']);
    expect(sm.commandCalls(DescribeSecretCommand).map((c) => c.args[0].input)).toEqual(Array(3).fill({ SecretId: 'portal/prod/smoke' }));
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('when absent, is not created: the deploy-role stack must make it with its policy first', async () => {
    sm.on(DescribeSecretCommand).rejects(notFound);
    const err = await createSmokeAccounts({ stage: 'prod', pool }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminInputError);
    expect((err as Error).message).toBe(
      'There is no secret portal/prod/smoke: deploy the stage\'s deploy-role stack first (npm run deploy-role -- deploy -c stage=prod -c githubRepo=<owner>/<repo>), which makes it with the policy that lets only the deploy role read it.',
    );
    expect(sm.commandCalls(CreateSecretCommand)).toHaveLength(0);
    expect(sm.commandCalls(PutSecretValueCommand)).toHaveLength(0);
  });

  it('when it holds a value, changes nothing and reads nothing', async () => {
    sm.on(DescribeSecretCommand).resolves({ Name: 'portal/staging/smoke', VersionIdsToStages: { v1: ['AWSCURRENT'] } });
    expect(await createSmokeAccounts({ stage: 'staging', pool })).toEqual({ created: false, profile: 'full' });
    expect(sm.calls().map((c) => c.args[0].constructor.name)).toEqual(['DescribeSecretCommand']);
  });

  it('refuses a staff member or a chosen property on a customer-only stage, before any call', async () => {
    for (const extra of [{ staffEmail: 'smoke-test@example-hvac.com' }, { customerId: 'C-1', propertyId: 'P-1' }]) {
      const err = await createSmokeAccounts({ stage: 'prod', pool, ...extra }).catch((e: unknown) => e);
      expect((err as Error).message).toBe("This stage's smoke test signs in as the customer of the dedicated smoke property only: no --customer, --property or --staff-email.");
    }
    expect(sm.calls()).toHaveLength(0);
  });
});
