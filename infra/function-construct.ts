/**
 * One Lambda function from a file under lambdas/: Node 22 on arm64, bundled by the local esbuild
 * into minified ESM with every other function in one run (./function-code.ts; the options in
 * ./function-bundling.ts: source maps kept beside the templates, not shipped),
 * JSON logs into its own log group kept for the stage's days,
 * X-Ray active tracing, published as a version behind the `live` alias that API routes and Cognito
 * call, and its error alarm (which a canary stage's CodeDeploy group rolls back on).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AssetHashType, cx_api as cxapi, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { METRICS_NAMESPACE, shortName } from '../lambdas/shared/resources/function-names.js';
import { removalPolicyOf, StageConfigError, type Stage } from './config.js';
import { CJS_REQUIRE_BANNER } from './function-bundling.js';
import { functionCodeDir } from './function-code.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Context flag for the infrastructure tests only: functions get a one-line inline body instead of
 * a bundle, so the tests need neither esbuild runs nor every handler file to exist yet.
 */
export const SKIP_BUNDLING_CONTEXT = 'portal:skipBundling';

export const RUNTIME = lambda.Runtime.NODEJS_22_X;

/** The alias API routes and Cognito triggers invoke. */
export const LIVE_ALIAS = 'live';
/** The namespace of the portal's own metrics (EMF, lambdas/shared/platform/observability.ts writes to it). */
export { METRICS_NAMESPACE };


/** Where the tracer layer's module is in a function (lambdas/shared/platform/observability.ts imports it). */
export const TRACER_MODULE = '/opt/nodejs/portal-tracer.mjs';

/**
 * Powertools' Tracer and the X-Ray SDK as one layer per stack, bundled by the local esbuild from
 * the pinned packages: traced functions import it at run time instead of carrying it in their
 * bundles. Its version changes with the Tracer's pinned version and the entry file only.
 */
