/**
 * docs/architecture.md, docs/data-model.md and docs/api.md are what infra/docs/ makes of the code
 * now (npm run docs -- --check, run as the docs write it), and they show every stack of a
 * synthesised stage, every table of lambdas/shared/resources/tables.ts and every route of lambdas/routes.ts; the
 * checker finds a part that is out of date and a stack, table or route a doc leaves out.
 */
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeKey, routes } from '../../lambdas/routes.js';
import { checkDocs, partOf, withPart } from '../../infra/docs/check.js';
import { docFacts, EXAMPLE_STAGE, type DocFacts } from '../../infra/docs/facts.js';
import { DOC_PARTS, renderAll, type DocFile, type Rendered } from '../../infra/docs/render.js';
import { ROOT } from '../../infra/function-construct.js';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';
import { synth } from './support/synth.js';

jest.setTimeout(180_000);

const files = Object.keys(DOC_PARTS) as DocFile[];
const read = (file: DocFile) => readFileSync(path.join(ROOT, file), 'utf8');
/** The ```mermaid blocks of a text. */
const mermaid = (text: string) => [...text.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

let facts: DocFacts;
let expected: Rendered;
beforeAll(() => {
  facts = docFacts();
  expected = renderAll(facts);
});

test('npm run docs -- --check, as the docs write it, finds the docs up to date', () => {
  // The command as docs/architecture.md writes it.
  expect(read('docs/architecture.md')).toContain('`npm run docs -- --check`');
  const run = spawnSync('npm', ['run', 'docs', '--', '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(run.stderr.split('\n').filter((l) => /^docs\//.test(l))).toEqual([]);
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('up to date');
});

test('the generated parts are in the docs as the generator makes them', () => {
  for (const file of files) for (const part of DOC_PARTS[file]) expect({ file, part, text: partOf(read(file), part) }).toEqual({ file, part, text: expected[file][part] });
});

test('every stack of a synthesised stage is in the architecture diagram', () => {
  const s = synth(EXAMPLE_STAGE);
  const names = [s.stack, ...Object.values(s.areas).map((a) => a.stack), s.jobs.stack, s.watch.stack, s.edge?.stack, s.edgeWatch?.stack]
    .filter((x) => x !== undefined)
    .map((x) => x.stackName);
  // The example stage is outside us-east-1: it has the edge stacks too, so every kind is drawn.
  expect(names).toEqual(expect.arrayContaining([`Portal-${EXAMPLE_STAGE}-edge`, `Portal-${EXAMPLE_STAGE}-edge-watch`]));
  const diagram = mermaid(partOf(read('docs/architecture.md'), 'architecture')!).join('\n');
  for (const name of names) expect({ name, drawn: diagram.includes(`"${name}`) }).toEqual({ name, drawn: true });
  expect(facts.stacks.map((x) => x.name).sort()).toEqual([...names].sort());
});

test('every table of lambdas/shared/resources/tables.ts is in the data-model diagrams, with its keys, indexes and TTL', () => {
  const diagrams = mermaid(partOf(read('docs/data-model.md'), 'tables')!).join('\n');
  for (const name of Object.keys(tables) as TableName[]) {
    const def = tables[name];
    const entity = new RegExp(`^  ${name}\\["${def.id}"\\] \\{\\n([\\s\\S]*?)^  \\}`, 'm').exec(diagrams);
    expect({ name, drawn: Boolean(entity) }).toEqual({ name, drawn: true });
    const body = entity![1]!;
    expect(body).toMatch(new RegExp(`^    S ${def.partitionKey.name} PK "partition key`, 'm'));
    if ('sortKey' in def) expect(body).toMatch(new RegExp(`^    S ${def.sortKey.name} PK "[^"]*sort key`, 'm'));
    for (const ix of 'indexes' in def ? def.indexes : []) expect(body).toContain(`index ${ix.name} partition key`);
    if ('ttl' in def) expect(body).toContain(`${def.ttl} "TTL`);
  }
});

test("the who-reads-and-writes table follows the route table's grants and the triggers' policies", () => {
  const access = partOf(read('docs/data-model.md'), 'table-access')!;
  const row = (name: TableName) => access.split('\n').find((l) => l.startsWith(`| \`${tables[name].id}\` (${name}) |`))!;
  for (const name of Object.keys(tables) as TableName[]) expect(row(name)).toBeDefined();
  // Declared in lambdas/routes.ts: the quote-decision route appends decisions; the legacy alerts row writes alert state.
  expect(row('quoteDecisions')).toContain('`quotes/decide-quote` appends');
  expect(row('equipmentAlerts')).toContain('`alerts/alerts` (legacy)');
  // From the synthesised policies: pre-token-generation updates the account (lastSignInAt); no function has the legacy table.
  expect(row('users').split(' | ')[2]).toContain('`triggers/pre-token-generation` (Cognito)');
  expect(row('legacyUsers')).toMatch(/\| \(none\) \| \(none\) \|$/);
});

test('every route of lambdas/routes.ts has its section in docs/api.md; legacy rows are marked', () => {
  const api = partOf(read('docs/api.md'), 'api')!;
  expect(read('docs/api.md')).toContain('/api/openapi.json');
  for (const r of routes) {
    const at = api.indexOf(`### \`${routeKey(r)}\``);
    expect({ route: routeKey(r), listed: at >= 0 }).toEqual({ route: routeKey(r), listed: true });
    const next = api.indexOf('\n### ', at + 1);
    const section = api.slice(at, next < 0 ? undefined : next);
    expect(section).toContain(`Who may call it: ${r.access}`);
    expect(section).toContain(`lambdas/${r.handler}.ts`);
    if (r.legacy) expect(section).toMatch(/\*\*Legacy( form)?\*\*/);
    else expect(section).not.toContain('**Legacy');
  }
});

describe('the checker', () => {
  const texts = () => Object.fromEntries(files.map((f) => [f, read(f)])) as Record<DocFile, string>;

  test('passes the docs as they are', () => {
    expect(checkDocs(texts(), expected, facts)).toEqual([]);
  });

  test('names a table left out of the data-model diagram', () => {
    const t = texts();
    const tablesPart = partOf(t['docs/data-model.md'], 'tables')!;
    const without = tablesPart.replace(/^ {2}rateLimits\["rate-limits"\] \{\n[\s\S]*?^ {2}\}\n/m, '');
    expect(without).not.toBe(tablesPart);
    t['docs/data-model.md'] = withPart(t['docs/data-model.md'], 'tables', without);
    const problems = checkDocs(t, expected, facts);
    expect(problems).toContain('docs/data-model.md: the generated part "tables" is out of date');
    expect(problems).toContain('docs/data-model.md: the data-model diagrams do not show the table rate-limits (rateLimits)');
  });

  test('names a stack left out of the architecture diagram, and a table the code has but the docs do not', () => {
    const t = texts();
    const part = partOf(t['docs/architecture.md'], 'architecture')!;
    t['docs/architecture.md'] = withPart(t['docs/architecture.md'], 'architecture', part.replace(/^ {2}subgraph st_jobs[\s\S]*?^ {2}end\n/m, ''));
    // The code as it would be with one table more: the docs, written before it, miss it.
    const grown: DocFacts = { ...facts, tables: [...facts.tables, { name: 'audit2' as TableName, def: { id: 'audit-2', env: 'AUDIT2_TABLE', partitionKey: { name: 'id', type: 'S' } } }] };
    const problems = checkDocs(t, renderAll(grown), grown);
    expect(problems).toContain('docs/architecture.md: the generated part "architecture" is out of date');
    expect(problems).toContain(`docs/architecture.md: the architecture diagram does not show the stack Portal-${EXAMPLE_STAGE}-jobs`);
    expect(problems).toContain('docs/data-model.md: the generated part "tables" is out of date');
    expect(problems).toContain('docs/data-model.md: the data-model diagrams do not show the table audit-2 (audit2)');
    expect(problems.at(-1)).toBe('Run npm run docs -- --write and commit the docs.');
  });

  test('names a missing file and a part whose markers are gone', () => {
    const t: Partial<Record<DocFile, string>> = texts();
    delete t['docs/api.md'];
    t['docs/data-model.md'] = t['docs/data-model.md']!.replace('<!-- generated:table-access -->', '');
    const problems = checkDocs(t, expected, facts);
    expect(problems).toContain('docs/api.md: missing (npm run docs -- --write makes it)');
    expect(problems).toContain('docs/data-model.md: no generated part "table-access" (its markers <!-- generated:table-access --> … <!-- /generated -->)');
  });

  test('--check exits 1 naming the part when a doc is out of date', () => {
    const copy = path.join(ROOT, '.tmp', `docs-check-${process.pid}`);
    mkdirSync(path.join(copy, 'docs'), { recursive: true });
    try {
      for (const f of files) copyFileSync(path.join(ROOT, f), path.join(copy, f));
      const api = read('docs/api.md');
      const doctored = api.replace(/^### `GET \/api\/alerts`\n[\s\S]*?(?=^### )/m, '');
      expect(doctored).not.toBe(api);
      writeFileSync(path.join(copy, 'docs/api.md'), doctored);
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bin/docs.ts'), '--check'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DOCS_ROOT: copy } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('docs/api.md: the generated part "api" is out of date');
      expect(run.stderr).toContain('docs/api.md: no section for GET /api/alerts');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
