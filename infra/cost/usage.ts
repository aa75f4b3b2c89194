/** The usage the cost model assumes (stated in the issue, or assumed with the reason), and its scaling. */
export interface Assumption {
  value: number;
  unit: string;
  why: string;
  /** Grows with the number of users and calls (multiplied by `scale`). */
  scales: boolean;
}

const a = (value: number, unit: string, why: string, scales = false): Assumption => ({ value, unit, why, scales });

export const usage = {
  customers: a(100, 'customer companies', 'stated in the issue (no service is billed per customer; listed for the reader)', true),
  users: a(1000, 'users', 'stated in the issue', true),
  apiCallsPerDay: a(50_000, 'API calls a day', 'stated in the issue', true),
  documentsGb: a(20, 'GB of documents', 'stated in the issue', true),
  cloudFrontTransferGb: a(1024, 'GB a month out of CloudFront', 'stated in the issue (1 TB)', true),
  daysPerMonth: a(30, 'days a month', 'a month of 30 days'),
  activeUserShare: a(1, '% of users sign in each month', 'every user counts as a Cognito monthly active user: the upper bound'),
  billedMsPerCall: a(200, 'ms billed per API call', 'docs/figures.md: the Dashboard takes 201 ms of server time and most routes make 2 DynamoDB calls or fewer; cold starts (75-180 ms of initialisation, billed) on a few percent of calls'),
  readUnitsPerCall: a(8, 'DynamoDB read units per API call', "every call reads the caller's row (1); report pages read packed rows of tens of KB in two BatchGetItem calls; a listing reads a few 4 KB units"),
  writeShare: a(0.05, '% of API calls write', 'the portal is read-mostly: uploads, user administration and view-as records'),
  writeUnitsPerWrite: a(4, 'DynamoDB write units per writing call', 'the item (1-2 KB), its index entry and an audit row'),
  tableStorageGb: a(2, 'GB in all tables', 'users, customers, properties and documents are small items; report rows are deflated per property, dataset and year', true),
  callsPerPageView: a(10, 'API calls per page view', 'a page asks for the caller, its scope and a few data calls'),
  staticRequestsPerPageView: a(3, 'static CloudFront requests per page view', 'index.html, config.json and a chunk; hashed assets stay in the browser cache'),
  staticCacheMissShare: a(0.1, '% of static requests are fetched from S3 by CloudFront', 'a few files, cached at the edge'),
  logBytesPerCall: a(1500, 'bytes of CloudWatch logs per API call', 'the JSON lines of a call at level info (about 1 KB) and its API access log line (about 400 bytes)'),
  logStoredRatio: a(0.15, '% of the ingested log size is stored', 'CloudWatch bills stored logs compressed; JSON lines compress about 6 to 7 times'),
  coldStartShare: a(0.05, '% of API calls start a container', 'about 1 call a minute per function on average; a container that starts reads its secret once'),
  documentUploadsPerMonth: a(1000, 'uploads a month', 'about 10 a customer company a month (each a presigned POST, a copy on confirm)', true),
  documentUploadMb: a(2, 'MB per uploaded document', 'PDF reports and drawings; where malware scanning is on, each is scanned once (documents/ only)'),
  documentDownloadsPerMonth: a(10_000, 'downloads a month', 'about 10 a user a month, presigned GETs straight from S3', true),
  documentDownloadMb: a(2, 'MB per download', 'PDF reports and drawings'),
  noncurrentVersionShare: a(0.1, '% more document bytes kept as noncurrent versions', 'replaced or deleted documents stay 30 days as noncurrent versions (when the bucket is versioned)'),
  siteGb: a(0.05, 'GB in the site bucket', 'the web build'),
  accessLogBytesPerRequest: a(150, 'bytes stored in the access-log bucket per request', 'CloudFront standard logs arrive gzipped (about 100 bytes a line); S3 server access lines are about 350 bytes, on far fewer requests'),
  tokenIssuesPerUser: a(60, 'token issues per user a month', 'sign-ins plus hourly refreshes in working sessions; each runs the pre-token-generation trigger'),
  triggerBilledMs: a(50, 'ms billed per trigger run', 'one DynamoDB read'),
  scheduledBilledMs: a(5000, 'ms billed per scheduled run', "a scheduled job's pass: the equipment alerts' (per mapped customer two DynamoDB queries and one telemetry query for all its devices, a few writes when alerts change), the hourly documents digest's, the weekly summary's, the daily day-before mail's (a query per subscribed user's properties, a mail each) and the hourly energy roll-up's (a telemetry query per customer and new day, a tally and a write per unit), mostly waiting on the telemetry service and SES"),
  monitoredUnits: a(1000, 'monitored units (telemetry devices)', "10 a customer company: the demo customer has 7 units with devices; the issue's bench of the energy estimates takes 1,000", true),
  rolledMonthKb: a(12, 'KB per unit and month of the energy roll-up', "a month item of 28-31 rolled days (lambdas/shared/data/unit-days.ts), each a few hundred bytes of sums and its complete on-times: a unit cycling 5 minutes on and 5 off keeps 144 a day (about 40 KB a month), one running in long cycles a few"),
  alarmMailsPerMonth: a(30, 'alarm mails a month', 'alarm state changes (into alarm and back)'),
  mailsPerUserPerMonth: a(0.1, 'mails per user a month', 'invitations and password resets'),
  notificationMailsPerUserPerMonth: a(10, 'notification mails per user a month', 'where the stage runs the scheduled jobs: the weekly summary (about 4.35 a month), the day-before mail of upcoming visits (one per day with visits at the user\'s properties, a few a month) and a documents digest or equipment alert now and then; an upper bound, every user subscribed'),
  businessMetrics: a(12, 'custom metrics from the functions (EMF)', "the portal's own: sign-ins (two), reports opened, documents uploaded and downloaded, telemetry latency and errors, each with the one dimension `service` (lambdas/shared/platform/observability.ts), and the five scheduled jobs' heartbeats `JobSucceeded` (dimension `job`); `Http5xx` (per function and version) and `JobFailed` exist only in the hours something failed"),
  tracedShare: a(1, '% of invocations recorded by X-Ray', "an upper bound: X-Ray's default rule records the first request each second and 5 % of the rest, and at 50,000 calls a day (under one a second on average) most are first in their second"),
} satisfies Record<string, Assumption>;

export type Usage = typeof usage;

/** The same assumptions with every volume that grows with use multiplied by `factor`. */
export function scale(u: Usage, factor: number): Usage {
  return Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v.scales ? { ...v, value: v.value * factor } : v])) as Usage;
}