export function tracerLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsTracerLayer';
  const found = stack.node.tryFindChild(id) as lambda.LayerVersion | undefined;
  if (found) return found;
  const dir = path.join(ROOT, 'lambdas', 'shared', 'platform', 'tracer-layer');
  const entry = path.join(dir, 'index.ts');
  const version = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@aws-lambda-powertools', 'tracer', 'package.json'), 'utf8')) as { version: string }).version;
  return new lambda.LayerVersion(stack, id, {
    description: `Powertools for AWS Lambda Tracer ${version} with the X-Ray SDK (${TRACER_MODULE})`,
    compatibleRuntimes: [RUNTIME],
    compatibleArchitectures: [lambda.Architecture.ARM_64],
    code: lambda.Code.fromAsset(dir, {
      assetHashType: AssetHashType.CUSTOM,
      assetHash: createHash('sha256').update(`${version}\n${readFileSync(entry, 'utf8')}`).digest('hex'),
      bundling: {
        image: RUNTIME.bundlingImage,
        local: {
          tryBundle(outputDir: string) {
            buildSync({
              entryPoints: [entry],
              outfile: path.join(outputDir, TRACER_MODULE.replace(/^\/opt\//, '')),
              bundle: true,
              minify: true,
              format: 'esm',
              platform: 'node',
              target: 'node22',
              banner: { js: CJS_REQUIRE_BANNER },
              logLevel: 'error',
            });
            return true;
          },
        },
      },
    }),
  });
}

/** `users/get-property` → `users-get-property`: a readable alarm and widget name (the functions name their deployment group and job metrics by it too). */
export { shortName };
/**
 * Cognito waits this long for a trigger, then fails the operation; a trigger's timeout is never
 * longer (https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-working-with-lambda-triggers.html).
 */
export const COGNITO_TRIGGER_WAIT_SECONDS = 5;

/** The metric the API middleware emits for every 5xx answer (lambdas/shared/platform/middleware.ts), per function and version. */
export const HTTP_5XX_METRIC = 'Http5xx';

/**
 * The name of a function's failures alarm, beside the function in its own stack: what its
 * deployment group rolls back on, and a ticket otherwise. An alarm's name is its identity in the
 * account and region, so a handler that runs as one function per area (the pre-traffic hook) names
 * its `instance` (the area) too.
 */
export const failuresAlarmName = (stage: Pick<Stage, 'name'>, handler: string, instance?: string) => `portal-${stage.name}-${shortName(handler)}${instance ? `-${instance}` : ''}-failures`;

/**
 * The failures alarm CodeDeploy watches while it shifts `live`: the version just published, any
 * failure in one of two one-minute periods. The version's failures are Lambda's `Errors` of the
 * alias at that version (uncaught errors, timeouts) plus, for an API function, the 5xx answers it
 * made (the middleware answers an exception with a 500, which Lambda counts as a success).
 */
export const failuresAlarm = { periodMinutes: 1, evaluationPeriods: 2, datapointsToAlarm: 1, threshold: 1 } as const;

/**
 * How late a minute's datapoint of Lambda's metrics (and of the 5xx metric, logged as EMF) can
 * reach CloudWatch: up to three minutes (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics.html).
 */
export const METRIC_DELAY_MINUTES = 3;
/**
 * The shortest canary that can see a failure: the alarm's periods it evaluates plus the metric's
 * delay fit inside the 10 % interval, or CodeDeploy moves all traffic before the alarm could fire.
 */
export const MINIMUM_CANARY_MINUTES = failuresAlarm.periodMinutes * failuresAlarm.evaluationPeriods + METRIC_DELAY_MINUTES;

/** What a function's deployment group needs of the stage's rollout. */
export interface RolloutTarget {
  readonly application: codedeploy.ILambdaApplication;
  readonly role: iam.IRole;
  readonly config: codedeploy.ILambdaDeploymentConfig;
}

/** CodeDeploy's own five-minute canary, or one of the stage's with a name the other stacks can use. */
const canaryConfigName = (stage: Pick<Stage, 'name' | 'canaryMinutes'>) => `portal-${stage.name}-canary-10-percent-${stage.canaryMinutes}-minutes`;
const predefinedConfig = (stage: Pick<Stage, 'canaryMinutes'>) => (stage.canaryMinutes === 5 ? codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES : undefined);
const rolloutApplicationName = (stage: Pick<Stage, 'name'>) => `portal-${stage.name}`;

/**
 * A canary stage's CodeDeploy application and the service role of its deployment groups: one
 * each per stage, in the portal stack, shared by every function's group (a role per group would
 * cost one resource per function under CloudFormation's 500). Another stack of the stage (jobs)
 * uses them through `ImportedRollout`.
 */
export class Rollout extends Construct implements RolloutTarget {
  readonly application: codedeploy.LambdaApplication;
  readonly role: iam.Role;
  readonly config: codedeploy.ILambdaDeploymentConfig;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    if (props.stage.canaryMinutes < MINIMUM_CANARY_MINUTES)
      throw new StageConfigError(
        `Stage ${props.stage.name}: canaryMinutes ${props.stage.canaryMinutes} is shorter than a failure takes to reach the rollback alarm ` +
          `(${failuresAlarm.evaluationPeriods} periods of ${failuresAlarm.periodMinutes} min + ${METRIC_DELAY_MINUTES} min metric delay): use at least ${MINIMUM_CANARY_MINUTES}.`,
      );
    this.config =
      predefinedConfig(props.stage) ??
      new codedeploy.LambdaDeploymentConfig(this, 'Canary', {
        deploymentConfigName: canaryConfigName(props.stage),
        trafficRouting: codedeploy.TrafficRouting.timeBasedCanary({ interval: Duration.minutes(props.stage.canaryMinutes), percentage: 10 }),
      });
    this.application = new codedeploy.LambdaApplication(this, 'Application', { applicationName: rolloutApplicationName(props.stage) });
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'), description: `CodeDeploy canaries of portal-${props.stage.name}` });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason: "CodeDeploy's own limited policy for Lambda deployments: it reads alarms and updates the aliases it shifts; the deployment groups attach it.",
    });
  }
}
/**
 * The portal stack's rollout seen from another stack of the stage: the application by its fixed
 * name (an alias's update policy names it as plain text) and the role by its ARN (a cross-stack
 * reference), immutable here: the portal stack's groups already attach CodeDeploy's policy to it.
 */
