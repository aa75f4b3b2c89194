/**
 * `node bin/build.js` makes the production build whatever NODE_ENV its caller has: jest sets
 * NODE_ENV=test for everything it starts, and a build made from a test (the benches', the docs'
 * `npm run build`) was React's development build, which the browser specs then ran against (in it
 * a confirmation over Create User did not keep the focus on Go Back, and a failing read was asked
 * three times) and `--if-stale` kept.
 */
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../infra/function-construct.js';

jest.setTimeout(300_000);

test('a build started with NODE_ENV=test is the production build', () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'build.js')], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test' }, encoding: 'utf8' });
  expect({ status: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ status: 0, stderr: '' });
  const assets = path.join(ROOT, 'dist', 'web', 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  // React's development JSX runtime is in a development build only (one chunk of its own, and named in the others).
  expect(scripts.filter((f) => f.startsWith('jsx-dev-runtime') || readFileSync(path.join(assets, f), 'utf8').includes('jsx-dev-runtime'))).toEqual([]);
});
