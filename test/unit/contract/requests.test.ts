/**
 * The request schemas in zod/mini (lambdas/shared/platform/zod.ts): the checks behave as the classic API's
 * did, and the messages zod writes itself are English (zod/mini loads no locale of its own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { AuditQuery } from '../../../lambdas/shared/contract/audit.js';
import { DocumentsQuery, UploadUrlBody } from '../../../lambdas/shared/contract/documents.js';
import { FilteredBody } from '../../../lambdas/shared/contract/reports.js';
import { SignupBody } from '../../../lambdas/shared/contract/users.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  const issue = r.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
};

it("writes zod's own messages in English", () => {
  expect(firstMessage(SignupBody.safeParse({ name: 'a', email: 'a@b.co', password: 'x'.repeat(201) }))).toBe('password: Too big: expected string to have <=200 characters');
  expect(firstMessage(UploadUrlBody.safeParse({ propertyId: 'p', fileName: 'a.pdf', size: 1.5 }))).toBe('size: Invalid input: expected int, received number');
  expect(firstMessage(AuditQuery.safeParse({ limit: '501' }))).toBe('limit: Too big: expected number to be <=500');
});

it('keeps the custom messages, trims and lower-cases, and applies defaults', () => {
  expect(firstMessage(SignupBody.safeParse({ name: 'a', email: 'not-an-email', password: 'secret' }))).toBe('email: must be an email address');
  expect(SignupBody.parse({ name: '  Pat Tester ', email: ' Pat@Example.COM ', password: 'secret' })).toEqual({
    name: 'pat tester',
    email: 'pat@example.com',
    password: 'secret',
    customers: [],
    buildops_customer_ids: [],
    buildops_property_ids: [],
    properties: [],
  });
  expect(AuditQuery.parse({})).toEqual({ limit: 50 });
  expect(AuditQuery.parse({ limit: '20' })).toEqual({ limit: 20 });
});

it('transforms then refines: the documents query and the report body', () => {
  expect(DocumentsQuery.parse({ propertyId: ' a, b,a ,' })).toEqual({ propertyId: ['a', 'b'] });
  expect(firstMessage(DocumentsQuery.safeParse({ propertyId: ' , ' }))).toBe('propertyId: must name at least one property id');
  expect(firstMessage(DocumentsQuery.safeParse({}))).toBe('propertyId: must name at least one property id');
  expect(firstMessage(DocumentsQuery.safeParse({ propertyId: Array.from({ length: 1001 }, (_, i) => `p${i}`).join(',') }))).toBe('propertyId: may name at most 1000 property ids');
  const body = FilteredBody.parse({ email: ' A@B.CO ', _url: '/embed/dashboard', selectedReport: 7, properties: 'x, y', customers: null });
  expect(body).toMatchObject({ email: 'a@b.co', selectedReport: '7', properties: ['x', 'y'], customers: [] });
  expect(firstMessage(FilteredBody.safeParse({ email: 'a@b', _url: '/x', selectedReport: 'r' }))).toBe('email: must be an email address');
});

it('no function source imports classic zod (its schemas carry all of zod into a bundle)', () => {
  const files = (readdirSync(path.join(import.meta.dirname, '../../../lambdas'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  const classic = files.filter((f) => /from 'zod'/.test(readFileSync(path.join(import.meta.dirname, '../../../lambdas', f), 'utf8')));
  expect(classic).toEqual([]);
});

it("imports `z` as zod-parts' namespace: a `z` re-exported as one object kept every part and schema in every bundle", () => {
  const files = (readdirSync(path.join(import.meta.dirname, '../../../lambdas'), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  const reexported = files.filter((f) => /^import (type )?\{[^}]*\bz\b[^}]*\} from '[^']*platform\/zod\.js'|^export \{ z \}|^export \* as z /m.test(readFileSync(path.join(import.meta.dirname, '../../../lambdas', f), 'utf8')));
  expect(reexported).toEqual([]);
});

/**
 * esbuild drops a module-level value no one uses only when making it has no side effects; it does
 * not take zod's own no-side-effects marks across modules, so a schema made by `z.object(...)`
 * stayed in every bundle that imported its file. Each is made inside `/* @__PURE__ *\/ (() => ...)()`.
 */
it('makes every module-level value of the contract files and schema modules that calls anything droppable when unused', () => {
  const root = path.join(import.meta.dirname, '../../../lambdas/shared');
  const files = [
    ...(readdirSync(path.join(root, 'contract'), { recursive: true }) as string[]).map((f) => path.join('contract', f)),
    'domain/alerts/thresholds.ts',
    'domain/reports/catalogue.ts',
    'domain/requests/file.ts',
    'domain/requests/list.ts',
    'domain/requests/status.ts',
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('openapi-registry.ts'));
  const bare: string[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const calls = (n: ts.Node): boolean =>
      !ts.isArrowFunction(n) && !ts.isFunctionExpression(n) && (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isSpreadAssignment(n) || (ts.forEachChild(n, calls) ?? false));
    for (const st of sf.statements.filter(ts.isVariableStatement)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (!init || ts.isArrowFunction(init) || !calls(init)) continue;
        const wrapped = /^\/\* @__PURE__ \*\/ \(\(\) => /.test(sf.text.slice(init.pos, init.end).trim());
        // The messages' `as const` objects (a join of strings) and per-module caches are left as they are.
        if (!wrapped && !ts.isAsExpression(init) && !ts.isNewExpression(init)) bare.push(`${file} ${d.name.getText(sf)}`);
      }
    }
  }
  expect(bare).toEqual([]);
});
