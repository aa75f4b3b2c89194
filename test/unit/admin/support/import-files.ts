/** The import tests' CSV files (each written once to a folder of the test file's own) and refused imports. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ImportError, importFiles } from '../../../../infra/admin/import.js';

/** A writer of CSV files in a fresh temporary folder named after `prefix`: each call a new file, its path answered. */
export function csvFiles(prefix: string): (text: string) => string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  let n = 0;
  return (text) => {
    const p = path.join(dir, `f${++n}.csv`);
    writeFileSync(p, text);
    return p;
  };
}

/** The message of an import that must be refused (an ImportError, nothing else). */
export async function importFailure(files: Record<string, string>): Promise<string> {
  const err = await importFiles(files).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImportError);
  return (err as Error).message;
}
