/**
 * Weak references follow their producer (infra/weak-reads.ts): a resource that reads another
 * stack's output (`Fn::GetStackOutput`) carries a digest of that output's definition, so a producer
 * resource replaced or renamed changes the consumer's template (its resource is updated and reads
 * the value anew), and only by that digest; an unchanged producer gives the same templates.
 */
import { App } from 'aws-cdk-lib';
import type { CfnTopic } from 'aws-cdk-lib/aws-sns';
import { stageStacks, type StageStacks } from '../../infra/app.js';
import { loadStage } from '../../infra/config.js';
import { SKIP_BUNDLING_CONTEXT } from '../../infra/function-construct.js';
import { WEB_BUILD_CONTEXT } from '../../infra/web-construct.js';
import { canonical, READS_METADATA, stackOutputsIn, stampReads } from '../../infra/weak-reads.js';
import { cdkJson, FIXTURE_WEB_BUILD, stages, synth } from './support/synth.js';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }>;
type Templates = Map<string, { Resources: Resources; Outputs?: Record<string, unknown> }>;

const STAGE = 'staging';
const SYNTH_MS = 240_000;

/** Every stack of the stage as `cdk synth` writes it, after `edit` had its way with the built stacks. */
function synthStage(edit: (s: StageStacks) => void = () => {}): Templates {
  const { stages: _, ...flags } = cdkJson.context;
  const app = new App({ context: { ...flags, [SKIP_BUNDLING_CONTEXT]: true, 'aws:cdk:bundling-stacks': [], [WEB_BUILD_CONTEXT]: FIXTURE_WEB_BUILD } });
  const built = stageStacks(app, loadStage(STAGE, stages));
  edit(built);
  const assembly = app.synth();
  return new Map(built.all.map((s) => [s.stackName, assembly.getStackByName(s.stackName).template]));
}

/** A template with every `portal:reads` taken out. */
function withoutDigests(t: unknown) {
  const copy = structuredClone(t) as { Resources: Resources };
  for (const r of Object.values(copy.Resources)) {
    if (!r.Metadata) continue;
    delete r.Metadata[READS_METADATA];
    if (!Object.keys(r.Metadata).length) delete r.Metadata;
  }
  return copy;
}

const digests = (t: { Resources?: Resources }) => Object.fromEntries(Object.entries(t.Resources ?? {}).flatMap(([id, r]) => (r.Metadata?.[READS_METADATA] ? [[id, r.Metadata[READS_METADATA]]] : [])));

