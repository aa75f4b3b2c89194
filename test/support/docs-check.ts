/**
 * The checks docs-links.test.ts makes on README.md and docs/: each relative Markdown link reaches a
 * file, each `#anchor` is a heading of the file it points into (by GitHub's slug rule), each repository
 * path written in backticks exists, and every doc is reachable from README through links. Pure
 * functions over a folder, so a fixture shows each check failing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The top-level folders whose paths in backticks must exist. */
const REPO_PATH = /^(bin|infra|lambdas|web|test|docs|\.ci)\//;

/** Lines outside fenced code blocks, with their 1-based numbers. */
export function proseLines(markdown: string): { line: string; n: number }[] {
  let fence = false;
  const out: { line: string; n: number }[] = [];
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    else if (!fence) out.push({ line, n: i + 1 });
  });
  return out;
}

/** A heading's text as GitHub renders it: no code ticks, emphasis or link targets. */
function headingText(raw: string): string {
  return raw.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '').trim();
}

/**
 * GitHub's anchor for each heading, in order: lower-case, every character that is not a letter,
 * digit, mark, space, `-` or `_` dropped, each space a `-`; a repeated slug gets `-1`, `-2`, ...
 */
export function headingSlugs(markdown: string): string[] {
  const seen = new Map<string, number>();
  const slugs: string[] = [];
  for (const { line } of proseLines(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingText(m[1]!).toLowerCase().replace(/[^\p{L}\p{N}\p{M} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.push(n ? `${base}-${n}` : base);
  }
  return slugs;
}

/** Inline code spans of a line (single backticks; double backticks taken as one span). */
function codeSpans(line: string): string[] {
  return [...line.matchAll(/(`+)(.+?)\1/g)].map((m) => m[2]!.trim());
}

/** A line with its code spans blanked, so a link written inside code is not taken as a link. */
function withoutCode(line: string): string {
  return line.replace(/(`+)(.+?)\1/g, (s) => ' '.repeat(s.length));
}

/** Every Markdown file the checks cover: README.md and docs/**.md, relative to root. */
export function docFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir)).flatMap((name) => {
      const rel = path.posix.join(dir, name);
      return statSync(path.join(root, rel)).isDirectory() ? walk(rel) : name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', ...(existsSync(path.join(root, 'docs')) ? walk('docs') : [])];
}

export interface Problem {
  file: string;
  line: number;
  problem: string;
}

/** The relative links of a file: [target file relative to root ('' = itself), anchor or null, line]. */
function links(root: string, file: string): { target: string; anchor: string | null; n: number; raw: string }[] {
  const out: { target: string; anchor: string | null; n: number; raw: string }[] = [];
  for (const { line, n } of proseLines(readFileSync(path.join(root, file), 'utf8'))) {
    for (const m of withoutCode(line).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const raw = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) continue; // http:, https:, mailto:
      const [pathPart, anchor] = raw.split('#', 2) as [string, string | undefined];
      const target = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(pathPart))) : file;
      out.push({ target, anchor: anchor ?? null, n, raw });
    }
  }
  return out;
}

/** Every broken link, anchor and backticked repository path of the docs under root. */
export function checkDocs(root: string): Problem[] {
  const problems: Problem[] = [];
  const slugCache = new Map<string, string[]>();
  const slugsOf = (file: string) => {
    if (!slugCache.has(file)) slugCache.set(file, headingSlugs(readFileSync(path.join(root, file), 'utf8')));
    return slugCache.get(file)!;
  };
  for (const file of docFiles(root)) {
    for (const { target, anchor, n, raw } of links(root, file)) {
      if (target.startsWith('..') || !existsSync(path.join(root, target))) {
        problems.push({ file, line: n, problem: `link ${raw}: no file ${target}` });
        continue;
      }
      if (anchor !== null) {
        if (!target.endsWith('.md')) problems.push({ file, line: n, problem: `link ${raw}: an anchor into a file that is not Markdown` });
        else if (!slugsOf(target).includes(anchor)) problems.push({ file, line: n, problem: `link ${raw}: no heading #${anchor} in ${target}` });
      }
    }
    for (const { line, n } of proseLines(readFileSync(path.join(root, file), 'utf8'))) {
      for (const span of codeSpans(line)) {
        const first = span.split(/\s+/)[0]!;
        if (!REPO_PATH.test(first) || /[<*{]|\.\.\.|…/.test(first)) continue;
        const repoPath = first.replace(/[#:].*$/, '').replace(/[),.;]+$/, '');
        if (!existsSync(path.join(root, repoPath))) problems.push({ file, line: n, problem: `path \`${repoPath}\` does not exist` });
      }
    }
  }
  return problems;
}

/** The docs no chain of links from README.md reaches. */
export function unreachableDocs(root: string): string[] {
  const reached = new Set(['README.md']);
  const queue = ['README.md'];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { target } of links(root, file)) {
      if (target.endsWith('.md') && !reached.has(target) && existsSync(path.join(root, target))) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return docFiles(root).filter((f) => !reached.has(f));
}
