/**
 * Weak references that follow their producer. A stack of the stage reads another's values with
 * `Fn::GetStackOutput` (the `@aws-cdk/core:defaultCrossStackReferences: weak` flag): CloudFormation
 * reads such a value when it updates the resource that holds it, and `cdk deploy` skips a stack
 * whose template did not change. A producer that replaces a resource in place (a new topic or user
 * pool client under the same logical id) hands out a new value under the same output, so the
 * consumer's template would stay the same and keep the old value for good.
 *
 * So every resource that reads another stack's output carries, in its `Metadata`, `portal:reads`: a
 * digest of what it reads: for each output, the producer's stack and output name, the output's
 * definition and the definition (type and properties) of each producer resource that output
 * refers to. A change that replaces or renames the producer's resource changes its properties or its
 * logical id, so the digest, so the consuming resource, so the consumer's template: the deploy
 * updates that resource and CloudFormation reads the output anew. An unchanged producer gives the
 * same digest (the JSON is hashed with its keys in order), so nothing moves without a cause.
 */
import { createHash } from 'node:crypto';
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** The resource metadata key carrying the digest. */
export const READS_METADATA = 'portal:reads';

interface Template {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }>;
  Outputs?: Record<string, { Value: unknown }>;
}
interface StackOutputRef {
  StackName: string;
  OutputName: string;
  Region?: string;
}
/** A stack's template as CDK renders it (`Stack._toCloudFormation`, what `cdk synth` writes). */
type Renderable = { _toCloudFormation(): Template };

/** Properties left out of a producer resource's definition: they change with every build and never the value read (a function's name and ARN stay when its code changes). */
const VOLATILE: Record<string, string[]> = { 'AWS::Lambda::Function': ['Code'] };

/** JSON with the keys of every object in order: the same value always gives the same text. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Every `Fn::GetStackOutput` inside a value, however deep. */
export function stackOutputsIn(v: unknown, out: StackOutputRef[] = []): StackOutputRef[] {
  if (Array.isArray(v)) v.forEach((x) => stackOutputsIn(x, out));
  else if (v && typeof v === 'object') {
    const ref = (v as Record<string, unknown>)['Fn::GetStackOutput'] as StackOutputRef | undefined;
    if (ref && typeof ref.StackName === 'string' && typeof ref.OutputName === 'string') out.push(ref);
    else Object.values(v).forEach((x) => stackOutputsIn(x, out));
  }
  return out;
}

/** The logical ids a value refers to (Ref, Fn::GetAtt), however deep; pseudo parameters left out. */
function refsIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => refsIn(x, out));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.Ref === 'string' && !o.Ref.startsWith('AWS::')) out.add(o.Ref);
    const att = o['Fn::GetAtt'];
    if (Array.isArray(att) && typeof att[0] === 'string') out.add(att[0]);
    Object.values(o).forEach((x) => refsIn(x, out));
  }
  return out;
}

/** What one output of a producer's template stands for: its definition and that of the resources it names. */
export function outputDefinition(producer: Template, outputName: string): unknown {
  const output = producer.Outputs?.[outputName];
  if (!output) return { missing: outputName };
  const resources = [...refsIn(output.Value)].sort().map((id) => {
    const r = producer.Resources?.[id];
    if (!r) return { id };
    const properties = Object.fromEntries(Object.entries(r.Properties ?? {}).filter(([k]) => !(VOLATILE[r.Type] ?? []).includes(k)));
    return { id, type: r.Type, properties };
  });
  return { value: output.Value, resources };
}

/**
 * Puts `portal:reads` on every resource of `template` that reads another stack's output, from the
 * producers' templates (`producerOf` by stack name); returns the template. `definitions` keeps each
 * output's definition as text for the next resource that reads it (a function's role reads the same
 * dozen outputs as every other function's): the digest is the same as of `canonical` over the
 * pairs, without writing the same definitions again for each resource.
 */
export function stampReads(template: Template, producerOf: (stackName: string) => Template | undefined, definitions = new Map<string, string>()): Template {
  for (const resource of Object.values(template.Resources ?? {})) {
    const reads = stackOutputsIn(resource.Properties);
    if (!reads.length) continue;
    const seen = new Map<string, string>();
    for (const r of reads) {
      const key = `${r.Region ?? ''}/${r.StackName}/${r.OutputName}`;
      if (seen.has(key)) continue;
      let text = definitions.get(key);
      if (text === undefined) {
        const producer = producerOf(r.StackName);
        text = canonical(producer ? outputDefinition(producer, r.OutputName) : { unknownStack: r.StackName });
        definitions.set(key, text);
      }
      seen.set(key, text);
    }
    // canonical([[key, definition], ...]) in the order of the keys, each definition's text known.
    const text = `[${[...seen]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, t]) => `[${JSON.stringify(k)},${t}]`)
      .join(',')}]`;
    resource.Metadata = { ...resource.Metadata, [READS_METADATA]: createHash('sha256').update(text).digest('hex').slice(0, 16) };
  }
  return template;
}

/**
 * Has each of `stacks` render its template with `portal:reads` on the resources that read another
 * stack of `scope` (an app or stage): each producer's template is rendered once for this.
 */
export function digestWeakReads(scope: IConstruct, stacks: readonly Stack[]) {
  const rendered = new Map<string, Template>();
  const definitions = new Map<string, string>();
  const original = new Map<Stack, () => Template>();
  const byName = () => new Map(scope.node.findAll().filter(Stack.isStack).map((s) => [s.stackName, s]));
  const producerOf = (name: string): Template | undefined => {
    const known = rendered.get(name);
    if (known) return known;
    const stack = byName().get(name);
    if (!stack) return undefined;
    const template = (original.get(stack) ?? (stack as unknown as Renderable)._toCloudFormation.bind(stack))();
    // The producer's own reads stamped too: a change two stacks away reaches the last one.
    if (original.has(stack)) stampReads(template, producerOf, definitions);
    rendered.set(name, template);
    return template;
  };
  for (const stack of stacks) {
    const renderable = stack as unknown as Renderable;
    const render = renderable._toCloudFormation.bind(stack);
    original.set(stack, render);
    renderable._toCloudFormation = () => stampReads(render(), producerOf, definitions);
  }
}
