/**
 * Synthesises the portal stack for a stage of cdk.json (or changed settings) without bundling:
 * functions get an inline body (the `portal:skipBundling` switch), so no esbuild run and no
 * handler file is needed. Each stage (or changed settings) is synthesised once per run: the
 * assembly is kept on disk (./synth-cache.ts) for the other workers and the IAM check, and each
 * caller builds the app's constructs (a fifth of a synthesis) to look into, with every template
 * read from that one assembly. The constructs are never synthesised themselves (`s.assembly` is
 * their assembly), so a test sees the same tree whichever process wrote the assembly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { loadStage, type Stage } from '../../../infra/config.js';
import { ROOT, SKIP_BUNDLING_CONTEXT } from '../../../infra/function-construct.js';
import { stageStacks, type StageStacks } from '../../../infra/app.js';
import { routes, type Area } from '../../../lambdas/routes.js';
import type { AreaStack } from '../../../infra/area-stack.js';
import type { EdgeStack } from '../../../infra/edge-stack.js';
import type { PortalFunction } from '../../../infra/function-construct.js';
import type { JobsStack } from '../../../infra/jobs-stack.js';
import type { EdgeWatchStack, WatchStack } from '../../../infra/monitoring-construct.js';
import type { PortalStack } from '../../../infra/portal-stack.js';
import { WEB_BUILD_CONTEXT } from '../../../infra/web-construct.js';
import { hashFiles, keptAssembly } from './synth-cache.js';

export const cdkJson = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { app: string; context: { stages: Record<string, unknown> } & Record<string, unknown> };
export const stages = cdkJson.context.stages;
export const FIXTURE_WEB_BUILD = path.join(ROOT, 'test', 'infra', 'fixtures', 'web-build');

export interface Synth {
  /** The app's constructs, never synthesised: its templates are `assembly`'s. */
  app: App;
  /** The app's one synthesis (every stack's template, the manifest). */
  assembly: CloudAssembly;
  stage: Stage;
  stack: PortalStack;
  template: Template;
  resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[] }>;
  /** The API's route functions, a stack per area. */
  areas: Record<Area, Other<AreaStack>>;
  /** Every function of the stage (areas, jobs, triggers) with the synthesised stack it is in. */
  functions: Map<string, { pf: PortalFunction; at: Part }>;
  /** Scheduled jobs and SES feedback, beside the portal stack. */
  jobs: Other<JobsStack>;
  /** Dashboard and alarms, beside the portal stack. */
  watch: Other<WatchStack>;
  /** The stage's us-east-1 stacks, when the stage is elsewhere. */
  edge?: Other<EdgeStack>;
  edgeWatch?: Other<EdgeWatchStack>;
}

export interface Other<S extends Stack> {
  stack: S;
  template: Template;
  resources: Synth['resources'];
}

/** One synthesised stack of the stage, whichever it is. */
export interface Part {
  stack: Stack;
  resources: Synth['resources'];
}

/**
 * A stack's template from the app's one synthesis. (`Template.fromStack` synthesises the whole app
 * again, with `force`, for every stack it is given: ten times per stage here, which was most of
 * the time the infrastructure tests took.)
 */
function templateOf(assembly: CloudAssembly, stack: Stack): Template {
  return Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template as Record<string, unknown>);
}

function other<S extends Stack>(assembly: CloudAssembly, stack: S): Other<S> {
  const template = templateOf(assembly, stack);
  return { stack, template, resources: template.toJSON().Resources as Synth['resources'] };
}

export interface SynthOptions {
  /** Changes the stage's settings of cdk.json before the synthesis. */
  change?: (raw: Record<string, unknown>) => void;
  webBuild?: string;
  /**
   * aws-cdk-lib's own check of every template against CloudFormation's schemas: about 60% of a
   * synthesis, so off unless a test asks. `npm run synth:all` (run by the docs-commands test) and
   * test/infra/stages.test.ts check every stage with it on.
   */
  validate?: boolean;
}

