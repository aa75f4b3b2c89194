/**
 * zod for the functions, as the namespace `z`. zod's own `z` object drags all of zod into every
 * bundle (its locales and JSON-schema code: about 440 KB minified); named imports let esbuild keep
 * only what is used (about 90 KB). Add a name to ./zod-parts.ts when a handler needs one more.
 */
export * as z from './zod-parts.js';
export type { core, ZodType } from 'zod';
