/**
 * The generated parts of docs/architecture.md, docs/data-model.md and docs/api.md (infra/docs/):
 *
 *   npm run docs -- --write   rewrites them from the code (between their markers; the prose stays)
 *   npm run docs -- --check   exits 1 naming each part out of date, and each stack, table or route missing
 *
 * DOCS_ROOT: read and write the docs under another folder than the repository (the tests' copies).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../infra/function-construct.js';
import { checkDocs, withPart } from '../infra/docs/check.js';
import { docFacts } from '../infra/docs/facts.js';
import { DOC_PARTS, renderAll, type DocFile } from '../infra/docs/render.js';

const mode = process.argv.includes('--write') ? 'write' : process.argv.includes('--check') ? 'check' : undefined;
if (!mode) {
  console.error('usage: npm run docs -- --write | --check');
  process.exit(2);
}

const facts = docFacts();
const expected = renderAll(facts);
const files = Object.keys(DOC_PARTS) as DocFile[];
const base = process.env.DOCS_ROOT ? path.resolve(process.env.DOCS_ROOT) : ROOT;
const read = (file: DocFile) => (existsSync(path.join(base, file)) ? readFileSync(path.join(base, file), 'utf8') : undefined);

if (mode === 'write') {
  for (const file of files) {
    const before = read(file) ?? `# ${path.basename(file, '.md')}\n`;
    let text = before;
    for (const part of DOC_PARTS[file]) text = withPart(text, part, expected[file][part]!);
    if (text === before) continue;
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
    console.log(`wrote ${file}`);
  }
} else {
  const problems = checkDocs(Object.fromEntries(files.map((f) => [f, read(f)])), expected, facts);
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(`${files.join(', ')}: up to date`);
}
