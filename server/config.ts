import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Demo staff domains: the provider's and a sister service's (spec section 9 withholds the real ones). */
export const DEMO_STAFF_DOMAINS = ['example-hvac.com', 'example-services.com'];

const csv = z
  .string()
  .transform((s) =>
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
    const n = Number(m[1]);
    return n * ({ '': 1, s: 1, m: 60, h: 3600, d: 86400 } as Record<string, number>)[m[2] ?? '']!;
  });

const urlString = z.string().url('must be a URL such as https://portal.example.com');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  STAFF_DOMAINS: csv.optional(),
  EXCLUDED_CUSTOMER_DOMAINS: csv.default([]),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: durationSeconds.default(12 * 3600),
  PORTAL_ADMIN_EMAIL: z.string().email('must be an email address').optional(),
  PORTAL_ADMIN_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Portal <no-reply@localhost>'),
  PUBLIC_URL: urlString.optional(),
  PRODUCT_NAME: z.string().min(1).default('Comfort Portal'),
  CONTACT_URL: urlString.default('https://example.com/contact'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  // Documents storage (issue: data API). Unset S3_BUCKET: local folder DATA_DIR/documents.
  DOCUMENT_MAX_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  DOCUMENT_LINK_TTL: durationSeconds.default(300),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: urlString.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  // Reports (Sigma when both are set; otherwise the built-in report host).
  REPORTS_FILE: z.string().min(1).optional(),
  SIGMA_CLIENT_ID: z.string().min(1).optional(),
  SIGMA_SECRET: z.string().min(1).optional(),
  SIGMA_SESSION_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .max(30 * 86400, 'must be at most 30 days (2592000)')
    .default(3600),
  SIGMA_ACCOUNT_TYPE: z.string().min(1).optional(),
  SIGMA_TEAMS: csv.default([]),
  SIGMA_CUSTOMER_ATTRIBUTE: z.string().min(1).default('customer_ids'),
  SIGMA_PROPERTY_ATTRIBUTE: z.string().min(1).default('property_ids'),
  EMBED_TOKEN_TTL: durationSeconds.default(3600),
  // Telemetry service. Unset TELEMETRY_BASE_URL: the built-in simulator on loopback.
  TELEMETRY_BASE_URL: urlString.optional(),
  TELEMETRY_API_KEY: z.string().min(1).optional(),
  TELEMETRY_MAX_PAGES: z.coerce.number().int().positive().default(100),
  TELEMETRY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** true when the database is PGlite in DATA_DIR/db (or in memory for tests). */
  embeddedDb: boolean;
  /** PGlite data directory; 'memory://' in tests. */
  pgliteDir: string;
  staffDomains: string[];
  excludedCustomerDomains: string[];
  jwtSecret: string;
  tokenTtlSeconds: number;
  portalAdmin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  productName: string;
  contactUrl: string;
  logLevel: string;
  trustProxy: boolean;
  demo: boolean;
  documents: {
    maxBytes: number;
    linkTtlSeconds: number;
    dir: string;
    s3:
      | {
          bucket: string;
          endpoint: string | undefined;
          region: string;
          accessKeyId: string | undefined;
          secretAccessKey: string | undefined;
          forcePathStyle: boolean;
        }
      | undefined;
  };
  reports: {
    file: string | undefined;
    sigma:
      | {
          clientId: string;
          secret: string;
          sessionSeconds: number;
          accountType: string | undefined;
          teams: string[];
          customerAttribute: string;
          propertyAttribute: string;
        }
      | undefined;
    embedTokenTtlSeconds: number;
  };
  telemetry: {
    baseUrl: string | undefined;
    apiKey: string;
    maxPages: number;
    timeoutMs: number;
  };
  outboxDir: string;
}

export class ConfigError extends Error {}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => `  ${String(i.path[0] ?? '(environment)')}: ${i.message}`)
    .join('\n');
}

