/**
 * The commands README.md and docs/ show (docs-commands.test.ts): every line of a fenced `sh`, `bash`
 * or `shell` block (a line ending in `\` joined with the next, comments dropped) and every inline
 * code span that starts with `npm run`, `npm start` or `npm test` (optionally after `NAME=value`
 * variables); and the helpers that run one exactly as written: in bash, from the repository's root.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docFiles, proseLines } from './docs-check.js';

export interface DocCommand {
  command: string;
  /** Where it is first shown: `file:line`. */
  at: string;
}

const SHELL = /^\s*```(sh|bash|shell)\s*$/;
const INLINE = /^(?:[A-Z_]+=\S*\s+)*npm (?:run|start|test)\b/;

/** The commands of one Markdown text, in order, each once. */
export function commandsOf(markdown: string, file: string): DocCommand[] {
  const out: DocCommand[] = [];
  const lines = markdown.split('\n');
  let shell = false;
  let fence = false;
  let pending = '';
  let pendingAt = 0;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      shell = !fence && SHELL.test(line);
      fence = !fence;
      return;
    }
    if (!fence || !shell) return;
    const text = line.trim();
    if (!pending && (text === '' || text.startsWith('#'))) return;
    if (!pending) pendingAt = i + 1;
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1).trimEnd()} `;
      return;
    }
    const command = `${pending}${text}`.replace(/\s+#\s.*$/, '').trim();
    pending = '';
    out.push({ command, at: `${file}:${pendingAt}` });
  });
  // Inline spans, across line breaks within a paragraph.
  const prose = proseLines(markdown);
  let paragraph: { text: string; n: number } | null = null;
  const flush = () => {
    if (!paragraph) return;
    for (const m of paragraph.text.matchAll(/(`+)(.+?)\1/g)) {
      const span = m[2]!.trim();
      if (INLINE.test(span)) out.push({ command: span, at: `${file}:${paragraph.n}` });
    }
    paragraph = null;
  };
  prose.forEach(({ line, n }, k) => {
    if (line.trim() === '' || (k > 0 && prose[k - 1]!.n !== n - 1)) flush();
    if (line.trim() === '') return;
    paragraph = paragraph ? { text: `${paragraph.text} ${line.trim()}`, n: paragraph.n } : { text: line.trim(), n };
  });
  flush();
  return out;
}

/** Every command of README.md and docs/, each once, with where it is first shown. */
export function docCommands(root: string): DocCommand[] {
  const seen = new Map<string, DocCommand>();
  for (const file of docFiles(root)) {
    for (const c of commandsOf(readFileSync(path.join(root, file), 'utf8'), file)) if (!seen.has(c.command)) seen.set(c.command, c);
  }
  return [...seen.values()];
}

/**
 * Whether a command needs an AWS account: the AWS CLI, a CDK deploy, diff, bootstrap, destroy or
 * refactor, the deploy script (but its `--plan`) or the deploy role's deploy, and any operator or smoke command
 * against a deployed `--stage` (the cost model's `--stage` reads cdk.json only).
 */
export function needsAws(command: string): boolean {
  return (
    /(^|&& )aws /.test(command) ||
    /\bcdk (deploy|diff|bootstrap|destroy|refactor)\b/.test(command) ||
    // The deploy's --plan reads the synthesised stacks only.
    (/^npm run (deploy|diff:summary)(?=\s|$)/.test(command) && !/^npm run deploy -- .*--plan\b/.test(command)) ||
    /^npm run deploy-role -- deploy\b/.test(command) ||
    /^npm run (admin|smoke) -- .*--stage\b/.test(command)
  );
}

/** The test's environment without what would change a command's meaning (jest's flags and NODE_ENV=test, faults, cold mode, `npm test`'s quieter LOG_LEVEL). */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(NODE_OPTIONS|NODE_ENV|FAULTS|COLD|PORT|VITE_PORT|DATA_DIR|JEST_WORKER_ID|LOG_LEVEL)$/.test(k)));
  return { ...env, ...extra };
}

export interface Running {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout and stderr; rejects when the process ends first. */
  waitFor: (pattern: RegExp, ms: number) => Promise<RegExpMatchArray>;
  /** SIGTERM to the whole process group, SIGKILL after 20 s; resolves when it has exited. */
  stop: () => Promise<void>;
}

/** `bash -c command` in its own process group, from `cwd`, with `env`. */
export function startShell(command: string, cwd: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (b: Buffer) => {
    out += b.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => out,
    waitFor: (pattern, ms) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) done(() => resolve(m));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`${command}: no ${pattern} within ${ms} ms; output:\n${out.slice(-4000)}`))), ms);
        const onExit = () => setImmediate(() => done(() => (pattern.exec(out) ? resolve(pattern.exec(out)!) : reject(new Error(`${command} ended (${child.exitCode}) before ${pattern}; output:\n${out.slice(-4000)}`)))));
        const done = (f: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
          f();
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          /* already gone */
        }
        const force = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, 20_000);
        await exited;
        clearTimeout(force);
      }
    },
  };
}

/** `bash -c command` to its end: exit code and the output of both streams. */
export function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv, ms: number): Promise<{ code: number | null; output: string }> {
  const r = startShell(command, cwd, env);
  return new Promise((resolve) => {
    const timer = setTimeout(() => void r.stop(), ms);
    r.child.once('exit', (code) => {
      clearTimeout(timer);
      setImmediate(() => resolve({ code, output: r.output() }));
    });
  });
}
