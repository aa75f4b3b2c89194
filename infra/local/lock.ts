/**
 * One local stack per data folder: DATA_DIR/local-stack.lock holds the pid of the process that runs
 * it. A second process (or a second stack in the same process) is refused with a message; the lock
 * of a process that died is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const heldHere = new Set<string>();

/** Whether a process of this id runs (one of another user's counts). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data folder's lock; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'local-stack.lock');
  const refuse = (pid: number) =>
    new DataDirLockedError(`The data folder ${dataDir} is in use by another local stack (pid ${pid}). Stop it first, or give this one another DATA_DIR.`);
  if (heldHere.has(file)) throw refuse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = 0;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        // Removed meanwhile: try again.
      }
      if (pid && pid !== process.pid && alive(pid)) throw refuse(pid);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}
