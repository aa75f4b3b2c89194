/**
 * Syntheses kept on disk for the whole run (issue 41): a stage synthesised once is read by every
 * other jest worker and by the IAM check's process as a cloud assembly (a `cdk.out` folder), instead of
 * synthesised again in each. Kept under `.tmp/synth/<sources>/<key>/`, where `<sources>` is a hash
 * of everything a synthesis reads (infra/, lambdas/, cdk.json, package-lock.json and this folder's
 * synth.ts, which sets the app's context) and `<key>` a hash of what else decides it (the stage's
 * settings, the web build's files, the route table as the test has it). A change to any of these
 * is a new folder; a folder is written whole and then renamed into place, so a reader never meets
 * half of one. The first process to need a key writes it while holding `<key>.lock`; the others
 * wait for it (a lock whose process has gone is taken over).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../../infra/function-construct.js';
import { alive } from '../../../infra/local/lock.js';

export const SYNTH_CACHE = path.join(ROOT, '.tmp', 'synth');
/** What every synthesis reads besides its settings: a change here makes every kept synthesis stale. */
const SOURCES = ['infra', 'lambdas', 'cdk.json', 'package-lock.json', path.join('test', 'infra', 'support', 'synth.ts')];
/** How long a lock is waited on before its holder is taken for gone even if its process lives (a hung synthesis). */
const LOCK_PATIENCE_MS = 180_000;
/** Folders of other sources (an earlier state of the code) are removed once this old. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The files under `dir` (or the file itself), by path relative to ROOT, sorted. */
function filesOf(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)))
    .sort();
}

/** A hash of the files' names and contents. */
export function hashFiles(entries: string[]): string {
  const h = createHash('sha256');
  for (const f of entries.flatMap(filesOf)) h.update(f).update('\0').update(readFileSync(path.join(ROOT, f))).update('\0');
  return h.digest('hex').slice(0, 16);
}

let sources: string | undefined;
/** The hash of the sources every synthesis reads, once per module load. */
export const sourcesHash = () => (sources ??= hashFiles(SOURCES));

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The folder of the assembly kept for `key`, written by `write(outdir)` (which must synthesise into
 * `outdir`) unless another process has written it or is writing it. Synchronous, as `synth()` is.
 */
export function keptAssembly(key: string, write: (outdir: string) => void, root = SYNTH_CACHE): string {
  const base = path.join(root, sourcesHash());
  const dir = path.join(base, createHash('sha256').update(key).digest('hex').slice(0, 16));
  const lock = `${dir}.lock`;
  const since = Date.now();
  while (!existsSync(dir)) {
    mkdirSync(base, { recursive: true });
    try {
      mkdirSync(lock);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = NaN;
      try {
        holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // Just made, its pid not written yet: wait.
      }
      if ((Number.isInteger(holder) && !alive(holder)) || Date.now() - since > LOCK_PATIENCE_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(100);
      continue;
    }
    try {
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      const outdir = `${dir}.${process.pid}.partial`;
      rmSync(outdir, { recursive: true, force: true });
      try {
        write(outdir);
      } catch (err) {
        // Settings a test expects the synthesis to refuse: nothing to keep.
        rmSync(outdir, { recursive: true, force: true });
        throw err;
      }
      // The assets' copies (the web build, CDK's own providers: some 20 MB) are not read from here.
      for (const f of readdirSync(outdir)) if (f.startsWith('asset.')) rmSync(path.join(outdir, f), { recursive: true, force: true });
      renameSync(outdir, dir);
      pruneOthers(root);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Removes the folders of other sources that nobody has written to for an hour. */
function pruneOthers(root: string) {
  const now = Date.now();
  for (const d of readdirSync(root)) {
    if (d === sourcesHash()) continue;
    const full = path.join(root, d);
    if (now - statSync(full).mtimeMs > STALE_AFTER_MS) rmSync(full, { recursive: true, force: true });
  }
}