/**
 * Syntheses already made in this worker process, by what decides them (the stage's name and
 * settings after `change`, the web build, the validation and the route table as it is then): the
 * infra project's environment (test/support/worker-environment.js) keeps the map across test files, so a file reads
 * a stage another file synthesised. Elsewhere (another project importing this module) a map of the file's own.
 * A cached synthesis is shared: a test reads it and never changes it.
 */
const made: Map<string, Synth> = ((globalThis as { __portalSynths?: Map<string, Synth> }).__portalSynths ??= new Map());

export function synth(stageName: string, opts: SynthOptions = {}): Synth {
  const raw = structuredClone(stages[stageName]) as Record<string, unknown>;
  opts.change?.(raw);
  // The route table too: a test may change a row in memory for one synthesis (test/iam/iam-check.test.ts).
  const key = (validate: boolean) => JSON.stringify([stageName, raw, opts.webBuild ?? FIXTURE_WEB_BUILD, validate, routes]);
  // A validated synthesis answers an unvalidated ask (the same templates, checked once more).
  const known = made.get(key(true)) ?? (opts.validate ? undefined : made.get(key(false)));
  if (known) return known;
  const s = opts.validate ? synthesised(stageName, raw, opts) : kept(stageName, raw, opts, key(false));
  made.set(key(opts.validate ?? false), s);
  return s;
}

/**
 * A validated synthesis: made here (its point is aws-cdk-lib's check as it runs), never read from
 * disk; its constructs are built again, not synthesised, as every other synthesis's are.
 */
function synthesised(stageName: string, raw: Record<string, unknown>, opts: SynthOptions): Synth {
  const assembly = build(stageName, raw, opts).app.synth();
  return fromAssembly(build(stageName, raw, opts), assembly);
}

/** The constructs built here; the assembly the one kept for this key (written now by a second app if no process has yet). */
function kept(stageName: string, raw: Record<string, unknown>, opts: SynthOptions, key: string): Synth {
  const webBuild = opts.webBuild ?? FIXTURE_WEB_BUILD;
  const dir = keptAssembly(`${key}\n${hashFiles([path.relative(ROOT, path.resolve(ROOT, webBuild))])}`, (outdir) => {
    build(stageName, raw, opts, outdir).app.synth();
  });
  return fromAssembly(build(stageName, raw, opts), new CloudAssembly(dir));
}

/** The stage's app with its stacks, not synthesised. */
interface Built {
  app: App;
  stage: Stage;
  stacks: StageStacks;
}

function build(stageName: string, raw: Record<string, unknown>, opts: SynthOptions, outdir?: string): Built {
  const stage = loadStage(stageName, { ...stages, [stageName]: raw });
  const { stages: _, ...featureFlags } = cdkJson.context;
  const app = new App({
    ...(outdir ? { outdir } : {}),
    builtinCloudFormationValidation: opts.validate ?? false,
    // No stack trace captured per construct and metadata entry: under jest each one is mapped
    // through the source maps, a tenth of a synthesis; the templates are the same without them.
    stackTraces: false,
    context: {
      ...featureFlags,
      'aws:cdk:disable-creation-stack-traces': true,
      [SKIP_BUNDLING_CONTEXT]: true,
      'aws:cdk:bundling-stacks': [],
      [WEB_BUILD_CONTEXT]: opts.webBuild ?? FIXTURE_WEB_BUILD,
    },
  });
  return { app, stage, stacks: stageStacks(app, stage) };
}

