/** Runs the operator commands (bin/admin.ts) as a devops user would, against a local stack's folder. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../infra/local/handlers.js';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args> --local --data-dir <dataDir>`, with a bare environment; never throws on a non-zero exit. */
export function adminCli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return run(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'bin', 'admin.ts'), ...args, '--local', '--data-dir', dataDir], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: CliResult) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** `npm run <script> -- <args>` exactly as README writes it, with a bare environment; never throws on a non-zero exit. */
export function npmRun(script: string, ...args: string[]): Promise<CliResult> {
  return run('npm', ['run', script, '--', ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: CliResult) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}
