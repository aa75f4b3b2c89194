/**
 * The portal's log lines, written as Powertools' Logger (2.x) writes them, without it (issue 42:
 * its Logger and commons were about 19 KB of every bundle). test/unit/shared/json-log.test.ts
 * checks the lines byte for byte against Powertools' own for the same calls, environments and
 * instant. What is kept of it, the part the portal uses (a Logger with a service name and a level,
 * called with a message and an object of fields; no Lambda context, no appended keys, no buffer):
 *
 * - One JSON line per call: `level` (DEBUG, INFO, WARN, ERROR), `message`, `timestamp` (ISO in
 *   UTC; with the offset where TZ names another zone), `service`, `sampling_rate`, `xray_trace_id`
 *   (the Root of Lambda's trace header), then the fields, merged as Powertools merges them; keys
 *   whose value is undefined, null or '' at the top are left out. DEBUG and INFO on stdout, WARN
 *   and ERROR on stderr, through a Console of its own (Lambda's console would wrap each line); the
 *   global console, indented by 4, where POWERTOOLS_DEV is on.
 * - The level: the one given, else POWERTOOLS_LOG_LEVEL or LOG_LEVEL; Lambda's advanced logging
 *   controls (AWS_LAMBDA_LOG_LEVEL) win over it, with a warning, once, where they drop more.
 * - Sampling: with POWERTOOLS_LOGGER_SAMPLE_RATE (0 to 1) a container logs at DEBUG with that
 *   chance, decided when the logger is made, and says so in a DEBUG line.
 * - A field named level, message, sampling_rate, service or timestamp is dropped, with a warning.
 */
import { Console } from 'node:console';
import { randomInt } from 'node:crypto';

const THRESHOLDS = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const;
export type LogLevelName = keyof typeof THRESHOLDS;
const RESERVED = ['level', 'message', 'sampling_rate', 'service', 'timestamp'];
const UNSAFE_KEYS = ['__proto__', 'constructor'];
const BOOLEAN = { '1': true, y: true, yes: true, t: true, true: true, on: true, '0': false, n: false, no: false, f: false, false: false, off: false } as Record<string, boolean>;

const env = (key: string) => process.env[key]?.trim();
const validLevel = (level: unknown): level is LogLevelName => typeof level === 'string' && level in THRESHOLDS;
const nameOf = (threshold: number) => (Object.keys(THRESHOLDS) as LogLevelName[]).find((k) => THRESHOLDS[k] === threshold)!;
/** POWERTOOLS_DEV as Powertools reads it (a value it cannot read is off). */
const devMode = () => BOOLEAN[(env('POWERTOOLS_DEV') ?? '').toLowerCase()] === true;

/** The Root of Lambda's trace header (the invoke store's where Lambda runs one, else _X_AMZN_TRACE_ID). */
function traceRoot(): string | undefined {
  const store = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId(): string | undefined } } }).awslambda?.InvokeStore;
  const header = store?.getXRayTraceId() ?? env('_X_AMZN_TRACE_ID') ?? '';
  if (header === '') return undefined;
  if (!header.includes('=')) return header;
  const fields: Record<string, string | undefined> = {};
  for (const field of header.split(';')) {
    const [key, value] = field.split('=');
    fields[key!] = value;
  }
  return fields.Root;
}

