/**
 * JSON log lines on stdout/stderr, the format Lambda's JSON logging and CloudWatch read. Values of
 * keys that carry credentials are replaced before anything is written.
 */
import { correlationId, portalLogger } from './observability.js';

const SECRET_KEYS = /^(authorization|password|newpassword|code|token|idtoken|accesstoken|refreshtoken|secret|apikey|x-api-key|cookie|temporarypassword)$/i;
const SECRET_IN_URL = /([?&](?:token|sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token|:jwt)=)[^&\s"]+/gi;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return value.replace(SECRET_IN_URL, '$1[redacted]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message), stack: value.stack };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * Through the portal's logger (lambdas/shared/platform/observability.ts, lines as Powertools'
 * Logger writes them): one JSON line with level, message, timestamp, service, the request's
 * correlation id, X-Ray trace id in Lambda, and the fields with credentials redacted. Levels below
 * LOG_LEVEL are dropped.
 */
function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const id = correlationId();
  portalLogger()[level](message, { ...(id ? { correlation_id: id } : {}), ...(redact(fields) as Record<string, unknown>) });
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
