/**
 * The documents bucket (private, S3-managed encryption, TLS only, versioned when the stage says so)
 * and the bucket receiving the server access logs of every bucket and the distribution's logs.
 */
import { Aws, Duration, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { documentsBucket } from './definitions.js';

/**
 * The documents bucket's name is fixed from the stage, account and region so that the web
 * construct's CSP can name it without referring to the bucket (whose CORS names the distribution).
 */
export const documentsBucketName = (stage: Stage) => `portal-${stage.name}-docs-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export class StorageConstruct extends Construct {
  readonly documents: s3.Bucket;
  readonly logs: s3.Bucket;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    const retain = stage.removalPolicy === 'retain';
    const lifetime = { removalPolicy: removalPolicyOf(stage), autoDeleteObjects: !retain };

    this.logs = new s3.Bucket(this, 'AccessLogs', {
      ...lifetime,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL, which needs ACLs enabled for the owner.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetentionDays) }],
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination of the other buckets; logging it into itself would loop.',
    });

    this.documents = new s3.Bucket(this, 'Documents', {
      ...lifetime,
      bucketName: documentsBucketName(stage),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: stage.documentsBucketVersioned,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'documents-bucket/',
      lifecycleRules: [
        {
          id: 'unconfirmed-uploads',
          prefix: documentsBucket.uploadsPrefix,
          expiration: Duration.days(documentsBucket.unconfirmedUploadExpiryDays),
        },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(stage.documentsBucketVersioned
          ? [{ id: 'noncurrent-versions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true }]
          : []),
      ],
    });
  }

  /** Browsers on the portal's origin download and upload documents with presigned URLs. */
  allowOrigin(...origins: string[]) {
    const { cors } = documentsBucket;
    this.documents.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: cors.allowedMethods.map((m) => s3.HttpMethods[m]),
      allowedHeaders: [...cors.allowedHeaders],
      exposedHeaders: [...cors.exposedHeaders],
      maxAge: cors.maxAgeSeconds,
    });
  }
}
