/**
 * The monthly cost of one stage: what the synthesised templates hold (counted, no AWS call), times a
 * stated usage, times AWS's published prices. `npm run cost -- --stage prod` prints it and, with
 * --write-docs, writes it into docs/operating.md; test/infra/cost.test.ts fails when that copy is stale. In parts, prices
 * apart from the model:
 * - cost/counts.ts: what the templates hold;
 * - cost/prices.ts: AWS's prices, each with its page and the day it was read;
 * - cost/usage.ts: the usage assumed, and its scaling;
 * - cost/model.ts: counts × usage × prices, service by service;
 * - cost/report.ts: the Markdown block and its markers.
 */

export * from './cost/counts.js';
export * from './cost/prices.js';
export * from './cost/usage.js';
export * from './cost/model.js';
export * from './cost/report.js';