/** ISO in UTC; where TZ names another (known) zone, its local time with the offset, as Powertools writes it. */
function timestamp(now: Date): string {
  const zone = env('TZ') ?? '';
  if (!zone || zone.includes('UTC')) return now.toISOString();
  const two = '2-digit';
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en', {
    hourCycle: 'h23',
    year: 'numeric',
    month: two,
    day: two,
    hour: two,
    minute: two,
    second: two,
    timeZone: Intl.supportedValuesOf('timeZone').includes(zone) ? zone : 'UTC',
  });
  for (const p of format.formatToParts(now)) parts[p.type] = p.value;
  const offset = -now.getTimezoneOffset();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${pad(now.getMilliseconds(), 3)}${offset >= 0 ? '+' : '-'}${pad(Math.abs(Math.floor(offset / 60)))}:${pad(Math.abs(offset % 60))}`;
}

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * `source` into `target` as Powertools' deepMerge does it here, where every target below the top
 * is new: plain objects copied key by key (no `__proto__` or `constructor`), arrays copied one
 * level, an object or array met twice taken once, undefined not written over a value.
 */
function merge(target: Record<string, unknown>, source: Record<string, unknown>, seen: WeakSet<object>) {
  for (const key of Object.keys(source)) {
    if (UNSAFE_KEYS.includes(key)) continue;
    const value = source[key];
    if (Array.isArray(value) || isPlain(value)) {
      if (seen.has(value)) continue;
      seen.add(value);
      if (Array.isArray(value)) target[key] = [...(value as unknown[])];
      else merge((target[key] = {}), value, seen);
    } else if (value !== undefined || target[key] === undefined) target[key] = value;
  }
}

/** An Error in a line: as Powertools' formatter writes it (name, where it was thrown, message, stack, cause, its own fields). */
function formatError(error: Error): Record<string, unknown> {
  const { name, message, stack, cause, ...own } = error as Error & Record<string, unknown>;
  const at = /\(([^()]*?):(\d+?):(\d+?)\)\\?$/;
  const found = (stack ?? '').split('\n').map((l) => at.exec(l)).find(Boolean);
  const out: Record<string, unknown> = {
    name,
    location: found ? `${found[1]}:${Number(found[2])}` : '',
    message,
    stack: devMode() && typeof stack === 'string' ? stack.split('\n') : stack,
    cause: cause instanceof Error ? formatError(cause) : cause,
  };
  for (const key in error) if (!['name', 'message', 'stack', 'cause'].includes(key)) out[key] = own[key];
  return out;
}

/** JSON.stringify's replacer: errors formatted, bigints as strings, an object met twice left out. */
function replacer() {
  const seen = new WeakSet<object>();
  return (_key: string, value: unknown) => {
    const v = value instanceof Error ? formatError(value) : value;
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return undefined;
      seen.add(v);
    }
    return v;
  };
}

type Fields = Record<string, unknown>;

export class JsonLogger {
  private threshold: number = THRESHOLDS.INFO;
  private readonly alc: LogLevelName | undefined;
  private readonly sampleRate: number = 0;
  private readonly console: Console;
  private readonly indent: number;
  private readonly warned = new Set<string>();
  private ready = false;
  private early: [number, string][] = [];

  constructor(
    private readonly service: string,
    logLevel?: string,
  ) {
    const lambdaLevel = env('AWS_LAMBDA_LOG_LEVEL') ?? '';
    const alc = lambdaLevel === 'FATAL' ? 'CRITICAL' : lambdaLevel;
    if (validLevel(alc)) this.alc = alc;
    const logEvent = env('POWERTOOLS_LOGGER_LOG_EVENT')?.toLowerCase();
    if (logEvent !== undefined && logEvent !== 'true' && logEvent !== 'false') throw new Error('Environment variable POWERTOOLS_LOGGER_LOG_EVENT must be a boolean');
    const level = logLevel?.toUpperCase();
    if (!this.followAlc(level)) {
      const fromEnv = env('POWERTOOLS_LOG_LEVEL') || env('LOG_LEVEL') || '';
      if (validLevel(level)) this.threshold = THRESHOLDS[level];
      else if (validLevel(fromEnv)) this.threshold = THRESHOLDS[fromEnv];
    }
    const rate = Number(env('POWERTOOLS_LOGGER_SAMPLE_RATE') ?? '0');
    if (Number.isNaN(rate)) throw new TypeError('Environment variable POWERTOOLS_LOGGER_SAMPLE_RATE must be a number');
    if (rate >= 0 && rate <= 1) {
      this.sampleRate = rate;
      if (rate && randomInt(0, 100) / 100 <= rate && this.threshold > THRESHOLDS.TRACE) {
        this.setLogLevel('DEBUG');
        this.debug('Setting log level to DEBUG due to sampling rate');
      }
    }
    const dev = devMode();
    this.console = dev ? console : new Console({ stdout: process.stdout, stderr: process.stderr });
    this.indent = dev ? 4 : 0;
    // Lines asked for while the logger was being made are written now, as Powertools does.
    this.ready = true;
    for (const [threshold, message] of this.early) this.print(threshold, message, []);
    this.early = [];
  }

  /** Where Lambda's advanced logging controls set a level, it is the level (warned once where it drops more than `selected`). */
  private followAlc(selected: string | undefined): boolean {
    if (this.alc === undefined) return false;
    this.threshold = THRESHOLDS[this.alc];
    if (validLevel(selected) && this.threshold > THRESHOLDS[selected]) {
      const warning = `Current log level (${selected}) does not match AWS Lambda Advanced Logging Controls minimum log level (${this.alc}). This can lead to data loss, consider adjusting them.`;
      if (!this.warned.has(warning)) {
        this.warned.add(warning);
        this.warn(warning);
      }
    }
    return true;
  }

  setLogLevel(level: string) {
    if (this.followAlc(level)) return;
    if (!validLevel(level)) throw new Error(`Invalid log level: ${level}`);
    this.threshold = THRESHOLDS[level];
  }

  debug(message: string, ...extra: Fields[]) {
    this.write(THRESHOLDS.DEBUG, message, extra);
  }
  info(message: string, ...extra: Fields[]) {
    this.write(THRESHOLDS.INFO, message, extra);
  }
  warn(message: string, ...extra: Fields[]) {
    this.write(THRESHOLDS.WARN, message, extra);
  }
  error(message: string, ...extra: Fields[]) {
    this.write(THRESHOLDS.ERROR, message, extra);
  }

  private write(threshold: number, message: string, extra: Fields[]) {
    if (threshold < this.threshold) return;
    if (this.ready) this.print(threshold, message, extra);
    else this.early.push([threshold, message]);
  }

  private print(threshold: number, message: string, extra: Fields[]) {
    const level = nameOf(threshold);
    // Powertools' keys in its order; those of a Lambda context it is never given stay undefined.
    const line: Fields = {
      level,
      message,
      timestamp: timestamp(new Date()),
      service: this.service,
      cold_start: undefined,
      function_arn: undefined,
      function_memory_size: undefined,
      function_name: undefined,
      function_request_id: undefined,
      sampling_rate: this.sampleRate,
      xray_trace_id: traceRoot(),
      tenant_id: undefined,
    };
    const fields: Fields = {};
    for (const item of extra) {
      if (item === null || item === undefined) continue;
      for (const [key, value] of Object.entries(item)) {
        if (RESERVED.includes(key)) this.warn(`The key "${key}" is a reserved key and will be dropped.`);
        else fields[key] = value;
      }
    }
    const seen = new WeakSet<object>([line, fields]);
    merge(line, fields, seen);
    for (const key in line) if (line[key] === undefined || line[key] === null || line[key] === '') delete line[key];
    this.console[level.toLowerCase() as 'info'](JSON.stringify(line, replacer(), this.indent));
  }
}
