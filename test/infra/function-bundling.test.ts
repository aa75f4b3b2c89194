/**
 * What a function's bundle carries, built with the options the CDK construct uses
 * (infra/function-bundling.ts): the environment-credentials provider in place of the SDK's default
 * chain, and no source map in the code. A real build of one route's function (esbuild, ~1 s).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { FUNCTION_ALIASES, functionBuildOptions, sourceMapDir } from '../../infra/function-bundling.js';
import { routeAccess, routesByKey } from '../../lambdas/routes.js';
import { defaultProvider } from '../../lambdas/shared/platform/lambda-credentials.js';

const root = process.cwd();
let dir: string;
let metafile: Metafile;
let code: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bundle-test-'));
  const outfile = path.join(dir, 'index.mjs');
  const r = await build({ ...functionBuildOptions(root, path.join(root, 'lambdas/documents/get-documents-by-property.ts'), outfile), metafile: true });
  metafile = r.metafile;
  code = readFileSync(outfile, 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inputs = () => Object.keys(metafile.inputs);

it("replaces the SDK's default credential chain with the environment's credentials", () => {
  expect(Object.keys(FUNCTION_ALIASES)).toEqual(['@aws-sdk/credential-provider-node', '@aws/lambda-invoke-store']);
  expect(inputs().some((f) => f.endsWith('lambdas/shared/platform/lambda-credentials.ts'))).toBe(true);
  expect(inputs().some((f) => f.includes('@aws-sdk/credential-provider-env/'))).toBe(true);
  for (const gone of ['credential-provider-node/', 'credential-provider-sso/', 'credential-provider-ini/', 'credential-provider-process/', 'credential-provider-imds/', 'nested-clients/', 'token-providers/']) {
    expect(inputs().filter((f) => f.includes(gone))).toEqual([]);
  }
});

it('ships no source map reference in the code; maps go beside the templates', () => {
  expect(code).not.toMatch(/sourceMappingURL/);
  expect(sourceMapDir('/p', 'documents/list')).toBe(path.join('/p', 'cdk.out', 'source-maps', 'documents', 'list'));
});

it('the provider reads the credentials Lambda puts in the environment, and fails clearly without them', async () => {
  const saved = { ...process.env };
  try {
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'session' });
    await expect(defaultProvider()()).resolves.toMatchObject({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' });
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await expect(defaultProvider()()).rejects.toThrow(/environment variable credentials/);
  } finally {
    process.env = saved;
  }
});

it('carries one copy of the Lambda invoke store, the SDK\'s, not the older one each Powertools package has', () => {
  const stores = inputs().filter((f) => f.includes('@aws/lambda-invoke-store/') && f.endsWith('.js'));
  expect(stores).toHaveLength(1);
  expect(stores[0]).not.toMatch(/@aws-lambda-powertools/);
});

it('carries the route table cut to what the middleware reads, not lambdas/routes.ts with every grant', () => {
  expect(inputs().filter((f) => f.endsWith('lambdas/routes.ts'))).toEqual([]);
  const key = 'GET /api/s3/getdocumentsbyproperty';
  expect(routesByKey.has(key)).toBe(true);
  const table = routeAccess();
  expect(Object.keys(table).sort()).toEqual([...routesByKey.keys()].sort());
  expect(code).toContain(JSON.stringify(table).slice(0, 60));
  for (const [k, r] of routesByKey) expect(table[k]).toEqual({ access: r.access, ...(r.denied ? { denied: r.denied } : {}), ...(r.tables?.users ? { tables: { users: r.tables.users } } : {}) });
});
