/** AWS's published prices the cost model uses, each with its page and the day it was read. */
export interface Price {
  /** US dollars per `per` units. */
  usd: number;
  per: number;
  unit: string;
  url: string;
  taken: string;
  /** Where the figure was read; "not re-checked" when only known, not found again. */
  source: string;
}

const TAKEN = '2026-11-23';
const NOT_RECHECKED = 'published figure, not re-checked';
const p = (usd: number, per: number, unit: string, url: string, source: string): Price => ({ usd, per, unit, url, taken: TAKEN, source });

export const REGION_NOTE =
  'The figures are for us-east-1 (N. Virginia). The example stages deploy to eu-west-1 (Ireland), where S3, CloudFront, WAF, Cognito, Secrets Manager and SNS cost the same and Lambda, API Gateway, DynamoDB and CloudWatch cost the same to about 15 % more (not re-checked).';

const LAMBDA = 'https://aws.amazon.com/lambda/pricing/';
const APIGW = 'https://aws.amazon.com/api-gateway/pricing/';
const DDB = 'https://aws.amazon.com/dynamodb/pricing/on-demand/';
const S3 = 'https://aws.amazon.com/s3/pricing/';
const CF = 'https://aws.amazon.com/cloudfront/pricing/';
const COGNITO = 'https://aws.amazon.com/cognito/pricing/';
/** The page's tables did not render in stored copies; its worked examples did (Essentials $0.015 above 10,000 free, Plus $0.020 with no free tier). */
const COGNITO_COPY = "a transcription of the page's worked examples read 2026-09-20";
const WAF = 'https://aws.amazon.com/waf/pricing/';
const CW = 'https://aws.amazon.com/cloudwatch/pricing/';
const SM = 'https://aws.amazon.com/secrets-manager/pricing/';
const SNS = 'https://aws.amazon.com/sns/pricing/';
const SES = 'https://aws.amazon.com/ses/pricing/';
const KMS = 'https://aws.amazon.com/kms/pricing/';
const GUARDDUTY = 'https://aws.amazon.com/guardduty/pricing/';
const MALWARE_UNVERIFIED = 'not re-checked against the pricing page here: the price announced with Malware Protection for S3 (June 2024); the 12-month free tier (1,000 objects and 1 GB a month) is not subtracted';
const R53 = 'https://aws.amazon.com/route53/pricing/';
const XRAY = 'https://aws.amazon.com/xray/pricing/';
const CODEDEPLOY = 'https://aws.amazon.com/codedeploy/pricing/';
const EVENTBRIDGE = 'https://aws.amazon.com/eventbridge/pricing/';