export class ImportedRollout extends Construct implements RolloutTarget {
  readonly application: codedeploy.ILambdaApplication;
  readonly role: iam.IRole;
  readonly config: codedeploy.ILambdaDeploymentConfig;

  constructor(scope: Construct, id: string, props: { stage: Stage; rollout: Rollout }) {
    super(scope, id);
    // By name: the portal stack (deployed first) made it.
    this.config = predefinedConfig(props.stage) ?? codedeploy.LambdaDeploymentConfig.fromLambdaDeploymentConfigName(this, 'Canary', canaryConfigName(props.stage));
    this.application = codedeploy.LambdaApplication.fromLambdaApplicationName(this, 'Application', rolloutApplicationName(props.stage));
    this.role = iam.Role.fromRoleArn(this, 'Role', props.rollout.role.roleArn, { mutable: false });
  }
}

export interface PortalFunctionProps {
  stage: Stage;
  /** An API route's function: its 5xx answers count as failures (HTTP_5XX_METRIC). */
  answersHttp?: boolean;
  /** Where its failures alarm files a ticket (the stage's ticket topic, infra/alerting-construct.ts). */
  ticketTopic?: sns.ITopic;
  /** A function CodeDeploy runs before any traffic moves to a new version (BeforeAllowTraffic). */
  preHook?: lambda.IFunction;
  /** The file under lambdas/, without extension, exporting `handler`. */
  handler: string;
  /** Which of several functions of one handler this is (the pre-traffic hook's area): part of its physical names. */
  instance?: string;
  environment: Record<string, string>;
  memoryMb?: number;
  timeoutSeconds?: number;
  description?: string;
  /** A canary stage's CodeDeploy application and role: `live` moves by canary with rollback on the error alarm. */
  rollout?: RolloutTarget;
}

const PORTAL_FUNCTION = Symbol.for('portal.PortalFunction');

export class PortalFunction extends Construct {
  /** Whether a construct is a PortalFunction, whichever copy of this module made it (CDK's own `isStack` idiom). */
  static isPortalFunction(x: unknown): x is PortalFunction {
    return typeof x === 'object' && x !== null && PORTAL_FUNCTION in x;
  }

