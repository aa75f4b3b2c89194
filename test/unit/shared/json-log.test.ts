/**
 * The portal's log lines (lambdas/shared/platform/json-log.ts, through observability.ts and log.ts)
 * byte for byte against Powertools' Logger for the same calls, at the same instant, in the same
 * environment: the keys and their order (level, message, timestamp, service, sampling_rate,
 * xray_trace_id, then the correlation id and the fields), the stream of each level, the level from
 * the logger, LOG_LEVEL and Lambda's advanced logging controls, sampling, and the fields merged as
 * Powertools merges them.
 */
import { jest } from '@jest/globals';
import { Logger } from '@aws-lambda-powertools/logger';
import { JsonLogger } from '../../../lambdas/shared/platform/json-log.js';
import { redact } from '../../../lambdas/shared/platform/log.js';

type Fields = Record<string, unknown>;
interface Calls {
  debug(message: string, ...fields: Fields[]): void;
  info(message: string, ...fields: Fields[]): void;
  warn(message: string, ...fields: Fields[]): void;
  error(message: string, ...fields: Fields[]): void;
  setLogLevel(level: string): void;
}

const ENV_KEYS = ['LOG_LEVEL', 'POWERTOOLS_LOG_LEVEL', 'AWS_LAMBDA_LOG_LEVEL', 'POWERTOOLS_LOGGER_SAMPLE_RATE', 'POWERTOOLS_LOGGER_LOG_EVENT', 'POWERTOOLS_DEV', '_X_AMZN_TRACE_ID', 'TZ'];
const saved = { ...process.env };
beforeEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  jest.useFakeTimers({ now: Date.UTC(2026, 10, 30, 1, 2, 3, 456) });
});
afterEach(() => {
  // Key by key: Node follows TZ only on process.env itself.
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** What the logger made by `make` writes, with `calls`, to stdout and stderr (each write tagged with its stream). */
function written(make: () => Calls, calls: (l: Calls) => void): string[] {
  const out: string[] = [];
  const streams = { stdout: process.stdout, stderr: process.stderr };
  const writes = Object.values(streams).map((s) => s.write.bind(s));
  for (const [name, s] of Object.entries(streams)) s.write = ((chunk: string | Uint8Array) => (out.push(`${name} ${String(chunk)}`), true)) as typeof s.write;
  try {
    calls(make());
  } finally {
    Object.values(streams).forEach((s, i) => (s.write = writes[i]!));
  }
  return out;
}

const theirs = (service: string, level?: string) => () => new Logger({ serviceName: service, logLevel: level as 'INFO' }) as unknown as Calls;
const ours = (service: string, level?: string) => () => new JsonLogger(service, level);

/** The same calls through both loggers made with the same service and level: the same bytes on the same streams. */
function same(calls: (l: Calls) => void, service = 'portal-prod', level: string | undefined = 'INFO'): string[] {
  const expected = written(theirs(service, level), calls);
  const actual = written(ours(service, level), calls);
  expect(actual).toEqual(expected);
  return actual;
}

const requestFields = (extra: Fields = {}) => ({
  correlation_id: 'web-7f3a9c21',
  ...(redact({ route: 'GET /api/s3/getpresignedurl', status: 200, ms: 41, calls: { dynamodb: 2, s3: 0, cognito: 0, secrets: 0 }, url: 'https://x.test/a?X-Amz-Signature=abc&b=1', ...extra }) as Fields),
});

describe("the same bytes as Powertools' Logger", () => {
  it("a request's line: the keys in its order, the correlation id and the fields after them, on stdout", () => {
    const lines = same((l) => l.info('request', requestFields()));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'stdout {"level":"INFO","message":"request","timestamp":"2026-11-30T01:02:03.456Z","service":"portal-prod","sampling_rate":0,"correlation_id":"web-7f3a9c21","route":"GET /api/s3/getpresignedurl","status":200,"ms":41,"calls":{"dynamodb":2,"s3":0,"cognito":0,"secrets":0},"url":"https://x.test/a?X-Amz-Signature=[redacted]&b=1"}\n',
    );
  });

  it('each level on its stream, those below the level dropped, a message without fields', () => {
    // Made once, out of the calls: the stack is part of the line.
    const boom = new Error('boom');
    const bad = Object.assign(new TypeError('bad'), { code: 'E1' });
    const lines = same((l) => {
      l.debug('not written at INFO', { a: 1 });
      l.info('written');
      l.warn('a service failed', requestFields({ err: boom }));
      l.error('request failed', { route: 'x', err: redact(bad) });
    });
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['stdout', 'stderr', 'stderr']);
    same((l) => l.debug('written at DEBUG', { a: 1 }), 'portal-local', 'DEBUG');
    same((l) => l.info('not written at WARN'), 'portal-local', 'WARN');
  });

  it('the trace id of Lambda\'s header (its Root), with or without its other parts', () => {
    process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    expect(same((l) => l.info('request', requestFields()))[0]).toContain('"xray_trace_id":"1-5759e988-bd862e3fe1be46a994272793","correlation_id"');
    process.env._X_AMZN_TRACE_ID = '1-5759e988-bd862e3fe1be46a994272793';
    same((l) => l.info('request', requestFields()));
  });

  it('fields merged as Powertools merges them: empty ones left out at the top, nested ones kept, reserved keys dropped with a warning', () => {
    const lines = same((l) =>
      l.info('merged', {
        empty: '',
        none: null,
        gone: undefined,
        nested: { empty: '', none: null, gone: undefined, constructor: 'dropped', deeper: { list: [1, { constructor: 'kept in a list' }] } },
        list: [null, '', { a: 1 }],
        big: 12345678901234567890n,
        function_name: 'set where the Lambda context would be',
        tenant_id: undefined,
        message: 'reserved',
        level: 'reserved',
        service: 'reserved',
      }),
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('The key \\"message\\" is a reserved key and will be dropped.');
  });

  it('errors given as such are written as Powertools writes them', () => {
    const err = Object.assign(new Error('outer', { cause: new RangeError('inner') }), { code: 'E_OUT' });
    same((l) => l.error('raw error', { err, again: { err } }));
  });

  it('the level: LOG_LEVEL where the given one is not a level, a change of level, and a level that is none', () => {
    process.env.LOG_LEVEL = 'WARN';
    same((l) => {
      l.info('not written');
      l.warn('written');
    }, 'portal-prod', 'VERBOSE');
    process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
    same((l) => l.debug('written'), 'portal-prod', undefined);
    same((l) => {
      l.setLogLevel('ERROR');
      l.warn('not written');
      l.error('written');
      expect(() => l.setLogLevel('VERBOSE')).toThrow('Invalid log level: VERBOSE');
    });
  });

  it("Lambda's advanced logging controls win, with one warning where they drop more", () => {
    process.env.AWS_LAMBDA_LOG_LEVEL = 'WARN';
    const lines = same((l) => {
      l.info('dropped');
      l.setLogLevel('DEBUG');
      l.warn('written');
    }, 'portal-prod', 'DEBUG');
    expect(lines).toHaveLength(2);
    process.env.AWS_LAMBDA_LOG_LEVEL = 'FATAL';
    expect(same((l) => l.error('dropped at CRITICAL'))).toEqual([]);
  });

  it('sampling: at rate 1 the container logs at DEBUG and says so; a rate out of 0-1 is ignored; one that is no number fails', () => {
    process.env.POWERTOOLS_LOGGER_SAMPLE_RATE = '1';
    const lines = same((l) => l.debug('sampled', { a: 1 }));
    expect(lines.map((l) => JSON.parse(l.slice(7)) as Fields)).toMatchObject([
      { level: 'DEBUG', message: 'Setting log level to DEBUG due to sampling rate', sampling_rate: 1 },
      { level: 'DEBUG', message: 'sampled', sampling_rate: 1 },
    ]);
    process.env.POWERTOOLS_LOGGER_SAMPLE_RATE = '0';
    same((l) => l.debug('not sampled'));
    process.env.POWERTOOLS_LOGGER_SAMPLE_RATE = '2';
    expect(same((l) => l.info('rate ignored'))[0]).toContain('"sampling_rate":0');
    process.env.POWERTOOLS_LOGGER_SAMPLE_RATE = 'often';
    expect(() => new Logger()).toThrow('Environment variable POWERTOOLS_LOGGER_SAMPLE_RATE must be a number');
    expect(() => new JsonLogger('portal')).toThrow('Environment variable POWERTOOLS_LOGGER_SAMPLE_RATE must be a number');
  });

  it('a POWERTOOLS_LOGGER_LOG_EVENT that is no boolean fails as it does', () => {
    process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'maybe';
    expect(() => new Logger()).toThrow('Environment variable POWERTOOLS_LOGGER_LOG_EVENT must be a boolean');
    expect(() => new JsonLogger('portal')).toThrow('Environment variable POWERTOOLS_LOGGER_LOG_EVENT must be a boolean');
  });

  it('the timestamp in the zone TZ names, with its offset; in UTC where TZ says UTC', () => {
    process.env.TZ = 'Europe/Berlin';
    // The wall time of the zone; the offset as this process's Date gives it (Node may not follow a TZ changed while it runs).
    expect(same((l) => l.info('local time'))[0]).toMatch(/"timestamp":"2026-11-30T02:02:03\.456[+-]\d\d:\d\d"/);
    process.env.TZ = ':UTC';
    same((l) => l.info('utc'));
  });

  it('in dev mode, through the global console, indented', () => {
    process.env.POWERTOOLS_DEV = 'true';
    const got = (make: () => Calls) => {
      const out: string[] = [];
      for (const m of ['debug', 'info', 'warn', 'error'] as const) jest.spyOn(console, m).mockImplementation((line: unknown) => void out.push(`${m} ${String(line)}`));
      const l = make();
      l.info('pretty', { a: { b: 1 } });
      l.error('pretty error');
      jest.restoreAllMocks();
      return out;
    };
    const expected = got(theirs('portal-local'));
    expect(got(ours('portal-local'))).toEqual(expected);
    expect(expected[0]).toContain('\n    "level": "INFO"');
  });
});
