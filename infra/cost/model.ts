/** The model: the templates' counts times the usage times the prices, service by service. */
import type { Counts } from './counts.js';
import type { Price, Prices } from './prices.js';
import type { Usage } from './usage.js';
export interface CostRow {
  service: string;
  monthly: number;
  basis: string;
}

export interface Estimate {
  rows: CostRow[];
  total: number;
}

const cost = (price: Price, quantity: number) => (price.usd * quantity) / price.per;
const free = (price: Price) => price.per;
const over = (quantity: number, allowance: number) => Math.max(0, quantity - allowance);

const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** A figure as the tables write it: grouped thousands, at most `digits` decimals. */
export const num = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
/** US dollars with cents. */
export const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const millions = (n: number) => `${num(n / 1e6, 2)}M`;

export function monthlyCost(counts: Counts, u: Usage, pr: Prices): Estimate {
  const v = (k: keyof Usage) => u[k].value;
  const calls = v('apiCallsPerDay') * v('daysPerMonth');
  const pageViews = calls / v('callsPerPageView');
  const staticRequests = pageViews * v('staticRequestsPerPageView');
  const users = v('users') * v('activeUserShare');
  const rows: CostRow[] = [];
  const row = (service: string, monthly: number, basis: string) => rows.push({ service, monthly, basis });

  // Lambda: API functions per call, Cognito triggers per token issue; deploy-time providers left out.
  const L = counts.lambda;
  const apiGbS = L.api ? calls * (v('billedMsPerCall') / 1000) * (L.apiMeanMemoryMb / 1024) : 0;
  const triggerRuns = L.triggers ? users * v('tokenIssuesPerUser') : 0;
  const triggerGbS = triggerRuns * (v('triggerBilledMs') / 1000) * (L.triggerMeanMemoryMb / 1024);
  const scheduledRuns = L.scheduledRunsPerMonth;
  const scheduledGbS = scheduledRuns * (v('scheduledBilledMs') / 1000) * (L.scheduledMeanMemoryMb / 1024);
  const invocations = (L.api ? calls : 0) + triggerRuns + scheduledRuns;
  const gbS = apiGbS + triggerGbS + scheduledGbS;
  // Scheduled functions are made as the API's are (arm64).
  const armShare = gbS ? (apiGbS * L.apiArmShare + triggerGbS * L.triggerArmShare + scheduledGbS * L.apiArmShare) / gbS : 1;
  const gbSecondRate = armShare * pr.lambdaArmGbSecond.usd + (1 - armShare) * pr.lambdaX86GbSecond.usd;
  const billedGbS = over(gbS, free(pr.lambdaFreeGbSeconds));
  row(
    'Lambda',
    billedGbS * gbSecondRate + cost(pr.lambdaRequests, over(invocations, free(pr.lambdaFreeRequests))),
    `${millions(invocations)} invocations (${L.api} API functions, mean ${int(L.apiMeanMemoryMb)} MB, ${int(L.apiArmShare * 100)} % arm64; ${L.triggers} Cognito triggers${L.scheduled ? `; ${L.scheduled} scheduled, ${int(scheduledRuns)} runs` : ''}), ${int(gbS)} GB-s; free: 1M requests and 400,000 GB-s`,
  );

  row(
    'Lambda provisioned concurrency',
    cost(pr.lambdaArmProvisionedGbSecond, counts.warm.gb * v('daysPerMonth') * 86_400),
    counts.warm.instances
      ? `${counts.warm.instances} instances of ${counts.warm.functions} functions kept initialised all month (stage setting warmFunctions: the calls a first visit waits on), ${num(counts.warm.gb, 2)} GB; the calls they serve are in the Lambda row`
      : 'none (stage setting warmFunctions)',
  );

  row('API Gateway (HTTP API)', counts.httpApis ? cost(pr.httpApiRequests, calls) : 0, counts.httpApis ? `${millions(calls)} requests` : 'no HTTP API in the template');

  const T = counts.tables;
  const reads = calls * v('readUnitsPerCall');
  const writes = calls * v('writeShare') * v('writeUnitsPerWrite');
  const storage = T.count ? v('tableStorageGb') : 0;
  const pitrGb = T.count ? storage * (T.pitr / T.count) : 0;
  row(
    'DynamoDB',
    T.count
      ? (T.onDemand / T.count) * (cost(pr.dynamoReadUnits, reads) + cost(pr.dynamoWriteUnits, writes)) +
          cost(pr.dynamoStorage, over(storage, free(pr.dynamoFreeStorageGb))) +
          cost(pr.dynamoPitr, pitrGb)
      : 0,
    `${T.count} tables (${T.onDemand} on demand, ${T.pitr} with point-in-time recovery${T.customerKeyEncrypted ? `, ${T.customerKeyEncrypted} with a customer key` : ', AWS managed key'}): ${millions(reads)} read units, ${millions(writes)} write units, ${num(storage)} GB (25 GB free), ${num(pitrGb)} GB backed up`,
  );

  // The energy roll-up (lambdas/telemetry/roll-up-days.ts): each run reads every unit's month items
  // of its 92 days (4 a unit, eventually consistent: half a unit per 4 KB), and each unit's new day is
  // one UpdateItem, billed on the size of the month item it grows.
  const R = counts.energyRollUp;
  const rollUpReads = R.runsPerMonth ? R.runsPerMonth * v('monitoredUnits') * 4 * Math.ceil(v('rolledMonthKb') / 4) * 0.5 : 0;
  const rollUpWrites = R.runsPerMonth ? v('monitoredUnits') * v('daysPerMonth') * Math.ceil(v('rolledMonthKb')) : 0;
  row(
    'DynamoDB (energy roll-up)',
    T.count ? cost(pr.dynamoReadUnits, rollUpReads) + cost(pr.dynamoWriteUnits, rollUpWrites) : 0,
    R.runsPerMonth
      ? `${int(R.runsPerMonth)} runs of the daily roll-up per unit (report-rows table, on demand): ${millions(rollUpReads)} read units (each run reads the ${int(v('monitoredUnits'))} units' month items of their 92 days), ${millions(rollUpWrites)} write units (a day a unit, on its month item of about ${num(v('rolledMonthKb'))} KB); its runs are in the Lambda row`
      : 'no energy roll-up schedule in the template',
  );

  const B = counts.buckets;
  const documents = B.count ? v('documentsGb') * (1 + (B.versioned ? v('noncurrentVersionShare') : 0)) : 0;
  const s3Requests = v('documentDownloadsPerMonth') + staticRequests * v('staticCacheMissShare');
  const logMonths = (B.accessLogExpiryDays ?? 365) / 30.4;
  const loggedRequests = staticRequests + calls + s3Requests;
  const accessLogsGb = B.accessLogExpiryDays === null && !counts.distributions ? 0 : (loggedRequests * v('accessLogBytesPerRequest') * logMonths) / 1e9;
  const s3Gb = B.count ? documents + v('siteGb') + accessLogsGb : 0;
  const puts = v('documentUploadsPerMonth') * 2;
  const downloadsGb = (v('documentDownloadsPerMonth') * v('documentDownloadMb')) / 1024;
  row(
    'S3',
    B.count
      ? cost(pr.s3Standard, s3Gb) + cost(pr.s3Put, puts) + cost(pr.s3Get, s3Requests) + cost(pr.s3TransferOut, over(downloadsGb, free(pr.s3FreeTransferGb)))
      : 0,
    `${B.count} buckets (${B.versioned} versioned): ${num(documents)} GB of documents with their versions, ${num(accessLogsGb)} GB of access logs (kept ${B.accessLogExpiryDays ?? 'unknown: 365'} days); ${int(puts)} PUT/COPY, ${int(s3Requests)} GET; ${num(downloadsGb)} GB downloaded (100 GB free)`,
  );

  const scannedGb = (v('documentUploadsPerMonth') * v('documentUploadMb')) / 1024;
  row(
    'GuardDuty (malware scanning)',
    counts.malwarePlans ? cost(pr.malwareScanGb, scannedGb) + cost(pr.malwareScanObjects, v('documentUploadsPerMonth')) : 0,
    counts.malwarePlans
      ? `Malware Protection for S3 on the documents bucket: ${int(v('documentUploadsPerMonth'))} new documents, ${num(scannedGb)} GB scanned (the result tags cost S3's tag price, a fraction of a cent)`
      : 'off (stage setting malwareScan)',
  );

  const cfRequests = counts.distributions ? calls + staticRequests : 0;
  const cfGb = counts.distributions ? v('cloudFrontTransferGb') : 0;
  row(
    'CloudFront',
    cost(pr.cloudFrontTransfer, over(cfGb, free(pr.cloudFrontFreeTransferGb))) +
      cost(pr.cloudFrontHttps, over(cfRequests, free(pr.cloudFrontFreeRequests))) +
      cost(pr.cloudFrontFunctions, over(counts.distributions ? staticRequests : 0, free(pr.cloudFrontFreeFunctions))),
    counts.distributions
      ? `${counts.distributions} distribution: ${int(cfGb)} GB out, ${millions(cfRequests)} HTTPS requests (API calls and static files), ${millions(staticRequests)} function runs; free: 1 TB, 10M requests, 2M function runs`
      : 'no distribution in the template',
  );

  const tier = counts.userPools.tier.toUpperCase();
  const mauPrice = tier === 'LITE' ? pr.cognitoLiteMau : tier === 'PLUS' ? pr.cognitoPlusMau : pr.cognitoEssentialsMau;
  const freeMau = tier === 'PLUS' ? 0 : free(pr.cognitoFreeMau);
  const mau = counts.userPools.count ? users : 0;
  // Threat protection needs the Plus plan: what it costs is the difference to Essentials.
  const protection = counts.userPools.threatProtection && counts.userPools.threatProtection !== 'OFF' ? counts.userPools.threatProtection.toLowerCase() : null;
  const essentials = cost(pr.cognitoEssentialsMau, over(mau, free(pr.cognitoFreeMau)));
  const plusNote = tier === 'PLUS' ? `; threat protection ${protection ?? 'off'}: ${usd(cost(mauPrice, over(mau, freeMau)) - essentials)} more than Essentials` : '';
  row(
    'Cognito',
    cost(mauPrice, over(mau, freeMau)),
    counts.userPools.count
      ? `${int(mau)} monthly active users on ${tier.charAt(0)}${tier.slice(1).toLowerCase()} (${freeMau ? `${int(freeMau)} free` : 'no free tier'}${plusNote}); TOTP MFA (no charge, no SMS); mails through ${counts.userPools.developerEmail ? 'SES' : "Cognito's own sender (free, 50 a day)"}`
      : 'no user pool in the template',
  );

  const W = counts.webAcls;
  row(
    'WAF',
    W.count ? cost(pr.wafWebAcl, W.count) + cost(pr.wafRule, W.rules) + cost(pr.wafRequests, cfRequests) : 0,
    W.count ? `${W.count} web ACL, ${W.rules} rules, ${millions(cfRequests)} requests inspected` : 'no web ACL in the template',
  );

  const A = counts.alarms;
  row(
    'CloudWatch alarms',
    cost(pr.cloudWatchAlarmMetric, A.metrics - A.highResolutionMetrics) + cost(pr.cloudWatchHighResAlarmMetric, A.highResolutionMetrics) + cost(pr.cloudWatchCompositeAlarm, counts.compositeAlarms),
    `${A.count} alarms reading ${A.metrics} metrics${counts.compositeAlarms ? `, ${counts.compositeAlarms} composite alarm (paging)` : ''} (no free allowance subtracted)`,
  );
  const emf = L.api || L.triggers ? v('businessMetrics') : 0;
  row('CloudWatch metrics (EMF)', cost(pr.cloudWatchCustomMetric, emf), emf ? `${int(emf)} custom metrics written as EMF log lines (their bytes are in CloudWatch Logs; no free allowance subtracted)` : 'no functions');
  row('CloudWatch dashboards', cost(pr.cloudWatchDashboard, counts.dashboards), `${counts.dashboards} dashboard (no free allowance subtracted)`);

  const ingestGb = counts.logGroups.count ? (calls * v('logBytesPerCall')) / 1e9 : 0;
  const retentionMonths = (counts.logGroups.retentionDays ?? 730) / 30.4;
  const storedGb = ingestGb * v('logStoredRatio') * retentionMonths;
  row(
    'CloudWatch Logs',
    cost(pr.cloudWatchLogsIngest, ingestGb) + cost(pr.cloudWatchLogsStorage, storedGb),
    `${counts.logGroups.count} log groups: ${num(ingestGb, 2)} GB ingested a month, ${num(storedGb, 1)} GB stored once ${counts.logGroups.retentionDays ?? 'unlimited (counted as 730)'} days of retention have filled (no free allowance subtracted)`,
  );

  const secretCalls = counts.secrets ? calls * v('coldStartShare') : 0;
  row('Secrets Manager', cost(pr.secret, counts.secrets) + cost(pr.secretsApi, secretCalls), `${counts.secrets} secrets, ${int(secretCalls)} reads (one per container start)`);

  const mails = counts.snsEmailSubscriptions * v('alarmMailsPerMonth');
  row(
    'SNS',
    cost(pr.snsEmail, over(mails, free(pr.snsFreeEmail))),
    `${counts.snsTopics} topics, ${counts.snsEmailSubscriptions} email subscriptions: ${int(mails)} mails (1,000 free)${counts.snsLambdaSubscriptions ? `; ${counts.snsLambdaSubscriptions} function subscribed to SES's bounces and complaints (publishes within the first million free, deliveries to Lambda free)` : ''}`,
  );

  const sesUsed = counts.sesResources > 0 || counts.userPools.developerEmail > 0;
  const notificationMails = sesUsed && L.scheduled ? v('users') * v('notificationMailsPerUserPerMonth') : 0;
  const sesMails = sesUsed ? v('users') * v('mailsPerUserPerMonth') + notificationMails : 0;
  row(
    'SES',
    cost(pr.sesEmail, sesMails),
    sesUsed
      ? `${int(sesMails)} mails (${int(notificationMails)} of them notifications)${counts.sesResources ? '; the configuration set, its reputation metrics and its event destination cost nothing (their two alarms are under CloudWatch alarms)' : ''}`
      : 'not used: the user pool mails through Cognito',
  );

  const S = counts.scheduler;
  row(
    'EventBridge Scheduler',
    cost(pr.schedulerInvocations, over(S.invocationsPerMonth, free(pr.schedulerFreeInvocations))),
    S.schedules ? `${S.schedules} schedules: ${int(S.invocationsPerMonth)} invocations a month (14 million free)` : 'no schedules',
  );

  const traces = counts.tracedFunctions ? invocations * v('tracedShare') : 0;
  row('X-Ray', cost(pr.xrayTraces, over(traces, free(pr.xrayFreeTraces))), counts.tracedFunctions ? `${counts.tracedFunctions} functions traced (active): ${millions(traces)} traces recorded (100,000 free); the HTTP API is not traced (X-Ray traces REST APIs only)` : 'no traced function');

  row(
    'CodeDeploy',
    cost(pr.codeDeployLambda, counts.deploymentGroups),
    counts.deploymentGroups ? `${counts.deploymentGroups} deployment groups shifting the functions' live aliases by canary: no charge for deployments to Lambda` : 'no deployment groups: the live aliases move at once',
  );

  row('KMS', cost(pr.kmsKey, counts.kmsKeys), counts.kmsKeys ? `${counts.kmsKeys} customer managed key${counts.kmsKeys === 1 ? '' : 's'} (requests not counted)` : 'no customer managed key (tables, buckets and secrets use AWS managed or owned keys)');

  row(
    'Route 53',
    cost(pr.route53Zone, counts.route53.hostedZones),
    counts.route53.hostedZones ? `${counts.route53.hostedZones} hosted zone, ${counts.route53.recordSets} records (alias queries to CloudFront are free)` : 'no custom domain in the template',
  );

  return { rows, total: rows.reduce((s, r) => s + r.monthly, 0) };
}
