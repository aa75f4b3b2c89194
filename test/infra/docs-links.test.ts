/**
 * README.md and docs/: every relative link reaches a file, every `#anchor` is a heading of the file
 * it points into (GitHub's slug rule), every repository path written in backticks exists, and every
 * doc is reachable from README through links (test/support/docs-check.ts). The checker is shown
 * failing on a fixture first, so a pass on the real docs means something.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDocs, headingSlugs, unreachableDocs } from '../support/docs-check.js';
import { ROOT } from '../../infra/function-construct.js';

const FIXTURE = path.join(ROOT, 'test', 'infra', 'fixtures', 'docs-links');

describe('the checker', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
    cpSync(FIXTURE, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(text).toContain(from);
    writeFileSync(path.join(dir, file), text.replace(from, to));
  };

  test("GitHub's slugs: lower case, punctuation dropped but - and _, spaces to -, repeats numbered", () => {
    expect(headingSlugs('# Who the caller is, and who is an administrator\n## `POST /api/sigma/filtered`\n## Capacity at 10× and 100×\n## Report period (product decision; the spec is silent)\n## A_b - c\n## Notes\n## Notes\n## Notes\n```sh\n# not a heading\n```\n'))
      .toEqual(['who-the-caller-is-and-who-is-an-administrator', 'post-apisigmafiltered', 'capacity-at-10-and-100', 'report-period-product-decision-the-spec-is-silent', 'a_b---c', 'notes', 'notes-1', 'notes-2']);
  });

  test('the fixture as it is passes', () => {
    expect(checkDocs(dir)).toEqual([]);
    expect(unreachableDocs(dir)).toEqual([]);
  });

  test('a broken anchor into another file fails, naming file, line and anchor', () => {
    edit('README.md', 'guide.md#setting-up-the-stack', 'guide.md#setting-up-the-stak');
    expect(checkDocs(dir)).toEqual([{ file: 'README.md', line: 3, problem: 'link docs/guide.md#setting-up-the-stak: no heading #setting-up-the-stak in docs/guide.md' }]);
  });

  test("a broken anchor in the same file fails, and a repeated heading's -2 that does not exist", () => {
    edit('README.md', '(#notes)', '(#note)');
    edit('docs/guide.md', '#setting-up-the-stack-1', '#setting-up-the-stack-2');
    expect(checkDocs(dir).map((p) => p.problem)).toEqual(['link #note: no heading #note in README.md', 'link #setting-up-the-stack-2: no heading #setting-up-the-stack-2 in docs/guide.md']);
  });

  test('a link to a missing file, and a path in backticks that does not exist, fail', () => {
    edit('docs/features/one.md', '../guide.md', '../guides.md');
    edit('README.md', '`bin/app.ts`', '`bin/main.ts`');
    expect(checkDocs(dir).map((p) => p.problem)).toEqual(['path `bin/main.ts` does not exist', 'link ../guides.md#setting-up-the-stack: no file docs/guides.md']);
  });

  test('a doc no link reaches is named', () => {
    edit('docs/guide.md', ', [features](features/one.md)', '');
    expect(unreachableDocs(dir)).toEqual(['docs/features/one.md']);
  });
});

describe('README.md and docs/', () => {
  test('every relative link, anchor and backticked repository path resolves', () => {
    expect(checkDocs(ROOT)).toEqual([]);
  });

  test('every doc is reachable from README through links', () => {
    expect(unreachableDocs(ROOT)).toEqual([]);
  });

  test('README is a front door: under 400 lines', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThan(400);
  });
});