/** Reads or creates a secret kept in the data folder, so restarts keep sessions and links valid. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

export interface LoadOptions {
  demo?: boolean;
  /** Tests: keep the database in memory and never touch the data folder for secrets. */
  inMemory?: boolean;
}

/** Environment -> typed config with the embedded defaults; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, opts: LoadOptions = {}): Config {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DATABASE_URL && !e.JWT_SECRET) problems.push('  JWT_SECRET: required when DATABASE_URL is set (every instance must share it)');
  if (!!e.PORTAL_ADMIN_EMAIL !== !!e.PORTAL_ADMIN_PASSWORD)
    problems.push('  PORTAL_ADMIN_EMAIL/PORTAL_ADMIN_PASSWORD: set both or neither');
  if (!!e.SIGMA_CLIENT_ID !== !!e.SIGMA_SECRET) problems.push('  SIGMA_CLIENT_ID/SIGMA_SECRET: set both or neither');
  if (e.TELEMETRY_BASE_URL && !e.TELEMETRY_API_KEY) problems.push('  TELEMETRY_API_KEY: required when TELEMETRY_BASE_URL is set');
  const demo = opts.demo ?? false;
  const staffDomains = e.STAFF_DOMAINS ?? (demo || opts.inMemory ? DEMO_STAFF_DOMAINS : undefined);
  if (!staffDomains || staffDomains.length === 0)
    problems.push('  STAFF_DOMAINS: required (comma-separated email domains whose users are administrators)');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? (opts.inMemory ? randomBytes(48).toString('base64url') : persistentSecret(dataDir, 'jwt-secret'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedDb: !e.DATABASE_URL,
    pgliteDir: opts.inMemory ? 'memory://' : path.join(dataDir, 'db'),
    staffDomains: staffDomains!,
    excludedCustomerDomains: e.EXCLUDED_CUSTOMER_DOMAINS,
    jwtSecret,
    tokenTtlSeconds: e.TOKEN_TTL,
    portalAdmin:
      e.PORTAL_ADMIN_EMAIL && e.PORTAL_ADMIN_PASSWORD
        ? { email: e.PORTAL_ADMIN_EMAIL.toLowerCase(), password: e.PORTAL_ADMIN_PASSWORD }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    productName: e.PRODUCT_NAME,
    contactUrl: e.CONTACT_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    demo,
    documents: {
      maxBytes: e.DOCUMENT_MAX_BYTES,
      linkTtlSeconds: e.DOCUMENT_LINK_TTL,
      dir: path.join(dataDir, 'documents'),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    },
    reports: {
      file: e.REPORTS_FILE,
      sigma:
        e.SIGMA_CLIENT_ID && e.SIGMA_SECRET
          ? {
              clientId: e.SIGMA_CLIENT_ID,
              secret: e.SIGMA_SECRET,
              sessionSeconds: e.SIGMA_SESSION_SECONDS,
              accountType: e.SIGMA_ACCOUNT_TYPE,
              teams: e.SIGMA_TEAMS,
              customerAttribute: e.SIGMA_CUSTOMER_ATTRIBUTE,
              propertyAttribute: e.SIGMA_PROPERTY_ATTRIBUTE,
            }
          : undefined,
      embedTokenTtlSeconds: e.EMBED_TOKEN_TTL,
    },
    telemetry: {
      baseUrl: e.TELEMETRY_BASE_URL,
      apiKey: e.TELEMETRY_API_KEY ?? (opts.inMemory ? 'test-telemetry-key' : persistentSecret(dataDir, 'simulator-key')),
      maxPages: e.TELEMETRY_MAX_PAGES,
      timeoutMs: e.TELEMETRY_TIMEOUT_MS,
    },
    outboxDir: path.join(dataDir, 'outbox'),
  };
}

/** True when the email's domain is one of the staff domains (decided on the server). */
export function isStaffEmail(config: Pick<Config, 'staffDomains'>, email: string): boolean {
  const domain = email.toLowerCase().split('@').pop() ?? '';
  return config.staffDomains.includes(domain);
}
