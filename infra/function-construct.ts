/**
 * One Lambda function from a file under lambdas/: Node 22 on arm64, bundled by the local esbuild
 * into minified ESM with source maps, JSON logs into its own log group kept for the stage's days.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Context flag for the infrastructure tests only: functions get a one-line inline body instead of
 * a bundle, so the tests need neither esbuild runs nor every handler file to exist yet.
 */
export const SKIP_BUNDLING_CONTEXT = 'portal:skipBundling';

export const RUNTIME = lambda.Runtime.NODEJS_22_X;

export interface PortalFunctionProps {
  stage: Stage;
  /** The file under lambdas/, without extension, exporting `handler`. */
  handler: string;
  environment: Record<string, string>;
  memoryMb?: number;
  timeoutSeconds?: number;
  description?: string;
}

export class PortalFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
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
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
    };
    this.fn = skip
      ? new NodejsFunction(this, 'Fn', {
          ...common,
          code: lambda.Code.fromInline('export const handler = async () => ({ statusCode: 501 });'),
          handler: 'index.handler',
        })
      : new NodejsFunction(this, 'Fn', {
          ...common,
          entry: path.join(ROOT, 'lambdas', `${props.handler}.ts`),
          handler: 'handler',
          projectRoot: ROOT,
          depsLockFilePath: path.join(ROOT, 'package-lock.json'),
          bundling: {
            format: OutputFormat.ESM,
            target: 'node22',
            minify: true,
            sourceMap: true,
            mainFields: ['module', 'main'],
            // Bundled CommonJS dependencies call require(); ESM output has none of its own.
            banner: "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);",
            bundleAwsSDK: true,
            forceDockerBundling: false,
            tsconfig: path.join(ROOT, 'tsconfig.json'),
          },
        });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'nodejs22.x is the runtime the handlers are built and tested for (bundle target node22); nodejs24.x is one change of RUNTIME here once tested.',
    });
  }
}
