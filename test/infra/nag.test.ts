/** cdk-nag's AwsSolutions pack on every stack of every example stage: every finding fixed or acknowledged with its reason. */
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { synth } from './support/synth.js';

const findings = (scope: App) =>
  new AwsSolutionsChecks().validateScope(scope).violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath}`));

describe('cdk-nag AwsSolutions', () => {
  it('finds and names an unacknowledged finding (the check is live)', () => {
    const app = new App();
    new s3.Bucket(new Stack(app, 'Probe'), 'Plain');
    expect(findings(app)).toEqual(expect.arrayContaining([expect.stringMatching(/^AwsSolutions-S10 Probe\/Plain/)]));
  });

  it('honours an acknowledgement with a reason', () => {
    const app = new App();
    const bucket = new s3.Bucket(new Stack(app, 'Probe'), 'Plain', { enforceSSL: true });
    Validations.of(bucket).acknowledge({ id: 'AwsSolutions-S1', reason: 'probe' });
    expect(findings(app).filter((f) => f.startsWith('AwsSolutions-S1 '))).toEqual([]);
  });

  it.each(['dev', 'staging', 'prod'])('has no unacknowledged finding on stage %s (all its stacks)', (stage) => {
    const s = synth(stage);
    expect(s.app.node.children.filter((c) => Stack.isStack(c)).map((c) => (c as Stack).stackName)).toEqual([
      `Portal-${stage}-edge`,
      `Portal-${stage}`,
      ...['accounts', 'users', 'documents', 'reports', 'operations'].map((area) => `Portal-${stage}-${area}`),
      `Portal-${stage}-jobs`,
      `Portal-${stage}-watch`,
      `Portal-${stage}-edge-watch`,
    ]);
    expect(findings(s.app)).toEqual([]);
  });

  it('has no unacknowledged finding when the stage names its account and is in us-east-1 (no edge stacks)', () => {
    const s = synth('prod', { change: (raw) => Object.assign(raw, { account: '123456789012', region: 'us-east-1' }) });
    expect(s.stack.region).toBe('us-east-1');
    expect(s.edge).toBeUndefined();
    expect(findings(s.app)).toEqual([]);
  });

  it('has no unacknowledged finding without a web build either', () => {
    expect(findings(synth('dev', { webBuild: 'test/infra/fixtures/no-such-build' }).app)).toEqual([]);
  });
});