export const prices = {
  malwareScanGb: p(0.09, 1, 'GB scanned by GuardDuty Malware Protection for S3', GUARDDUTY, MALWARE_UNVERIFIED),
  malwareScanObjects: p(0.215, 1000, 'objects evaluated by GuardDuty Malware Protection for S3', GUARDDUTY, MALWARE_UNVERIFIED),
  lambdaArmGbSecond: p(0.0000133334, 1, 'GB-second (arm64, first 7.5 billion)', LAMBDA, 'third-party copies of the page (arm64 and x86 tables)'),
  lambdaX86GbSecond: p(0.0000166667, 1, 'GB-second (x86_64, first 6 billion)', LAMBDA, 'third-party copies of the page'),
  lambdaRequests: p(0.2, 1e6, 'requests', LAMBDA, 'third-party copies of the page'),
  lambdaFreeRequests: p(0, 1e6, 'requests free each month (always free, per account)', LAMBDA, 'third-party copies of the page'),
  lambdaArmProvisionedGbSecond: p(0.0000033334, 1, 'GB-second of provisioned concurrency (arm64), whether used or not', LAMBDA, 'third-party copies of the page (arm64 table)'),
  lambdaFreeGbSeconds: p(0, 400_000, 'GB-seconds free each month (always free, per account)', LAMBDA, 'third-party copies of the page'),
  httpApiRequests: p(1.0, 1e6, 'HTTP API requests (first 300 million; the 1 million free lasts only 12 months)', APIGW, 'AWS page (free tier), third-party copies (rate)'),
  dynamoWriteUnits: p(0.625, 1e6, 'on-demand write request units', DDB, NOT_RECHECKED),
  dynamoReadUnits: p(0.125, 1e6, 'on-demand read request units', DDB, NOT_RECHECKED),
  dynamoStorage: p(0.25, 1, 'GB-month of table storage (first 25 GB free, always, per account)', DDB, NOT_RECHECKED),
  dynamoFreeStorageGb: p(0, 25, 'GB of table storage free each month', DDB, NOT_RECHECKED),
  dynamoPitr: p(0.2, 1, 'GB-month of continuous backup (point-in-time recovery)', DDB, NOT_RECHECKED),
  s3Standard: p(0.023, 1, 'GB-month of S3 Standard (first 50 TB)', S3, 'third-party copies of the page'),
  s3Put: p(0.005, 1000, 'PUT, COPY, POST, LIST requests', S3, 'third-party copies of the page'),
  s3Get: p(0.0004, 1000, 'GET and other requests', S3, NOT_RECHECKED),
  s3TransferOut: p(0.09, 1, 'GB out to the internet (first 10 TB; the first 100 GB a month free across services, CloudFront aside)', S3, 'third-party copies (rate); free 100 GB not re-checked'),
  s3FreeTransferGb: p(0, 100, 'GB out to the internet free each month', S3, NOT_RECHECKED),
  cloudFrontTransfer: p(0.085, 1, 'GB out to the internet (United States and Europe, first 10 TB)', CF, 'AWS page'),
  cloudFrontFreeTransferGb: p(0, 1024, 'GB free each month (always free)', CF, 'AWS page'),
  cloudFrontHttps: p(0.01, 10_000, 'HTTPS requests (United States and Europe)', CF, 'third-party copies of the page'),
  cloudFrontFreeRequests: p(0, 10e6, 'HTTP or HTTPS requests free each month (always free)', CF, 'AWS page'),
  cloudFrontFunctions: p(0.1, 1e6, 'CloudFront Function invocations', CF, 'third-party copies of the page'),
  cloudFrontFreeFunctions: p(0, 2e6, 'CloudFront Function invocations free each month (always free)', CF, 'AWS page'),
  cognitoLiteMau: p(0.0055, 1, 'monthly active user, Lite', COGNITO, NOT_RECHECKED),
  cognitoEssentialsMau: p(0.015, 1, 'monthly active user, Essentials', COGNITO, COGNITO_COPY),
  cognitoPlusMau: p(0.02, 1, 'monthly active user, Plus (threat protection; no free tier)', COGNITO, COGNITO_COPY),
  cognitoFreeMau: p(0, 10_000, 'MAU free each month on Lite and Essentials (always free, per account)', COGNITO, COGNITO_COPY),
  wafWebAcl: p(5, 1, 'web ACL-month', WAF, 'third-party copies; AWS blog: the same in every region'),
  wafRule: p(1, 1, 'rule or rule group-month', WAF, 'third-party copies of the page'),
  wafRequests: p(0.6, 1e6, 'requests inspected', WAF, 'third-party copies of the page'),
  cloudWatchAlarmMetric: p(0.1, 1, 'alarm metric-month, standard resolution (an expression alarm: per metric it reads)', CW, NOT_RECHECKED),
  cloudWatchHighResAlarmMetric: p(0.3, 1, 'alarm metric-month, high resolution', CW, NOT_RECHECKED),
  cloudWatchDashboard: p(3, 1, 'dashboard-month', CW, 'third-party copies of the page'),
  cloudWatchCompositeAlarm: p(0.5, 1, 'composite alarm-month', CW, NOT_RECHECKED),
  cloudWatchCustomMetric: p(0.3, 1, 'custom metric-month (first 10,000; each EMF metric name and dimension set is one)', CW, NOT_RECHECKED),
  xrayTraces: p(5, 1e6, 'traces recorded (after the free 100,000)', XRAY, NOT_RECHECKED),
  xrayFreeTraces: p(0, 100_000, 'traces recorded free each month (always free)', XRAY, NOT_RECHECKED),
  codeDeployLambda: p(0, 1, 'deployment to AWS Lambda (no charge; on-premises instances are what CodeDeploy bills)', CODEDEPLOY, NOT_RECHECKED),
  cloudWatchLogsIngest: p(0.5, 1, 'GB of logs ingested (standard class)', CW, 'third-party copies of the page'),
  cloudWatchLogsStorage: p(0.03, 1, 'GB-month of logs stored (compressed)', CW, NOT_RECHECKED),
  secret: p(0.4, 1, 'secret-month', SM, 'third-party copies of the page'),
  secretsApi: p(0.05, 10_000, 'API calls', SM, 'third-party copies of the page'),
  schedulerInvocations: p(1, 1e6, 'EventBridge Scheduler invocations (after the free 14 million)', EVENTBRIDGE, NOT_RECHECKED),
  schedulerFreeInvocations: p(0, 14e6, 'EventBridge Scheduler invocations free each month', EVENTBRIDGE, NOT_RECHECKED),
  snsEmail: p(2, 100_000, 'email notifications (first 1,000 a month free)', SNS, 'third-party copies of the page'),
  snsFreeEmail: p(0, 1000, 'email notifications free each month', SNS, 'third-party copies of the page'),
  sesEmail: p(0.1, 1000, 'emails sent', SES, NOT_RECHECKED),
  kmsKey: p(1, 1, 'customer managed key-month', KMS, NOT_RECHECKED),
  route53Zone: p(0.5, 1, 'hosted zone-month (first 25 zones)', R53, NOT_RECHECKED),
} satisfies Record<string, Price>;

export type Prices = typeof prices;
