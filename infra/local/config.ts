/**
 * The local stack's settings, from environment variables validated at start: the same names the
 * portal has always read (PORT, HOST, DATA_DIR, STAFF_DOMAINS, ...). A bad one stops start-up with
 * a message naming it.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEMO_STAFF_DOMAINS } from '../admin/demo-data.js';
import { canonicalTimeZone } from '../../lambdas/shared/contract/writing.js';

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
);
const durationSeconds = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'must be a number of seconds or a duration such as 15m, 12h, 7d')
  .transform((s) => {
    const m = /^(\d+)\s*([smhd]?)$/.exec(s.trim())!;
    return Number(m[1]) * ({ '': 1, s: 1, m: 60, h: 3600, d: 86400 } as Record<string, number>)[m[2] ?? '']!;
  });
const urlString = z.string().url('must be a URL such as https://portal.example.com');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  STAFF_DOMAINS: csv.optional(),
  EXCLUDED_CUSTOMER_DOMAINS: csv.default([]),
  PORTAL_ADMIN_EMAIL: z.string().email('must be an email address').optional(),
  PORTAL_ADMIN_PASSWORD: z.string().min(1).optional(),
  PRODUCT_NAME: z.string().min(1).default('Comfort Portal'),
  CONTACT_URL: urlString.default('https://example.com/contact'),
  PROVIDER_TIME_ZONE: z
    .string()
    .refine((tz) => canonicalTimeZone(tz) === tz, 'must be an IANA time zone name such as America/Chicago or UTC')
    .default('UTC'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SIGMA_CLIENT_ID: z.string().min(1).optional(),
  SIGMA_SECRET: z.string().min(1).optional(),
  SIGMA_SESSION_SECONDS: z.coerce.number().int().positive().max(30 * 86400, 'must be at most 30 days (2592000)').default(3600),
  SIGMA_ACCOUNT_TYPE: z.string().min(1).optional(),
  SIGMA_TEAMS: csv.default([]),
  SIGMA_CUSTOMER_ATTRIBUTE: z.string().min(1).default('customer_ids'),
  SIGMA_PROPERTY_ATTRIBUTE: z.string().min(1).default('property_ids'),
  EMBED_TOKEN_TTL: durationSeconds.default(3600),
  TELEMETRY_BASE_URL: urlString.optional(),
  TELEMETRY_API_KEY: z.string().min(1).optional(),
  TELEMETRY_MAX_PAGES: z.coerce.number().int().positive().default(100),
  TELEMETRY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  DISPATCH_EMAIL: z.string().email('must be an email address').default('dispatch@example-hvac.com'),
  DISPATCH_PHONE: z.string().regex(/^\+?[0-9 ()./-]{5,30}$/, 'must be a phone number such as +1 555 0100').default('+1 555 0100'),
  // Tests only: ID and access tokens of a newly created local pool client live this many seconds.
  LOCAL_TOKEN_SECONDS: z.coerce.number().int().min(10).max(86400).optional(),
});

export interface LocalConfig {
  port: number;
  host: string;
  dataDir: string;
  staffDomains: string[];
  excludedCustomerDomains: string[];
  portalAdmin: { email: string; password: string } | undefined;
  productName: string;
  contactUrl: string;
  /** The provider's time zone (stage setting `timeZone`): a property's when its import gives none. */
  timeZone: string;
  /** Service requests: the provider's dispatch mailbox and emergency phone. */
  dispatch: { email: string; phone: string };
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  sigma: {
    clientId: string | undefined;
    secret: string | undefined;
    sessionSeconds: number;
    accountType: string | undefined;
    teams: string[];
    customerAttribute: string;
    propertyAttribute: string;
  };
  embedTokenSeconds: number;
  telemetry: { baseUrl: string | undefined; apiKey: string | undefined; maxPages: number; timeoutMs: number };
  /** Tests only: ID and access token lifetime of a newly created pool client (default: lambdas/shared/resources/definitions.ts). */
  tokenSeconds?: number | undefined;
}

export class LocalConfigError extends Error {}

/** Environment -> settings; throws LocalConfigError naming every bad variable. */
export function loadLocalConfig(env: Record<string, string | undefined> = process.env): LocalConfig {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0] ?? '(environment)')}: ${i.message}`);
    throw new LocalConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (!!e.PORTAL_ADMIN_EMAIL !== !!e.PORTAL_ADMIN_PASSWORD) problems.push('  PORTAL_ADMIN_EMAIL/PORTAL_ADMIN_PASSWORD: set both or neither');
  if (!!e.SIGMA_CLIENT_ID !== !!e.SIGMA_SECRET) problems.push('  SIGMA_CLIENT_ID/SIGMA_SECRET: set both or neither');
  if (e.TELEMETRY_BASE_URL && !e.TELEMETRY_API_KEY) problems.push('  TELEMETRY_API_KEY: required when TELEMETRY_BASE_URL is set');
  // The local stack is the demo and the test bed: the demo staff domains unless told otherwise.
  const staffDomains = e.STAFF_DOMAINS ?? DEMO_STAFF_DOMAINS;
  if (staffDomains.length === 0) problems.push('  STAFF_DOMAINS: must list at least one email domain whose users are administrators');
  for (const d of [...staffDomains, ...e.EXCLUDED_CUSTOMER_DOMAINS])
    if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d))
      problems.push(`  ${staffDomains.includes(d) ? 'STAFF_DOMAINS' : 'EXCLUDED_CUSTOMER_DOMAINS'}: "${d}" is not a domain such as example.com`);
  if (problems.length) throw new LocalConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    staffDomains,
    excludedCustomerDomains: e.EXCLUDED_CUSTOMER_DOMAINS,
    portalAdmin:
      e.PORTAL_ADMIN_EMAIL && e.PORTAL_ADMIN_PASSWORD ? { email: e.PORTAL_ADMIN_EMAIL.toLowerCase(), password: e.PORTAL_ADMIN_PASSWORD } : undefined,
    productName: e.PRODUCT_NAME,
    contactUrl: e.CONTACT_URL,
    timeZone: e.PROVIDER_TIME_ZONE,
    dispatch: { email: e.DISPATCH_EMAIL.toLowerCase(), phone: e.DISPATCH_PHONE },
    logLevel: e.LOG_LEVEL,
    sigma: {
      clientId: e.SIGMA_CLIENT_ID,
      secret: e.SIGMA_SECRET,
      sessionSeconds: e.SIGMA_SESSION_SECONDS,
      accountType: e.SIGMA_ACCOUNT_TYPE,
      teams: e.SIGMA_TEAMS,
      customerAttribute: e.SIGMA_CUSTOMER_ATTRIBUTE,
      propertyAttribute: e.SIGMA_PROPERTY_ATTRIBUTE,
    },
    embedTokenSeconds: e.EMBED_TOKEN_TTL,
    telemetry: { baseUrl: e.TELEMETRY_BASE_URL, apiKey: e.TELEMETRY_API_KEY, maxPages: e.TELEMETRY_MAX_PAGES, timeoutMs: e.TELEMETRY_TIMEOUT_MS },
    tokenSeconds: e.LOCAL_TOKEN_SECONDS,
  };
}
