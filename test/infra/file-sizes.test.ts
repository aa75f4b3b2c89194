/**
 * No source file over 500 lines outside the tests: a file that grows past it holds more than one
 * thing and is split by what each part does (as the built-in report pages, the cost model and the
 * consistency check were). Tests and benchmarks (test/, *.test.ts) are exempt: a test file is read
 * one case at a time.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../infra/function-construct.js';

const LIMIT = 500;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const exempt = (file: string) => file.startsWith('test/') || /\.test\.tsx?$/.test(file);

/** The repository's source files (tracked or new, not ignored) with their line counts. */
function sourceFiles(): { file: string; lines: number }[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return listed
    .filter((f) => SOURCE.test(f) && !exempt(f))
    .flatMap((file) => {
      try {
        return [{ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 }];
      } catch {
        return []; // deleted in the working tree, not yet in the index
      }
    });
}

test(`no source file outside the tests is over ${LIMIT} lines`, () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(300);
  expect(files.filter((f) => f.lines > LIMIT)).toEqual([]);
});
