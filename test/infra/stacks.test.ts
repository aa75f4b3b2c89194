/**
 * Every stack of a stage: termination protection where the stage keeps its data, and the tags
 * devops bill and find resources by (stage, service, cost centre from the stage's settings).
 */
import { Stack } from 'aws-cdk-lib';
import { synth } from './support/synth.js';

describe.each(['dev', 'staging', 'prod'])('stage %s', (name) => {
  // The stage's one synthesis (shared with the other template tests): every stack of the app, and
  // each one's template from that synthesis' assembly, where tags are applied.
  const { app, stage, assembly } = synth(name);
  const stacks = app.node.children.filter((c) => Stack.isStack(c));

  it('protects its stacks from deletion exactly when its data is retained', () => {
    for (const stack of stacks) expect({ stack: stack.stackName, protected: stack.terminationProtection }).toEqual({ stack: stack.stackName, protected: stage.removalPolicy === 'retain' });
  });

  it('tags every stack, and its taggable resources, with stage, service and cost centre', () => {
    const want = { stage: name, service: 'customer-portal', 'cost-centre': stage.costCentre };
    let checked = 0;
    for (const stack of stacks) {
      const resources = Object.entries(assembly.getStackArtifact(stack.artifactId).template.Resources as Record<string, { Type: string; Properties?: { Tags?: { Key: string; Value: string }[] } }>);
      // CDK's own custom-resource providers (auto-deleting objects, ...) are raw resources aspects do not reach.
      const ours = resources.filter(([id, r]) => (r.Type === 'AWS::S3::Bucket' || r.Type === 'AWS::Lambda::Function') && !id.startsWith('Custom'));
      checked += ours.length;
      for (const [id, r] of ours) expect({ id, tags: Object.fromEntries((r.Properties?.Tags ?? []).map((t) => [t.Key, t.Value])) }).toMatchObject({ id, tags: want });
    }
    // The stage's buckets and its 39 functions at least.
    expect(checked).toBeGreaterThan(30);
  });
});
