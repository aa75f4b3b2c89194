/**
 * Every stack of a stage: termination protection where the stage keeps its data, and the tags
 * devops bill and find resources by (stage, service, cost centre from the stage's settings).
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stageStacks } from '../../infra/app.js';
import { loadStage } from '../../infra/config.js';
import { SKIP_BUNDLING_CONTEXT } from '../../infra/function-construct.js';
import { WEB_BUILD_CONTEXT } from '../../infra/web-construct.js';
import { cdkJson, FIXTURE_WEB_BUILD, stages } from './support/synth.js';

describe.each(['dev', 'staging', 'prod'])('stage %s', (name) => {
  const stage = loadStage(name, stages);
  const { stages: _, ...featureFlags } = cdkJson.context;
  const app = new App({ context: { ...featureFlags, [SKIP_BUNDLING_CONTEXT]: true, 'aws:cdk:bundling-stacks': [], [WEB_BUILD_CONTEXT]: FIXTURE_WEB_BUILD } });
  const stacks = stageStacks(app, stage).all;

  it('protects its stacks from deletion exactly when its data is retained', () => {
    for (const stack of stacks) expect({ stack: stack.stackName, protected: stack.terminationProtection }).toEqual({ stack: stack.stackName, protected: stage.removalPolicy === 'retain' });
  });

  it('tags every stack, and its taggable resources, with stage, service and cost centre', () => {
    const want = { stage: name, service: 'customer-portal', 'cost-centre': stage.costCentre };
    let checked = 0;
    for (const stack of stacks) {
      // Tags are applied when the stack is synthesised.
      const resources = Object.entries(Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string; Properties?: { Tags?: { Key: string; Value: string }[] } }>);
      // CDK's own custom-resource providers (auto-deleting objects, ...) are raw resources aspects do not reach.
      const ours = resources.filter(([id, r]) => (r.Type === 'AWS::S3::Bucket' || r.Type === 'AWS::Lambda::Function') && !id.startsWith('Custom'));
      checked += ours.length;
      for (const [id, r] of ours) expect({ id, tags: Object.fromEntries((r.Properties?.Tags ?? []).map((t) => [t.Key, t.Value])) }).toMatchObject({ id, tags: want });
    }
    // The stage's buckets and its 39 functions at least.
    expect(checked).toBeGreaterThan(30);
  });
});
