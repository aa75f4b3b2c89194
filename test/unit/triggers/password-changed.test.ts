/** Which CloudTrail events about ChangePassword end a user's sessions (lambdas/triggers/password-changed.ts). */
import { changedUser, type CloudTrailApiCallEvent } from '../../../lambdas/triggers/password-changed.js';

const SUB = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const event = (detail: NonNullable<CloudTrailApiCallEvent['detail']>): CloudTrailApiCallEvent => ({
  source: 'aws.cognito-idp',
  'detail-type': 'AWS API Call via CloudTrail',
  detail: { eventSource: 'cognito-idp.amazonaws.com', eventName: 'ChangePassword', ...detail },
});

describe('changedUser', () => {
  it("names the user of a successful ChangePassword on this pool", () => {
    expect(changedUser(event({ additionalEventData: { sub: SUB, userPoolId: 'eu-west-1_abc' } }), 'eu-west-1_abc')).toBe(SUB);
    expect(changedUser(event({ additionalEventData: { sub: SUB } }), 'eu-west-1_abc')).toBe(SUB);
    expect(changedUser(event({ additionalEventData: { sub: SUB }, resources: [{ ARN: 'arn:aws:cognito-idp:eu-west-1:111111111111:userpool/eu-west-1_abc' }] }), 'eu-west-1_abc')).toBe(SUB);
  });

  it('ignores a failed call, another pool, another action or service, and an event without a sub', () => {
    expect(changedUser(event({ errorCode: 'NotAuthorizedException', additionalEventData: { sub: SUB } }), 'eu-west-1_abc')).toBeNull();
    expect(changedUser(event({ additionalEventData: { sub: SUB, userPoolId: 'eu-west-1_other' } }), 'eu-west-1_abc')).toBeNull();
    expect(changedUser(event({ additionalEventData: { sub: SUB }, resources: [{ ARN: 'arn:aws:cognito-idp:eu-west-1:111111111111:userpool/eu-west-1_other' }] }), 'eu-west-1_abc')).toBeNull();
    expect(changedUser(event({ eventName: 'ForgotPassword', additionalEventData: { sub: SUB } }), 'eu-west-1_abc')).toBeNull();
    expect(changedUser(event({ eventSource: 'iam.amazonaws.com', additionalEventData: { sub: SUB } }), 'eu-west-1_abc')).toBeNull();
    expect(changedUser(event({}), 'eu-west-1_abc')).toBeNull();
    expect(changedUser(event({ additionalEventData: { sub: 'not-a-sub' } }), 'eu-west-1_abc')).toBeNull();
    expect(changedUser({}, 'eu-west-1_abc')).toBeNull();
  });
});
