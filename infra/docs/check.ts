/**
 * The generated parts of the docs, put in place and checked: each part sits between
 * `<!-- generated:<part> -->` and `<!-- /generated -->` in its file (./render.ts DOC_PARTS), so
 * the hand-written prose around it stays. A part differing from what the code makes now is out
 * of date; and, whatever a part holds, each stack of the example stage must be named in the
 * architecture diagram, each table of lambdas/shared/resources/tables.ts in the data-model diagrams and each route of
 * lambdas/routes.ts in the API page.
 */
import { routeKey, routes } from '../../lambdas/routes.js';
import type { DocFacts } from './facts.js';
import { DOC_PARTS, type DocFile, type Rendered } from './render.js';

export const WRITE_COMMAND = 'npm run docs -- --write';

const open = (part: string) => `<!-- generated:${part} -->`;
const CLOSE = '<!-- /generated -->';

/** The text between a part's markers (without the newlines next to them), or undefined without them. */
export function partOf(text: string, part: string): string | undefined {
  const start = text.indexOf(open(part));
  if (start < 0) return undefined;
  const from = start + open(part).length;
  const end = text.indexOf(CLOSE, from);
  if (end < 0) return undefined;
  return text.slice(from, end).replace(/^\n/, '').replace(/\n$/, '');
}

/** The file's text with the part replaced; a part whose markers are missing is added at the end. */
export function withPart(text: string, part: string, content: string): string {
  const block = `${open(part)}\n${content}\n${CLOSE}`;
  const start = text.indexOf(open(part));
  const end = start < 0 ? -1 : text.indexOf(CLOSE, start);
  if (start < 0 || end < 0) return `${text.replace(/\n*$/, '')}\n\n${block}\n`;
  return text.slice(0, start) + block + text.slice(end + CLOSE.length);
}

/** Mermaid's entity codes (#quot;) as the characters they stand for. */
const decoded = (s: string) => s.replace(/#quot;/g, '"');

/** What is out of date or missing, one line each; empty when the docs are as the code makes them. */
export function checkDocs(texts: Partial<Record<DocFile, string>>, expected: Rendered, facts: Pick<DocFacts, 'stacks' | 'tables'>): string[] {
  const problems: string[] = [];
  for (const file of Object.keys(DOC_PARTS) as DocFile[]) {
    const text = texts[file];
    if (text === undefined) {
      problems.push(`${file}: missing (${WRITE_COMMAND} makes it)`);
      continue;
    }
    for (const part of DOC_PARTS[file]) {
      const now = partOf(text, part);
      if (now === undefined) problems.push(`${file}: no generated part "${part}" (its markers ${open(part)} … ${CLOSE})`);
      else if (now !== expected[file][part]) problems.push(`${file}: the generated part "${part}" is out of date`);
    }
  }
  const architecture = decoded(partOf(texts['docs/architecture.md'] ?? '', 'architecture') ?? '');
  for (const s of facts.stacks) if (!architecture.includes(`"${s.name}`)) problems.push(`docs/architecture.md: the architecture diagram does not show the stack ${s.name}`);
  const tables = partOf(texts['docs/data-model.md'] ?? '', 'tables') ?? '';
  for (const { name, def } of facts.tables) {
    if (!new RegExp(`^\\s*${name}\\["${def.id}"\\] \\{`, 'm').test(tables)) problems.push(`docs/data-model.md: the data-model diagrams do not show the table ${def.id} (${name})`);
  }
  const access = partOf(texts['docs/data-model.md'] ?? '', 'table-access') ?? '';
  for (const { name, def } of facts.tables) if (!access.includes(`| \`${def.id}\` (${name}) |`)) problems.push(`docs/data-model.md: the who-reads-and-writes table has no row for ${def.id} (${name})`);
  const api = partOf(texts['docs/api.md'] ?? '', 'api') ?? '';
  for (const r of routes) if (!api.includes(`### \`${routeKey(r)}\``)) problems.push(`docs/api.md: no section for ${routeKey(r)}`);
  if (problems.length) problems.push(`Run ${WRITE_COMMAND} and commit the docs.`);
  return problems;
}
