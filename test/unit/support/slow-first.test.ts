import { existsSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: a plain ES module of jest's configuration, without types.
import SlowFirstSequencer, { SLOW_FIRST } from '../../support/slow-first-sequencer.mjs';

const Sequencer = SlowFirstSequencer as { new (o: object): { sort(t: Test[]): Test[] } };
type Test = { path: string; context: { config: { rootDir: string; cacheDirectory: string; id: string }; hasteFS: { getSize(p: string): number } } };

const root = process.cwd();
const context = { config: { rootDir: root, cacheDirectory: path.join(root, '.tmp', 'no-jest-cache'), id: 'slow-first' }, hasteFS: { getSize: (p: string) => p.length } };
const test_ = (file: string): Test => ({ path: path.join(root, file), context });

describe('the slow-first order of the jest stages', () => {
  test('every file named is a test file that exists', () => {
    expect((SLOW_FIRST as string[]).filter((f) => !existsSync(path.join(root, f)) || !f.endsWith('.test.ts'))).toEqual([]);
  });

  test('the named files come first, in their listed order, the others after in jest’s own order', () => {
    const s = new Sequencer({ contexts: [], globalConfig: {} });
    const files = ['test/unit/a-long-name.test.ts', 'test/infra/rollout.test.ts', 'web/x.test.ts', 'test/infra/docs-commands.test.ts'];
    const order = s.sort(files.map(test_)).map((t) => path.relative(root, t.path));
    expect(order.slice(0, 2)).toEqual(['test/infra/docs-commands.test.ts', 'test/infra/rollout.test.ts']);
    // Without timings jest orders by size (here the path's length, the larger first).
    expect(order.slice(2)).toEqual(['test/unit/a-long-name.test.ts', 'web/x.test.ts']);
  });
});
