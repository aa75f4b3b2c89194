/**
 * zod for the functions and the contract: zod/mini, as the namespace `z` of ./zod-parts.ts
 * (`import * as z from '.../platform/zod-parts.js'`), and the portal's own fields. zod/mini's checks are
 * functions (`z.string().check(z.trim(), z.maxLength(320))`, `z.optional(s)`) so that a bundle
 * keeps only those it uses. The classic API's schemas carry every method, so all of its core comes
 * along: measured on the median function, 97 KB of the bundle and about 12 ms of module
 * initialisation against 25 KB and 3 ms (test/bench/functions.bench.ts). zod/mini loads no locale:
 * the English messages ("Too big: expected string to have <=320 characters") are set by
 * ./zod-parts.ts, once, from ./zod-messages.ts (zod's English locale without its string-format
 * nouns, which no part uses). Only the names in ./zod-parts.ts are in `z`: add one there when a
 * schema needs it.
 *
 * `z` is imported from ./zod-parts.ts itself, as a namespace (issue 42): a namespace re-exported
 * from here (`export { z }`, `export * as z`) is one object in the bundle holding every part, so
 * each function carried all the parts and every schema of the contract files it imports (a call
 * through that object is not known to be pure). Imported as a namespace, `z.string()` is zod's
 * own function, and esbuild drops the parts and schemas a function does not use.
 */
import * as z from './zod-parts.js';

export type { core } from 'zod/mini';
/** Any schema the middleware can parse with. */
export type ZodType = z.ZodMiniType;

/** Trimmed, lower-cased, at most 320 characters, and shaped like an address: the portal's email field. */
export const emailString = () =>
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(320), z.regex(/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/, 'must be an email address'));
/** A non-empty trimmed id of at most `max` characters. */
export const idString = (max = 200, empty = 'must not be empty') => z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max));
