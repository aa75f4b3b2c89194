/**
 * jest's order, with the files known to run longest started first: jest puts a file it has no
 * timing for (every file on a clean clone, as on CI) before the timed ones and orders those by size,
 * and the docs commands' file (about 3 of the unit stage's 6 minutes in one file) then started
 * last but one: the stage ended with one worker alone on it for two minutes. Started first, it runs
 * beside everything else. A name here that no longer matches a file fails
 * test/unit/support/slow-first.test.ts.
 */
import Sequencer from '@jest/test-sequencer';

export const SLOW_FIRST = [
  'test/infra/docs-commands.test.ts',
  'test/infra/docs-fresh-machine.test.ts',
  'test/integration/authz-matrix.test.ts',
  'test/integration/bad-input.test.ts',
  'test/infra/deploy-role-synth.test.ts',
  'test/infra/rollout.test.ts',
  'test/infra/docs-bench-load.test.ts',
  'test/iam/iam-check.test.ts',
];

const rank = (file) => SLOW_FIRST.findIndex((s) => file.replaceAll('\\', '/').endsWith(`/${s}`));

export default class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const slow = sorted.filter((t) => rank(t.path) >= 0).sort((a, b) => rank(a.path) - rank(b.path));
    return [...slow, ...sorted.filter((t) => rank(t.path) < 0)];
  }
}
