/**
 * Every ```mermaid block of README.md and docs/**\/*.md renders in Chromium with the Mermaid the
 * project pins (devDependency `mermaid`), as GitHub would draw it: an SVG holding the diagram's
 * labels, and no error. A screenshot of each, at the width of GitHub's page column, goes to
 * .tmp/shots/diagrams-<file>-<n>.png for a look at its legibility.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support/session.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MERMAID = path.join(ROOT, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
/** About GitHub's Markdown column: a diagram wider than this is scaled down to it. */
const COLUMN_PX = 1012;

function markdownFiles(): string[] {
  const docs = path.join(ROOT, 'docs');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
  return [path.join(ROOT, 'README.md'), ...walk(docs)];
}

interface Diagram {
  file: string;
  index: number;
  text: string;
}

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

const diagrams: Diagram[] = markdownFiles().flatMap((file) =>
  mermaidBlocks(readFileSync(file, 'utf8')).map((text, index) => ({ file: path.relative(ROOT, file), index, text })),
);

/** The words a reader must find in the drawing: quoted labels, and a sequence diagram's participants and messages. */
function labelsOf(text: string): string[] {
  const quoted = [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.replace(/#quot;/g, '"'));
  const participants = [...text.matchAll(/^\s*participant \S+ as (.+)$/gm)].map((m) => m[1]!);
  const messages = [...text.matchAll(/^\s*\S+?(?:->>|-->>)\S+?: (.+)$/gm)].map((m) => m[1]!);
  // A label's lines (<br/>) are drawn as lines, without the tag.
  return [...quoted, ...participants, ...messages].flatMap((label) => label.split('<br/>'));
}

async function withMermaid(page: Page) {
  await page.goto('about:blank');
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff"><div id="out" style="width:${COLUMN_PX}px"></div></body></html>`);
  await page.addScriptTag({ path: MERMAID });
  await page.evaluate(() => (window as unknown as { mermaid: { initialize(o: object): void } }).mermaid.initialize({ startOnLoad: false }));
}

/** The SVG Mermaid makes of the text, put in the page; throws with Mermaid's message when it cannot. */
const render = (page: Page, id: string, text: string) =>
  page.evaluate(
    async ({ id, text }) => {
      const { svg } = await (window as unknown as { mermaid: { render(id: string, text: string): Promise<{ svg: string }> } }).mermaid.render(id, text);
      document.getElementById('out')!.innerHTML = svg;
      return svg;
    },
    { id, text },
  );

test('the docs have the generated diagrams to render', () => {
  const files = new Set(diagrams.map((d) => d.file));
  for (const file of ['docs/architecture.md', 'docs/data-model.md']) expect(files).toContain(file);
});

for (const d of diagrams) {
  test(`${d.file}, diagram ${d.index + 1} renders`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await withMermaid(page);
    const svg = await render(page, `diagram${d.index}`, d.text);
    expect(svg).toMatch(/^<svg/);
    const drawn = page.locator('#out svg');
    await expect(drawn).toBeVisible();
    // Mermaid draws a parse error as an SVG of its own ("Syntax error in text"), not a rejection, in some versions.
    const textContent = (await drawn.textContent()) ?? '';
    expect(textContent).not.toMatch(/Syntax error/i);
    const squash = (s: string) => s.replace(/\s+/g, '');
    const missing = labelsOf(d.text).filter((label) => !squash(textContent).includes(squash(label)));
    expect(missing, `labels not drawn in ${d.file} diagram ${d.index + 1}`).toEqual([]);
    const box = (await drawn.boundingBox())!;
    expect(box.width).toBeGreaterThan(100);
    expect(box.height).toBeGreaterThan(50);
    expect(errors).toEqual([]);
    mkdirSync(path.join(ROOT, '.tmp', 'shots'), { recursive: true });
    await screenshot(drawn, { path: path.join(ROOT, '.tmp', 'shots', `diagrams-${d.file.replace(/[/.]/g, '-')}-${d.index + 1}.png`) });
  });
}

test('a broken diagram is refused', async ({ page }) => {
  await withMermaid(page);
  await expect(render(page, 'broken', 'flowchart TB\n  a["unclosed --> b\n')).rejects.toThrow(/Parse error|Syntax|Expecting/i);
  await expect(render(page, 'broken2', 'erDiagram\n  users {\n    S sub PK "partition key"\n')).rejects.toThrow();
});