describe('stampReads', () => {
  const producer = {
    Resources: { Topic: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'tickets' } }, Fn: { Type: 'AWS::Lambda::Function', Properties: { Code: { S3Key: 'a.zip' }, Runtime: 'nodejs22.x' } } },
    Outputs: { TopicArn: { Value: { Ref: 'Topic' } }, FnName: { Value: { Ref: 'Fn' } } },
  };
  const consumer = () => ({
    Resources: {
      Reads: { Type: 'AWS::CloudWatch::Alarm', Properties: { AlarmActions: [{ 'Fn::GetStackOutput': { StackName: 'P', OutputName: 'TopicArn' } }] } },
      ReadsFn: { Type: 'AWS::CloudWatch::Alarm', Properties: { Dimensions: [{ Value: { 'Fn::GetStackOutput': { StackName: 'P', OutputName: 'FnName' } } }] } },
      Own: { Type: 'AWS::SNS::Topic', Properties: {} },
    },
  });
  const stamp = (p: typeof producer) => digests(stampReads(consumer(), (name) => (name === 'P' ? p : undefined)));

  it('stamps only the resources that read another stack, the same way every time', () => {
    const d = stamp(producer);
    expect(Object.keys(d).sort()).toEqual(['Reads', 'ReadsFn']);
    expect(d.Reads).toMatch(/^[0-9a-f]{16}$/);
    expect(stamp(structuredClone(producer))).toEqual(d);
  });

  it('changes with the resource the output names (replaced, renamed), not with a function\'s code', () => {
    const d = stamp(producer);
    const replaced = structuredClone(producer);
    replaced.Resources.Topic.Properties = { DisplayName: 'tickets', TopicName: 'portal-x-tickets' } as typeof replaced.Resources.Topic.Properties;
    expect(stamp(replaced).Reads).not.toBe(d.Reads);
    expect(stamp(replaced).ReadsFn).toBe(d.ReadsFn);
    const renamed = structuredClone(producer) as { Resources: Record<string, unknown>; Outputs: Record<string, { Value: unknown }> };
    renamed.Resources.Topic2 = renamed.Resources.Topic;
    delete renamed.Resources.Topic;
    renamed.Outputs.TopicArn = { Value: { Ref: 'Topic2' } };
    expect(stamp(renamed as typeof producer).Reads).not.toBe(d.Reads);
    const newCode = structuredClone(producer);
    newCode.Resources.Fn.Properties.Code = { S3Key: 'b.zip' };
    expect(stamp(newCode).ReadsFn).toBe(d.ReadsFn);
  });

  it('reads JSON with its keys in order', () => {
    expect(canonical({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonical({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});

describe(`${STAGE}: a producer's change reaches every consumer's template, by the digest alone`, () => {
  let base: Templates;
  let again: Templates;
  let changed: Templates;
  beforeAll(() => {
    // The stage's shared synthesis (./support/synth.ts), and two apps of this file's own.
    const { assembly } = synth(STAGE);
    base = new Map(assembly.stacks.map((a) => [a.stackName, a.template]));
    again = synthStage();
    // The ticket topic replaced in place: same logical id and output, a new ARN once deployed.
    changed = synthStage((s) => (s.main.alerting.ticket.node.defaultChild as CfnTopic).addPropertyOverride('TopicName', `portal-${STAGE}-tickets-2`));
  }, SYNTH_MS * 3);

  it('an unchanged producer gives the same templates (the digests are deterministic)', () => {
    for (const [name, t] of base) expect({ name, t: again.get(name) }).toEqual({ name, t });
  });

  it('every resource that reads another stack carries a digest, and no other', () => {
    for (const [name, t] of base) {
      const reading = Object.entries(t.Resources).filter(([, r]) => stackOutputsIn(r.Properties).length).map(([id]) => id).sort();
      expect({ name, stamped: Object.keys(digests(t)).sort() }).toEqual({ name, stamped: reading });
    }
  });

  it('a consumer of the replaced topic differs from before only in the digests of the resources that read it', () => {
    const main = `Portal-${STAGE}`;
    const topicOutputs = Object.entries(base.get(main)!.Outputs as Record<string, { Value: unknown }>)
      .filter(([, o]) => canonical(o.Value).includes('"AlertingTicket'))
      .map(([n]) => n);
    expect(topicOutputs.length).toBeGreaterThan(0);
    const consumers = [...base].filter(([name]) => name !== main);
    let moved = 0;
    for (const [name, before] of consumers) {
      const after = changed.get(name)!;
      expect({ name, t: withoutDigests(after) }).toEqual({ name, t: withoutDigests(before) });
      const [d0, d1] = [digests(before), digests(after)];
      for (const [id, r] of Object.entries(before.Resources)) {
        const readsTopic = stackOutputsIn(r.Properties).some((o) => o.StackName === main && topicOutputs.includes(o.OutputName));
        // What reads the topic moves; what does not keeps its digest (a consumer of a consumer
        // moves only when the value it reads was made from the topic).
        if (readsTopic) {
          expect({ name, id, moved: d1[id] !== d0[id] }).toEqual({ name, id, moved: true });
          moved++;
        } else if (!stackOutputsIn(r.Properties).some((o) => o.StackName !== main)) {
          expect({ name, id, digest: d1[id] }).toEqual({ name, id, digest: d0[id] });
        }
      }
    }
    // The area stacks and the watch stack alarm to the ticket topic.
    expect(moved).toBeGreaterThan(5);
  });
});
