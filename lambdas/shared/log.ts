/**
 * JSON log lines on stdout/stderr, the format Lambda's JSON logging and CloudWatch read. Values of
 * keys that carry credentials are replaced before anything is written.
 */
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
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = () => order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info;

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...(redact(fields) as object) });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
