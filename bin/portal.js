#!/usr/bin/env node
// The `portal` command line. Runs the built server (npm run build makes dist/).
import { existsSync } from 'node:fs';

const main = new URL('../dist/server/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('The portal is not built yet. Run `npm run build` (or `npm run demo`) first.');
  process.exit(1);
}
await import(main.href);