function fromAssembly({ app, stage, stacks }: Built, assembly: CloudAssembly): Synth {
  const stack = stacks.main;
  const template = templateOf(assembly, stack);
  const resources = template.toJSON().Resources as Synth['resources'];
  const areas = Object.fromEntries(Object.entries(stacks.areas).map(([a, st]) => [a, other(assembly, st)])) as Record<Area, Other<AreaStack>>;
  const jobs = other(assembly, stacks.jobs);
  const main: Part = { stack, resources };
  const partOf = (pf: PortalFunction): Part => [main, jobs, ...Object.values(areas)].find((p) => p.stack === Stack.of(pf))!;
  const functions = new Map([...stacks.functions].map(([h, pf]) => [h, { pf, at: partOf(pf) }]));
  return {
    app,
    assembly,
    stage,
    stack,
    template,
    resources,
    areas,
    functions,
    jobs,
    watch: other(assembly, stacks.watch),
    ...(stacks.edge ? { edge: other(assembly, stacks.edge) } : {}),
    ...(stacks.edgeWatch ? { edgeWatch: other(assembly, stacks.edgeWatch) } : {}),
  };
}

/** The stacks `stack` is deployed after, by artifact id: the assembly's manifest (explicit dependencies and those its references make). */
export const deployedAfter = (s: Pick<Synth, 'assembly'>, stack: Stack) => s.assembly.getStackArtifact(stack.artifactId).dependencies.map((d) => d.id);

export const ofType = (s: Pick<Synth, 'resources'>, type: string) => Object.entries(s.resources).filter(([, r]) => r.Type === type);

export const logicalId = (s: { stack: Stack }, c: { node: { defaultChild?: unknown } }) =>
  s.stack.resolve((c.node.defaultChild as CfnResource).logicalId) as string;

/**
 * What another stack of the stage reads from the portal or jobs stack (`Fn::GetStackOutput` of one
 * of its outputs) → that stack's value, so that refId can name the resource.
 */
export function fromPortal(s: Synth, v: unknown): unknown {
  const out = (v as { 'Fn::GetStackOutput'?: { StackName: string; OutputName: string } } | undefined)?.['Fn::GetStackOutput'];
  const from = out && [s, s.jobs, ...Object.values(s.areas)].find((x) => x.stack.stackName === out.StackName);
  if (out && from) return (from.template.toJSON().Outputs as Record<string, { Value: unknown }>)[out.OutputName]?.Value;
  // Inside a value (Fn::Join, Fn::Sub lists): each reference read the same way.
  if (Array.isArray(v)) return v.map((x) => fromPortal(s, x));
  if (v && typeof v === 'object' && !out) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromPortal(s, x)]));
  return v;
}

/** `{ 'Fn::GetAtt': [id, 'Arn'] }` or `{ Ref: id }` → id. */
export function refId(v: unknown): string | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.Ref === 'string') return o.Ref;
  const att = o['Fn::GetAtt'];
  if (Array.isArray(att) && typeof att[0] === 'string') return att[0];
  return undefined;
}

/** Every logical id a value refers to, however deep (Fn::Join, Fn::Sub lists, ...). */
export function refsIn(v: unknown, out = new Set<string>()): Set<string> {
  const id = refId(v);
  if (id) out.add(id);
  if (Array.isArray(v)) v.forEach((x) => refsIn(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => refsIn(x, out));
  return out;
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}
export const actionsOf = (st: Statement) => (Array.isArray(st.Action) ? st.Action : [st.Action]);
export const resourcesOf = (st: Statement) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]);
/** Values in the order of their JSON text: resource lists compared whatever order CDK wrote them in. */
export const byJson = (xs: unknown[]) => [...xs].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The statements of every inline policy attached to a role. */
export function roleStatements(s: Pick<Synth, 'resources'>, roleId: string): Statement[] {
  return ofType(s, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties!.Roles as unknown[]).some((r) => refId(r) === roleId))
    .flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** A function's properties by handler file, wherever it is, with the portal stack's values read as the portal stack's own. */
export function fnProps(s: Synth, handler: string): Record<string, unknown> {
  const found = s.functions.get(handler);
  if (!found) throw new Error(`no function for ${handler}`);
  return fromPortal(s, found.at.resources[logicalId(found.at, found.pf.fn)]!.Properties!) as Record<string, unknown>;
}
