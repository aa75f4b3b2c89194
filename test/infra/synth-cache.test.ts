/** The syntheses kept for the run (./support/synth-cache.ts): written once, read by the others, never half. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../infra/function-construct.js';
import { hashFiles, keptAssembly, sourcesHash } from './support/synth-cache.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'synth-cache-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in synthesis: a manifest, a template and an asset's copy. */
const writer = (calls: string[]) => (outdir: string) => {
  calls.push(outdir);
  mkdirSync(path.join(outdir, 'asset.abc'), { recursive: true });
  writeFileSync(path.join(outdir, 'manifest.json'), '{}');
  writeFileSync(path.join(outdir, 'Stack.template.json'), JSON.stringify({ Resources: { Calls: calls.length } }));
};

it('writes a key once; later asks read what was written, and another key is another folder', () => {
  const calls: string[] = [];
  const dir = keptAssembly('dev', writer(calls), root);
  expect(keptAssembly('dev', writer(calls), root)).toBe(dir);
  expect(calls).toHaveLength(1);
  expect(JSON.parse(readFileSync(path.join(dir, 'Stack.template.json'), 'utf8'))).toEqual({ Resources: { Calls: 1 } });
  expect(keptAssembly('prod', writer(calls), root)).not.toBe(dir);
  expect(calls).toHaveLength(2);
});

it('keeps the templates and the manifest, not the copies of the assets', () => {
  const dir = keptAssembly('dev', writer([]), root);
  expect(readdirSync(dir).sort()).toEqual(['Stack.template.json', 'manifest.json']);
});

it('leaves nothing behind when the synthesis fails (settings a test expects refused), and the next ask writes', () => {
  expect(() =>
    keptAssembly('dev', (outdir) => {
      mkdirSync(outdir);
      throw new Error('refused at synth');
    }, root),
  ).toThrow('refused at synth');
  expect(readdirSync(path.join(root, sourcesHash()))).toEqual([]);
  const calls: string[] = [];
  keptAssembly('dev', writer(calls), root);
  expect(calls).toHaveLength(1);
});

it('takes over the lock of a process that has gone, instead of waiting on it', () => {
  const calls: string[] = [];
  // The folder the key would be written to, found by writing it once, then removed with a lock left in its place.
  const dir = keptAssembly('dev', writer(calls), root);
  rmSync(dir, { recursive: true });
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
  mkdirSync(`${dir}.lock`);
  writeFileSync(path.join(`${dir}.lock`, 'pid'), gone);
  const started = Date.now();
  expect(keptAssembly('dev', writer(calls), root)).toBe(dir);
  expect(calls).toHaveLength(2);
  expect(Date.now() - started).toBeLessThan(5000);
  expect(existsSync(`${dir}.lock`)).toBe(false);
});

it('removes the folders of other sources once they are an hour old, and keeps a recent one', () => {
  const old = path.join(root, 'old-sources');
  const recent = path.join(root, 'recent-sources');
  mkdirSync(old);
  mkdirSync(recent);
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(old, twoHoursAgo, twoHoursAgo);
  keptAssembly('dev', writer([]), root);
  expect(readdirSync(root).sort()).toEqual(['recent-sources', sourcesHash()].sort());
});

it("changes its sources' hash with a file's content or name", () => {
  const dir = mkdtempSync(path.join(ROOT, '.tmp', 'hash-'));
  try {
    const rel = path.relative(ROOT, dir);
    writeFileSync(path.join(dir, 'a.ts'), 'one');
    const first = hashFiles([rel]);
    expect(hashFiles([rel])).toBe(first);
    writeFileSync(path.join(dir, 'a.ts'), 'two');
    const second = hashFiles([rel]);
    expect(second).not.toBe(first);
    rmSync(path.join(dir, 'a.ts'));
    writeFileSync(path.join(dir, 'b.ts'), 'two');
    expect(hashFiles([rel])).not.toBe(second);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
