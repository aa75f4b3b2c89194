/**
 * README's first command, `npm ci && npm run demo`, run exactly as written on a copy of the
 * repository with no node_modules, dist or data (its tracked and untracked files, as a fresh clone
 * plus the work in progress): it installs from package-lock.json, builds the web app and starts the
 * demo, which then answers GET /api/config and serves the app. PORT and DATA_DIR come from the
 * environment (a free port, a temporary folder), and so does npm's offline switch
 * (`npm_config_offline`, as `npm ci --offline`): the packages come from the npm cache the checkout's
 * own `npm ci` filled, with no registry round trip or audit, and a package missing from
 * package-lock.json's cache fails the test instead of being fetched.
 */
import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanEnv, startShell } from '../support/doc-commands.js';
import { freePort } from '../support/ports.js';
import { ROOT } from '../../infra/function-construct.js';

jest.setTimeout(1_200_000);

const COMMAND = 'npm ci && npm run demo';

test(`${COMMAND}, on a fresh copy, ends with the demo answering`, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fresh-machine-'));
  const copy = path.join(dir, 'portal');
  const dataDir = path.join(dir, 'data');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    try {
      cpSync(path.join(ROOT, f), path.join(copy, f));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; // deleted in the work tree, not yet in the index
    }
  }
  const port = await freePort();
  const server = startShell(COMMAND, copy, cleanEnv({ PORT: String(port), DATA_DIR: dataDir, npm_config_offline: 'true' }));
  try {
    const [, url] = await server.waitFor(/is ready at (http:\/\/\S+)/, 1_000_000);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    const res = await fetch(`${url}/api/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ productName: 'Comfort Portal' });
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
