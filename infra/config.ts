/**
 * Stage settings: one object per environment in cdk.json context under the stage's name, validated
 * by one zod schema when the app is synthesised. A missing or bad setting stops synth naming it.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { z } from 'zod';
import { canonicalTimeZone } from '../lambdas/shared/contract/writing.js';

const domain = z
  .string()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a lower-case domain such as example.com');
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });
const name = z.string().trim().min(1, 'must not be empty');
const email = z.email({ error: 'must be an e-mail address such as ops@example.com' });
const region = z.string().regex(/^[a-z]{2}(?:-gov)?-[a-z]+-\d$/, 'must be an AWS region such as eu-west-1');
const within = (host: string, zone: string) => host === zone || host.endsWith(`.${zone}`);
/** An IANA time zone name as EventBridge Scheduler takes it (`Europe/Berlin`, `UTC`), spelled as the tz database does. */
const isTimeZone = (tz: string) => canonicalTimeZone(tz) === tz;
export const WEEK_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

/** The retention values CloudWatch Logs accepts. */
const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653] as const;

export const StageSchema = z.strictObject({
  /**
   * The AWS account the stage deploys to. Required unless `accountFromCredentials` is true (a
   * developer's own account, as dev): synth refuses credentials of another account.
   */
  account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').optional(),
  /** The stage deploys to whatever account the credentials in use are for (dev). Default false. */
  accountFromCredentials: z.boolean().default(false),
  /** The cost centre tagged on every stack and resource of the stage (with stage and service). */
  costCentre: name.default('customer-portal'),
  region: region.optional(),
  productName: name,
  contactUrl: httpsUrl,
  staffDomains: z.array(domain).min(1, 'must list at least one domain'),
  excludedCustomerDomains: z.array(domain),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']),
  logRetentionDays: z.number().refine((d) => (RETENTION_DAYS as readonly number[]).includes(d), {
    error: `must be one of ${RETENTION_DAYS.join(', ')}`,
  }),
  /** Subscribed by e-mail to the stage's page topic: the few symptom alarms that wake someone (the subscriber confirms once). */
  alarmEmail: email,
  /** Subscribed by e-mail to the stage's ticket topic: every other alarm, for working hours. Unset: alarmEmail. */
  ticketEmail: email.optional(),
  /**
   * Unset: Cognito's own mail (no-reply@verificationemail.com, about 50 mails a day; for dev).
   * Set: Cognito sends through Amazon SES with this identity, verified beforehand in the account.
   */
  mail: z
    .strictObject({
      /** The verified SES identity: a domain (any sender in it) or one address (then `from` itself). */
      sesIdentity: z.union([domain, email], { error: 'must be a verified SES domain (example.com) or address' }),
      from: email,
      fromName: name.optional(),
      replyTo: email.optional(),
      /** Where the identity is verified; unset: the stage's region. */
      sesRegion: region.optional(),
    })
    .refine((m) => (m.sesIdentity.includes('@') ? m.from === m.sesIdentity : within(m.from.split('@')[1] ?? '', m.sesIdentity)), {
      error: 'from must be the sesIdentity address, or an address in the sesIdentity domain',
      path: ['from'],
    })
    .optional(),
  /**
   * Service requests (issue 20): the provider's dispatch mailbox, mailed each new request (through
   * `mail`; without it nothing is mailed), and the phone shown for emergencies. Optional.
   */
  /**
   * Quote decisions (issue 30): the stage's EventBridge bus `portal-<stage>` carries each
   * `portal.quote.decided` event. `subscriberAccounts`: AWS accounts (the provider's field-service
   * system) allowed to put rules on the bus that send its events to them. Default: none.
   */
  events: z
    .strictObject({
      subscriberAccounts: z.array(z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id')).default([]),
    })
    .default({ subscriberAccounts: [] }),
  dispatch: z
    .strictObject({
      email: email.optional(),
      phone: z.string().trim().regex(/^\+?[0-9 ()./-]{5,30}$/, 'must be a phone number such as +1 555 0100').optional(),
    })
    .optional(),
  /**
   * Mail the portal sends on its own schedule (issue 20, the jobs stack): when the weekly summary
   * goes out, in the time zone its readers live in (default Monday 07:00 UTC), and when the
   * day-before mail of upcoming visits does (default 16:00 UTC). Optional.
   */
  notifications: z
    .strictObject({
      weeklySummary: z
        .strictObject({
          day: z.enum(WEEK_DAYS, { error: `must be one of ${WEEK_DAYS.join(', ')}` }).default('MON'),
          hour: z.number().int('must be a whole hour').min(0, 'must be an hour from 0 to 23').max(23, 'must be an hour from 0 to 23').default(7),
          timeZone: z.string().refine(isTimeZone, { error: 'must be an IANA time zone name such as Europe/London or UTC' }).default('UTC'),
        })
        .prefault({}),
      /** When the day-before mail of upcoming visits goes out (issue 30), and in which zone "tomorrow" is. Default 16:00 UTC. */
      dayBefore: z
        .strictObject({
          hour: z.number().int('must be a whole hour').min(0, 'must be an hour from 0 to 23').max(23, 'must be an hour from 0 to 23').default(16),
          timeZone: z.string().refine(isTimeZone, { error: 'must be an IANA time zone name such as Europe/London or UTC' }).default('UTC'),
        })
        .prefault({}),
    })
    .prefault({}),
  /**
   * The provider's time zone (an IANA name such as America/Chicago): a property's zone when its
   * import gives none; visits are written in their property's zone. Optional; default UTC.
   */
  timeZone: z.string().refine(isTimeZone, { error: 'must be an IANA time zone name such as America/Chicago or UTC' }).default('UTC'),
  /** Unset: the portal is at its CloudFront address. Set: a certificate and alias records for this name. */
  domain: z
    .strictObject({
      name: domain,
      /** The Route 53 public hosted zone holding `name` (both from the Route 53 console). */
      hostedZoneId: z.string().regex(/^Z[A-Z0-9]{1,31}$/, 'must be a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ'),
      hostedZoneName: domain,
    })
    .refine((d) => within(d.name, d.hostedZoneName), { error: 'name must be in the hosted zone hostedZoneName', path: ['name'] })
    .optional(),
  /**
   * The version of the secret portal/<stage>/origin-verify that CloudFront sends and the API checks.
   * Unset: the version current when the distribution and functions were last updated. Set it to the
   * VersionId that put-secret-value prints when replacing the value, so that one deploy moves both.
   */
  originVerifyVersionId: z.string().regex(/^[A-Za-z0-9-]{32,64}$/, 'must be the VersionId that aws secretsmanager put-secret-value printed').optional(),
  /** AWS WAF on CloudFront (managed rule groups) and on the user pool. */
  waf: z.strictObject({
    /** Requests per client address per 5 minutes to the sign-in, reset and registration calls. */
    signInRateLimit: z.number().int().min(10, 'must be at least 10 (the least AWS WAF accepts)').max(2_000_000_000),
  }),
  /**
   * Cognito's standard threat protection in full-function mode (the Plus feature plan, billed per
   * active user with no free tier): adaptive authentication and compromised-credential checks with
   * Cognito's default risk settings. Off: the Essentials plan and no threat protection.
   */
  threatProtection: z.boolean(),
  /**
   * With threatProtection: what Cognito does with a sign-in at each risk level adaptive
   * authentication gives it, and with a password known to be leaked. `block`: refused; `mfa`: the
   * authenticator code is asked for where the user has an app (MFA_IF_CONFIGURED), else allowed;
   * `notify`: allowed and the user mailed; `allow`: nothing. Block and mfa mail the user too where
   * the stage sends mail through SES (`mail`; Cognito's risk mails need an SES identity).
   * Optional; default high block, medium mfa, low allow, compromised credentials block.
   */
  riskActions: z
    .strictObject({
      high: z.enum(['block', 'mfa', 'notify', 'allow']).default('block'),
      medium: z.enum(['block', 'mfa', 'notify', 'allow']).default('mfa'),
      low: z.enum(['block', 'mfa', 'notify', 'allow']).default('allow'),
      compromisedCredentials: z.enum(['block', 'allow']).default('block'),
    })
    .prefault({}),
  /** Customers must enrol an authenticator app too (staff always must). Optional; default false. */
  mfaForCustomers: z.boolean().default(false),
  /**
   * GuardDuty Malware Protection for S3 on the documents bucket (billed per GB scanned and per
   * object): new documents are scanned and tagged, and one tagged as infected is never handed out.
   * Optional; default false (prod sets it).
   */
  malwareScan: z.boolean().default(false),
  removalPolicy: z.enum(['retain', 'destroy']),
  /**
   * Each function's `live` alias is moved by CodeDeploy: a pre-traffic probe of the new version
   * (API functions), then 10 % of calls to it for `canaryMinutes`, then all, rolled back if the
   * function's failures alarm fires. Optional; default false (the alias moves at once).
   */
  canary: z.boolean().default(false),
  /** How long a canary keeps 10 % of calls on the new version. Optional; default 5 (prod); staging runs a shorter one. */
  canaryMinutes: z.number().int().min(1, 'must be at least 1').max(60, 'must be at most 60').default(5),
  /**
   * Functions kept initialised on their `live` alias (Lambda provisioned concurrency), by handler
   * name (`users/get-property`, `triggers/pre-token-generation`): how many instances of each. For
   * the calls a customer's first visit waits on, one after another (docs/figures.md "Figures"). Billed for
   * every hour whether used or not (`npm run cost`). Optional; default none.
   */
  warmFunctions: z.record(z.string(), z.number().int().min(1, 'must be at least 1').max(20, 'must be at most 20')).default({}),
  documentsBucketVersioned: z.boolean(),
  /**
   * Reserved concurrency of each public route's function (sign-in, reset, registration, report host,
   * unsubscribe, config): the most a flood sent straight to the execute-api address, past CloudFront's
   * WAF, can take of the account's Lambda concurrency (infra/public-routes.ts). Optional; unset: none
   * (dev, whose accounts may have too little concurrency to reserve any).
   */
  publicRouteConcurrency: z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
  /** API Gateway stage throttling, applied to every route. */
  throttle: z.strictObject({
    rateLimit: z.number().positive('must be above 0'),
    burstLimit: z.number().int().positive('must be above 0'),
  }),
  sigma: z.strictObject({
    /** Unset: Sigma is not used and reports are served by the built-in report host. */
    clientId: name.optional(),
    sessionSeconds: z.number().int().positive().max(30 * 86400, 'must be at most 30 days (2592000)'),
    accountType: name.optional(),
    teams: z.array(name),
    customerAttribute: name,
    propertyAttribute: name,
  }),
  /** Lifetime of the built-in report host's embed tokens. */
  embedTokenSeconds: z.number().int().positive().max(86400, 'must be at most one day (86400)'),
  telemetry: z.strictObject({
    /** Unset: telemetry routes answer that the service is not configured. */
    baseUrl: httpsUrl.optional(),
    maxPages: z.number().int().positive(),
    timeoutMs: z.number().int().positive().max(28000, 'must be at most 28000 (the functions time out at 29 s)'),
  }),
}).refine((s) => s.mail !== undefined || ![s.riskActions.high, s.riskActions.medium, s.riskActions.low].includes('notify'), {
  error: "needs `mail` for 'notify' (Cognito mails risk notifications through an SES identity)",
  path: ['riskActions'],
}).refine((s) => s.account !== undefined || s.accountFromCredentials, {
  error: 'is required (the stage is pinned to its account); or set accountFromCredentials: true for a stage that deploys wherever the credentials point',
  path: ['account'],
});

export type StageSettings = z.infer<typeof StageSchema>;
export interface Stage extends StageSettings {
  name: string;
}

export class StageConfigError extends Error {}

/**
 * The stage's `removalPolicy` for a resource holding data or logs: kept (`retain`) or deleted with
 * the stack. Kept is CloudFormation's `RetainExceptOnCreate` (UpdateReplacePolicy `Retain`): kept
 * when the stack is updated or deleted, but removed when the create of the resource itself rolls
 * back, so a failed first deploy leaves no named table, bucket or secret behind to make every retry
 * fail "already exists".
 */
export const removalPolicyOf = (stage: Pick<StageSettings, 'removalPolicy'>) => (stage.removalPolicy === 'retain' ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY);

/** The stage named by `-c stage=<name>`, from the context object holding every stage's settings. */
export function loadStage(stageName: unknown, stages: unknown): Stage {
  const known = stages && typeof stages === 'object' ? Object.keys(stages) : [];
  const listed = known.length ? known.join(', ') : '(none: add "stages" to cdk.json context)';
  if (typeof stageName !== 'string' || !stageName) {
    throw new StageConfigError(`Choose a stage with -c stage=<name>. Stages in cdk.json: ${listed}`);
  }
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stageName)) {
    throw new StageConfigError(`Stage name "${stageName}" must be lower-case letters, digits and dashes (at most 20)`);
  }
  const raw = (stages as Record<string, unknown>)[stageName];
  if (raw === undefined) throw new StageConfigError(`Unknown stage "${stageName}". Stages in cdk.json: ${listed}`);
  const parsed = StageSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const at = ['stages', stageName, ...i.path.map(String)].join('.');
      const missing = i.code === 'invalid_type' && valueAt(raw, i.path) === undefined;
      return `  ${at}: ${missing ? 'is missing' : i.message}`;
    });
    throw new StageConfigError(`Bad settings for stage "${stageName}" in cdk.json:\n${problems.join('\n')}`);
  }
  return { name: stageName, ...parsed.data };
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}
