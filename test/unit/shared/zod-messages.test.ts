/**
 * The portal's English messages for zod issues (lambdas/shared/platform/zod-messages.ts) word for
 * word against zod's own English locale: every issue kind with the values that change its words,
 * and the messages of real parses through the portal's `z` under each map.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { englishMessage } from '../../../lambdas/shared/platform/zod-messages.js';
import * as z from '../../../lambdas/shared/platform/zod-parts.js';

const theirs = en().localeError as (issue: unknown) => string;
const ours = englishMessage as (issue: unknown) => string;

const inputs: unknown[] = ['x', '', 1, 0, NaN, Infinity, -Infinity, null, undefined, true, 10n, [], [1], {}, new Date(0), new Map(), Object.create(null), () => 1, Symbol('s')];
const issues: Record<string, unknown>[] = [
  ...['string', 'number', 'nan', 'object', 'array', 'int', 'boolean', 'bigint', 'date', 'record', 'nonoptional'].flatMap((expected) => inputs.map((input) => ({ code: 'invalid_type', expected, input }))),
  ...[['a'], [1], [true], [null], [undefined], [10n], ['a', 'b'], [1, 2, 'c', false, 3n]].map((values) => ({ code: 'invalid_value', values, input: 'z' })),
  ...['too_big', 'too_small'].flatMap((code) =>
    ['string', 'array', 'number', 'file', 'set', 'map', 'date', 'bigint', 'int', undefined].flatMap((origin) =>
      [
        { inclusive: true },
        { inclusive: false },
        { inclusive: true, exact: true },
      ].flatMap((how) => [3, 320, 0.5, 9007199254740991, 12n].map((bound) => ({ code, origin, ...how, [code === 'too_big' ? 'maximum' : 'minimum']: bound, input: 'v' }))),
    ),
  ),
  { code: 'invalid_format', format: 'regex', pattern: '/^[a-z]+$/' },
  { code: 'invalid_format', format: 'starts_with', prefix: 'ab' },
  { code: 'invalid_format', format: 'ends_with', suffix: 'yz' },
  { code: 'invalid_format', format: 'includes', includes: 'mid' },
  { code: 'invalid_format', format: 'template_literal' },
  { code: 'not_multiple_of', divisor: 5 },
  { code: 'unrecognized_keys', keys: ['extra'] },
  { code: 'unrecognized_keys', keys: ['a', 'b'] },
  { code: 'invalid_key', origin: 'record' },
  { code: 'invalid_key', origin: 'map' },
  { code: 'invalid_union', errors: [], options: ['a', 'b'] },
  { code: 'invalid_union', errors: [], inclusive: false },
  { code: 'invalid_union', errors: [] },
  { code: 'invalid_element', origin: 'set' },
  { code: 'custom' },
];

it("gives zod's English message, word for word, for every issue kind", () => {
  expect(issues.length).toBeGreaterThan(300);
  for (const issue of issues) expect([issue, ours(issue)]).toEqual([issue, theirs(issue)]);
});

it('gives the same 400 messages through the portal\'s schemas as with the locale set', () => {
  const schemas: [z.ZodMiniType, unknown][] = [
    [z.string().check(z.trim(), z.maxLength(5)), 'too long a text'],
    [z.string().check(z.minLength(3)), 'ab'],
    [z.string().check(z.regex(/^[a-z]+$/)), 'ABC'],
    [z.number().check(z.gte(1), z.lte(10)), 11],
    [z.number().check(z.gte(1)), 0],
    [z.int(), 1.5],
    [z.coerce.number(), 'not a number'],
    [z.enum(['list', 'file']), 'other'],
    [z.literal('yes'), 'no'],
    [z.object({ a: z.string(), b: z.array(z.number()).check(z.maxLength(1)) }), { a: 1, b: [1, 2] }],
    [z.union([z.string(), z.number()]), true],
    [z.record(z.string().check(z.maxLength(2)), z.number()), { abc: 1 }],
    [z.string().check(z.refine((s) => s === 'x')), 'y'],
    [z.boolean(), 'true'],
    [z.nullable(z.string()), 5],
  ];
  const messages = () => schemas.map(([s, v]) => s.safeParse(v).error?.issues.map((i) => i.message));
  const mine = messages();
  try {
    config(en());
    expect(mine).toEqual(messages());
  } finally {
    config({ localeError: englishMessage });
  }
  expect(mine.flat()).toContain('Too big: expected string to have <=5 characters');
});
