// The zod/mini functions and types the functions use, imported as the namespace `z`
// (`import * as z from '.../platform/zod-parts.js'`; ./zod.ts says why). Named, so that esbuild keeps
// only these (a re-exported namespace object would keep all of zod), and each bundle only those it calls.
import { config, ZodMiniNumber, ZodMiniString, type coerce as coercions } from 'zod/mini';
import { _coercedNumber, _coercedString } from 'zod/v4/core';
import { englishMessage } from './zod-messages.js';

// zod/mini loads no locale: zod's English messages, set once, before any schema parses.
config({ localeError: englishMessage });

/**
 * The coercions used, made as zod/mini's `coerce.number` and `coerce.string` make them: its
 * `coerce` namespace, re-exported, came whole (its bigint and date schemas too).
 */
export const coerce = {
  number: ((params) => _coercedNumber(ZodMiniNumber, params)) as typeof coercions.number,
  string: ((params) => _coercedString(ZodMiniString, params)) as typeof coercions.string,
};

export {
  _default,
  array,
  boolean,
  custom,
  enum,
  gte,
  int,
  looseObject,
  literal,
  lte,
  maxLength,
  minLength,
  null,
  nullable,
  nullish,
  number,
  object,
  optional,
  pipe,
  record,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  union,
  unknown,
  type core,
  type infer,
  type input,
  type output,
  type ZodMiniType,
} from 'zod/mini';