  readonly fn: lambda.Function;
  /** What API routes and Cognito invoke: the version this deploy published, or during a canary, two. */
  readonly alias: lambda.Alias;
  /** Failures of the version just published (errors, and 5xx answers of an API function): the canary's rollback alarm. */
  readonly failuresAlarm: cw.Alarm;
  readonly deployment?: codedeploy.LambdaDeploymentGroup;
  /** The file under lambdas/, without extension. */
  readonly handler: string;
  /** Which of several functions of one handler this is, if it is one of several. */
  readonly instance?: string;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
    Object.defineProperty(this, PORTAL_FUNCTION, { value: true });
    this.handler = props.handler;
    this.instance = props.instance;
    const { stage } = props;
    const skip = [true, 'true'].includes(this.node.tryGetContext(SKIP_BUNDLING_CONTEXT));
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: stage.logRetentionDays as logs.RetentionDays,
      removalPolicy: removalPolicyOf(stage),
    });
    // Its own role, writing only to its own log group (no managed policy with logs:* on every group).
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Function ${props.handler}`,
    });
    logGroup.grantWrite(role);
    const common = {
      role,
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      description: props.description ?? `lambdas/${props.handler}.ts`,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: `portal-${stage.name}`,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        PORTAL_TRACER_MODULE: TRACER_MODULE,
      },
      tracing: lambda.Tracing.ACTIVE,
      layers: [tracerLayer(scope)],
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
    };
    this.fn = skip
      ? new lambda.Function(this, 'Fn', {
          ...common,
          code: lambda.Code.fromInline('export const handler = async () => ({ statusCode: 501 });'),
          handler: 'index.handler',
        })
      : new lambda.Function(this, 'Fn', {
          ...common,
          // Built with every other function in one esbuild run (./function-code.ts).
          code: lambda.Code.fromAsset(functionCodeDir(ROOT, props.handler, [true, 'true'].includes(this.node.tryGetContext(cxapi.DISABLE_ASSET_STAGING_CONTEXT)))),
          handler: 'index.handler',
        });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'nodejs22.x is the runtime the handlers are built and tested for (bundle target node22); nodejs24.x is one change of RUNTIME here once tested.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource-level permissions (Resource "*" is the only form).',
    });

    // Each deploy whose code or configuration changed publishes a new version; `live` points at it
    // (through CodeDeploy's canary where the stage asks for one).
    const warm = stage.warmFunctions[props.handler];
    this.alias = new lambda.Alias(this, 'Live', {
      aliasName: LIVE_ALIAS,
      version: this.fn.currentVersion,
      // Stage setting warmFunctions: instances kept initialised for the calls a first visit waits on.
      ...(warm ? { provisionedConcurrentExecutions: warm } : {}),
    });
    this.failuresAlarm = this.makeFailuresAlarm(stage, props);
    // The alarm watches the new version before `live` (and its canary) moves to it.
    this.alias.node.addDependency(this.failuresAlarm);
    if (props.rollout) {
      this.deployment = new codedeploy.LambdaDeploymentGroup(this, 'Deploy', {
        application: props.rollout.application,
        deploymentGroupName: deploymentGroupName(stage, props.handler),
        role: props.rollout.role,
        alias: this.alias,
        deploymentConfig: props.rollout.config,
        alarms: [this.failuresAlarm],
        preHook: props.preHook,
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      // The hook reads the version it probes from its environment: updated before `live` moves.
      if (props.preHook) this.alias.node.addDependency(props.preHook);
    }
  }

  private makeFailuresAlarm(stage: Stage, props: PortalFunctionProps): cw.Alarm {
    const version = this.fn.currentVersion.version;
    const period = Duration.minutes(failuresAlarm.periodMinutes);
    // Lambda's metrics of an alias invocation by the version it ran (dimension ExecutedVersion):
    // https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html
    const errors = new cw.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Errors',
      dimensionsMap: { FunctionName: this.fn.functionName, Resource: `${this.fn.functionName}:${LIVE_ALIAS}`, ExecutedVersion: version },
      period,
      statistic: 'Sum',
    });
    const http5xx = new cw.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: HTTP_5XX_METRIC,
      dimensionsMap: { service: `portal-${stage.name}`, FunctionName: this.fn.functionName, Version: version },
      period,
      statistic: 'Sum',
    });
    const metric = props.answersHttp
      ? new cw.MathExpression({ expression: 'FILL(errors, 0) + FILL(http5xx, 0)', usingMetrics: { errors, http5xx }, period })
      : errors;
    const alarm = new cw.Alarm(this, 'Failures', {
      alarmName: failuresAlarmName(stage, props.handler, props.instance),
      alarmDescription: `Function ${props.handler}: the version last published failed${props.answersHttp ? ' or answered 5xx' : ''} (${failuresAlarm.datapointsToAlarm} of ${failuresAlarm.evaluationPeriods} minutes)${props.rollout ? '; rolls back its canary' : ''}. Ticket.`,
      metric,
      threshold: failuresAlarm.threshold,
      evaluationPeriods: failuresAlarm.evaluationPeriods,
      datapointsToAlarm: failuresAlarm.datapointsToAlarm,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cw.TreatMissingData.NOT_BREACHING,
    });
    if (props.ticketTopic) alarm.addAlarmAction(new cwActions.SnsAction(props.ticketTopic));
    return alarm;
  }
}

/** A function's deployment group, named so that the pre-traffic hook can tell which function a deployment is for. */
export const deploymentGroupName = (stage: Pick<Stage, 'name'>, handler: string) => `portal-${stage.name}-${shortName(handler)}`;
