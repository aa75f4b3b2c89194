/**
 * The documents bucket (private, S3-managed encryption, TLS only, versioned when the stage says so)
 * and the bucket receiving the server access logs of every bucket and the distribution's logs.
 */
import { Aws, Duration, Stack, Token, Validations, type CfnResource } from 'aws-cdk-lib';
import * as guardduty from 'aws-cdk-lib/aws-guardduty';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { documentsBucket } from '../lambdas/shared/resources/definitions.js';

/**
 * The documents bucket's name is fixed from the stage, account and region so that the web
 * construct's CSP can name it without referring to the bucket (whose CORS names the distribution).
 */
export const documentsBucketName = (stage: Stage) => `portal-${stage.name}-docs-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

const MALWARE_TAG = documentsBucket.malwareTag;

/** Where the distribution's standard logs go in the logs bucket (infra/web-construct.ts). */
export const CLOUDFRONT_LOG_PREFIX = 'cloudfront/';
/**
 * How long CloudFront's logs are kept, whatever the stage's logRetentionDays: each line has the
 * full request path, and the calendar feed's path is its token (GET /api/calendar/{token}, valid
 * until its user makes a new link), so a year of logs would be a year of live credentials for
 * whoever can read the bucket. A month covers an incident's investigation.
 */
export const CLOUDFRONT_LOG_DAYS = 30;

export class StorageConstruct extends Construct {
  readonly documents: s3.Bucket;
  readonly logs: s3.Bucket;
  /** The stage's malware scanning of new documents (stage setting malwareScan), or undefined. */
  readonly malwareScan?: guardduty.CfnMalwareProtectionPlan;

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
      lifecycleRules: [
        { id: 'logs', expiration: Duration.days(stage.logRetentionDays) },
        // The shorter of two rules that match an object is the one that deletes it.
        { id: 'cloudfront-logs', prefix: CLOUDFRONT_LOG_PREFIX, expiration: Duration.days(Math.min(CLOUDFRONT_LOG_DAYS, stage.logRetentionDays)) },
      ],
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
    if (stage.malwareScan) this.malwareScan = this.scanDocuments();
  }

  /**
   * GuardDuty Malware Protection for S3 on the documents bucket: every new object under documents/
   * (a confirmed upload's final copy; the uploads/ stage is not scanned twice), requests/ (the
   * service-request photos mailed to dispatch) and work-orders/ (a work order's before and after
   * photos, written by the import) is scanned and tagged GuardDutyMalwareScanStatus
   * (https://docs.aws.amazon.com/guardduty/latest/ug/gdu-malware-protection-s3.html). The bucket
   * serves an object of those prefixes only once tagged NO_THREATS_FOUND: not scanned yet, infected
   * or unscannable, GetObject is refused to everyone but the scanner's role, presigned links
   * included; and only that role may write tags. The routes say why before making a link
   * (lambdas/shared/domain/documents/scan.ts). The service role carries the permissions AWS documents for
   * the feature, on this bucket only.
   */
  private scanDocuments(): guardduty.CfnMalwareProtectionPlan {
    const bucket = this.documents;
    const { region, account } = Stack.of(this);
    const managedRule = `arn:aws:events:${region}:${account}:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*`;
    const role = new iam.Role(this, 'MalwareScanRole', {
      assumedBy: new iam.ServicePrincipal('malware-protection-plan.guardduty.amazonaws.com'),
      description: 'GuardDuty Malware Protection for S3: scans and tags new documents',
      inlinePolicies: {
        scan: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              sid: 'AllowManagedRuleToSendS3EventsToGuardDuty',
              actions: ['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'],
              resources: [managedRule],
              conditions: { StringLike: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' } },
            }),
            new iam.PolicyStatement({ sid: 'AllowGuardDutyToMonitorEventBridgeManagedRule', actions: ['events:DescribeRule', 'events:ListTargetsByRule'], resources: [managedRule] }),
            new iam.PolicyStatement({
              sid: 'AllowPostScanTag',
              actions: ['s3:PutObjectTagging', 's3:GetObjectTagging', 's3:PutObjectVersionTagging', 's3:GetObjectVersionTagging'],
              resources: [bucket.arnForObjects('*')],
            }),
            new iam.PolicyStatement({ sid: 'AllowEnableS3EventBridgeEvents', actions: ['s3:PutBucketNotification', 's3:GetBucketNotification'], resources: [bucket.bucketArn] }),
            new iam.PolicyStatement({ sid: 'AllowPutValidationObject', actions: ['s3:PutObject'], resources: [bucket.arnForObjects('malware-protection-resource-validation-object')] }),
            new iam.PolicyStatement({ sid: 'AllowCheckBucketOwnership', actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
            new iam.PolicyStatement({ sid: 'AllowMalwareScan', actions: ['s3:GetObject', 's3:GetObjectVersion'], resources: [bucket.arnForObjects('*')] }),
          ],
        }),
      },
    });
    const bucketId = Stack.of(this).resolve((bucket.node.defaultChild as CfnResource).logicalId) as string;
    Validations.of(role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
        reason: "GuardDuty's documented role for Malware Protection for S3: it reads and tags any new object of this one bucket (the plan itself limits scans to documents/, requests/ and work-orders/).",
      },
      {
        // cdk-nag names an unresolved account or region as <AWS::AccountId> / <AWS::Region>.
        id: `AwsSolutions-IAM5[Resource::arn:aws:events:${Token.isUnresolved(region) ? '<AWS::Region>' : region}:${Token.isUnresolved(account) ? '<AWS::AccountId>' : account}:rule/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*]`,
        reason: 'The EventBridge rule GuardDuty creates and manages for the scans; GuardDuty chooses its name under this prefix.',
      },
    );
    const plan = new guardduty.CfnMalwareProtectionPlan(this, 'MalwareScan', {
      role: role.roleArn,
      protectedResource: { s3Bucket: { bucketName: bucket.bucketName, objectPrefixes: [...documentsBucket.scannedPrefixes] } },
      actions: { tagging: { status: 'ENABLED' } },
    });
    plan.node.addDependency(role);
    // A Deny with a negated condition: an object with no tag at all (not scanned yet) has no
    // s3:ExistingObjectTag key, and a negated operator is true for a missing key
    // (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_condition_operators.html),
    // so it is refused too. aws:PrincipalArn is the role's ARN for its sessions
    // (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_condition-keys.html#condition-keys-principalarn).
    // Tag condition keys for S3: https://docs.aws.amazon.com/AmazonS3/latest/userguide/tagging-and-policies.html
    const notTheScanner = { ArnNotEquals: { 'aws:PrincipalArn': role.roleArn } };
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'ServeOnlyCleanObjects',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:GetObject', 's3:GetObjectVersion'],
        resources: documentsBucket.scannedPrefixes.map((p) => bucket.arnForObjects(`${p}*`)),
        conditions: { StringNotEquals: { [`s3:ExistingObjectTag/${MALWARE_TAG.key}`]: MALWARE_TAG.clean }, ...notTheScanner },
      }),
    );
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'OnlyTheScannerTags',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:PutObjectTagging', 's3:PutObjectVersionTagging', 's3:DeleteObjectTagging', 's3:DeleteObjectVersionTagging'],
        resources: [bucket.arnForObjects('*')],
        conditions: notTheScanner,
      }),
    );
    return plan;
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
