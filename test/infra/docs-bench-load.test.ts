/**
 * docs/figures.md "Load": `npm test` runs `npm run bench -- load --quick` exactly as written (the
 * in-process mode, 3 steps of 2 s, no previous release: about a minute), the same bench code as the
 * full `npm run bench -- load` (both modes against the previous release, 5 to 6 minutes on a 2-core
 * machine), which stays a measurement run by hand (docs-commands.test.ts says so). It asserts no
 * timing, as the bench does not: only that it ends with 0 and prints its tables.
 */
import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, runShell } from '../support/doc-commands.js';
import { ROOT } from '../../infra/function-construct.js';

jest.setTimeout(900_000);

const COMMAND = 'npm run bench -- load --quick';

test('docs/figures.md shows the command', () => {
  expect(readFileSync(path.join(ROOT, 'docs', 'figures.md'), 'utf8')).toContain(`\`${COMMAND}\``);
});

test(`${COMMAND} ends with 0 and prints its per-route table`, async () => {
  const r = await runShell(COMMAND, ROOT, cleanEnv(), 800_000);
  expect({ code: r.code, tail: r.code === 0 ? '' : r.output.slice(-4000) }).toEqual({ code: 0, tail: '' });
  expect(r.output).toContain('=== load.bench.ts ===');
  expect(r.output).toContain('In-process (every function in the stack\'s process)');
  expect(r.output).not.toContain('Cold mode (COLD=1, each function in processes of its own)');
  expect(r.output).toMatch(/users: per route \(latency here/);
  expect(r.output).toMatch(/GET \/api\/reports\s+\d+/);
  expect(r.output).toContain('What saturates first here:');
  expect(r.output).toContain('(no previous release measured: --no-baseline or --quick)');
});
