/**
 * zod's English messages (its `zod/v4/locales/en` error map) for the issues the portal's schemas
 * can raise, word for word: the 400 answers and the web app's form errors quote them
 * ("Invalid body.email: Too big: expected string to have <=320 characters"). The locale's table of
 * string-format nouns ("email address", "UUID", ...) is left out (issue 42: about 1.3 KB of every
 * bundle): no part in ./zod-parts.ts makes a string format but `regex`, whose message does not use
 * it. A format added there needs its noun here. test/unit/shared/zod-messages.test.ts compares
 * every issue with the locale's message.
 */
import type { core } from 'zod/mini';

const UNITS: Record<string, string> = { string: 'characters', file: 'bytes', array: 'items', set: 'items', map: 'entries' };
const unitOf = (origin: unknown) => (typeof origin === 'string' && Object.hasOwn(UNITS, origin) ? UNITS[origin] : undefined);

/** The input's type as zod names it: `nan`, `null`, `array`, a class's name, else typeof. */
function parsedType(data: unknown): string {
  if (typeof data === 'number') return Number.isNaN(data) ? 'nan' : 'number';
  if (typeof data === 'object' && data !== null) {
    if (Array.isArray(data)) return 'array';
    if (Object.getPrototypeOf(data) !== Object.prototype && 'constructor' in data && data.constructor) return (data.constructor as { name: string }).name;
  }
  return data === null ? 'null' : typeof data;
}
const typeName = (type: string, input?: unknown) => (type === 'number' && typeof input === 'number' && !Number.isFinite(input) ? String(input) : type === 'nan' ? 'NaN' : type);
const primitive = (v: unknown) => (typeof v === 'bigint' ? `${v}n` : typeof v === 'string' ? `"${v}"` : `${v as string}`);
const joined = (values: readonly unknown[], separator = '|') => values.map(primitive).join(separator);

type Issue = core.$ZodRawIssue & Record<string, unknown>;

export function englishMessage(raw: core.$ZodRawIssue): string {
  const issue = raw as Issue;
  switch (issue.code) {
    case 'invalid_type': {
      const received = parsedType(issue.input);
      return `Invalid input: expected ${typeName(issue.expected as string)}, received ${typeName(received, issue.input)}`;
    }
    case 'invalid_value': {
      const values = issue.values as unknown[];
      if (values.length === 1) return `Invalid input: expected ${primitive(values[0])}`;
      return `Invalid option: expected one of ${joined(values)}`;
    }
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const adj = issue.exact ? 'exactly ' : issue.inclusive ? (big ? '<=' : '>=') : big ? '<' : '>';
      const unit = unitOf(issue.origin);
      const bound = String(big ? issue.maximum : issue.minimum);
      const origin = big ? ((issue.origin as string | undefined) ?? 'value') : (issue.origin as string);
      const start = big ? 'Too big' : 'Too small';
      return unit ? `${start}: expected ${origin} to have ${adj}${bound} ${unit}` : `${start}: expected ${origin} to be ${adj}${bound}`;
    }
    case 'invalid_format': {
      if (issue.format === 'starts_with') return `Invalid string: must start with "${issue.prefix as string}"`;
      if (issue.format === 'ends_with') return `Invalid string: must end with "${issue.suffix as string}"`;
      if (issue.format === 'includes') return `Invalid string: must include "${issue.includes as string}"`;
      if (issue.format === 'regex') return `Invalid string: must match pattern ${issue.pattern as string}`;
      // The locale names each string format ("Invalid email address"); the portal's parts make none (above).
      return `Invalid ${issue.format === 'template_literal' ? 'input' : (issue.format as string)}`;
    }
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor as number}`;
    case 'unrecognized_keys': {
      const keys = issue.keys as string[];
      return `Unrecognized key${keys.length > 1 ? 's' : ''}: ${joined(keys, ', ')}`;
    }
    case 'invalid_key':
      return `Invalid key in ${issue.origin as string}`;
    case 'invalid_union': {
      const options = issue.options as unknown[] | undefined;
      if (options && Array.isArray(options) && options.length > 0) return `Invalid discriminator value. Expected ${options.map((o) => `'${o as string}'`).join(' | ')}`;
      if (issue.inclusive === false) return 'Invalid input: more than one option matched';
      return 'Invalid input';
    }
    case 'invalid_element':
      return `Invalid value in ${issue.origin as string}`;
    default:
      return 'Invalid input';
  }
}
