/**
 * The web app: a private bucket behind CloudFront (origin access control). `/api/*` goes to the
 * HTTP API on the same origin, uncached; the web behaviour alone has the SPA fallback function.
 * Hashed assets are cached a year; index.html, embed.html and config.json are revalidated on
 * every load. config.json (pool, client, region, product settings) is written at deploy time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Aws, Duration, Fn, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { hostedZone } from './edge-stack.js';
import { ORIGIN_VERIFY_HEADER } from '../lambdas/shared/platform/http.js';
import { ROOT } from './function-construct.js';
import { CLOUDFRONT_LOG_PREFIX } from './storage-construct.js';

export const WEB_BUILD = path.join(ROOT, 'dist', 'web');
export const WEB_BUILD_CONTEXT = 'portal:webBuild';
export const SIGMA_ORIGIN = 'https://app.sigmacomputing.com';

/**
 * Viewer-request rewrite on the web behaviour only (API answers, 4xx included, pass unchanged):
 * `/embed/<page>` is the built-in report host's page, any other path without a file extension is
 * a route of the single-page app.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (/^\\/embed\\/[^/.]+\\/?$/.test(uri)) {
    request.uri = '/embed.html';
  } else if (!/\\.[A-Za-z0-9]+$/.test(uri.substring(uri.lastIndexOf('/') + 1))) {
    request.uri = '/index.html';
  }
  return request;
}`;

export interface WebProps {
  stage: Stage;
  api: apigw.IHttpApi;
  logs: s3.IBucket;
  /** Name of the documents bucket, for the CSP's connect-src (presigned downloads and uploads). */
  documentsBucketName: string;
  /** The values of config.json. */
  runtimeConfig: Record<string, unknown>;
  /** The CloudFront web ACL (made in us-east-1). */
  webAclArn: string;
  /** With the stage's custom domain: its certificate (us-east-1). */
  certificate?: acm.ICertificate;
  /** Sent to the API as `x-origin-verify` (see SecretsConstruct). */
  originVerify: string;
}


export class WebConstruct extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://<custom domain>, else https://<distribution domain>: the portal's address in mails. */
  readonly url: string;
  /** Every address the portal answers on (documents bucket CORS). */
  readonly origins: string[];

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { stage } = props;
    const retain = stage.removalPolicy === 'retain';
    this.bucket = new s3.Bucket(this, 'Site', {
      removalPolicy: removalPolicyOf(stage),
      autoDeleteObjects: !retain,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logs,
      serverAccessLogsPrefix: 'web-bucket/',
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      responseHeadersPolicyName: `portal-${stage.name}-headers`,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        // Report frames (the built-in host's /embed pages) are on the portal's own origin.
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.SAMEORIGIN, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(stage, props.documentsBucketName), override: true },
      },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      functionName: `portal-${stage.name}-spa-fallback`,
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
      comment: 'SPA and report-page fallback for the web behaviour',
    });

    const apiOrigin = new origins.HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // CloudFront replaces a viewer's header of the same name.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify },
    });
    const domain = stage.domain;

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `Portal ${stage.name}`,
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      ...(domain && props.certificate
        ? { domainNames: [domain.name], certificate: props.certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logs,
      logFilePrefix: CLOUDFRONT_LOG_PREFIX,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway answers only its own host name), and
          // CloudFront's own headers, CloudFront-Viewer-Address among them: the visitor's address,
          // which the API's per-address limits count once x-origin-verify matched
          // (lambdas/shared/platform/middleware.ts viewerAddress). Managed policy AllViewerExceptHostHeader:
          // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/using-managed-origin-request-policies.html
          // A custom policy cannot do both: allViewerAndWhitelistCloudFront sends Host too, allExcept no CloudFront header.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });
    Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR1', reason: 'Customers sign in from any country; no geographic restriction is part of the product.' });
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'No custom domain in this stage: the default CloudFront certificate allows TLSv1 viewers and CloudFront ignores the minimum protocol version then. A stage with `domain` set requires TLS 1.2.',
      });
    }
    const cloudFrontUrl = `https://${this.distribution.distributionDomainName}`;
    if (domain) {
      const zone = hostedZone(this, domain);
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'Alias', { zone, recordName: domain.name, target });
      new route53.AaaaRecord(this, 'AliasV6', { zone, recordName: domain.name, target });
    }
    this.url = domain ? `https://${domain.name}` : cloudFrontUrl;
    this.origins = domain ? [this.url, cloudFrontUrl] : [cloudFrontUrl];

    const revalidate = [deploy.CacheControl.fromString('no-cache')];
    // Another folder only for the infrastructure tests (a fixture build, or none).
    const webBuild = path.resolve(ROOT, (this.node.tryGetContext(WEB_BUILD_CONTEXT) as string | undefined) ?? WEB_BUILD);
    const hasBuild = existsSync(path.join(webBuild, 'index.html'));
    if (!hasBuild) {
      Annotations.of(this).addWarningV2(
        'portal:no-web-build',
        `No web build in ${path.relative(ROOT, webBuild) || webBuild}: only config.json is deployed. Run npm run build before cdk deploy.`,
      );
    }
    // Assets first: a new index.html must not reach a browser before the files it names.
    const assets = hasBuild
      ? new deploy.BucketDeployment(this, 'Assets', {
          sources: [deploy.Source.asset(path.join(webBuild, 'assets'))],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          // Hashed names: old ones stay for pages still open in a browser.
          prune: false,
          cacheControl: [deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        })
      : undefined;
    const config = new deploy.BucketDeployment(this, 'RuntimeConfig', {
      sources: [deploy.Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: revalidate,
      distribution: this.distribution,
      distributionPaths: ['/config.json'],
    });
    if (assets) config.node.addDependency(assets);
    if (hasBuild && assets) {
      const pages = new deploy.BucketDeployment(this, 'Pages', {
        sources: [deploy.Source.asset(webBuild, { exclude: ['assets', 'assets/**', 'config.json'] })],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: revalidate,
        distribution: this.distribution,
        distributionPaths: ['/', '/index.html', '/embed.html'],
      });
      pages.node.addDependency(assets);
    }
  }
}

/** Self, Cognito's endpoint (sign-in from the browser), the documents bucket, Sigma frames when configured. */
export function contentSecurityPolicy(stage: Stage, documentsBucketName: string): string {
  const documents = [`https://${documentsBucketName}.s3.${Aws.REGION}.amazonaws.com`, `https://${documentsBucketName}.s3.amazonaws.com`];
  const frames = stage.sigma.clientId ? ` ${SIGMA_ORIGIN}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' https://cognito-idp.${Aws.REGION}.amazonaws.com ${documents.join(' ')}`,
    `frame-src 'self'${frames}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
