import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../db/index.js';

// The `portal` command line from source, as a user runs it, in its own temp DATA_DIR.
const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
const main = path.resolve('server/main.ts');
const env = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  STAFF_DOMAINS: 'example-hvac.com,example-services.com',
  LOG_LEVEL: 'warn',
  TEST_DATABASE_URL: '',
  DATABASE_URL: '',
  ...extra,
});
const portal = (dataDir: string, args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, [tsx, main, ...args], { encoding: 'utf8', env: env(dataDir, extra), timeout: 60_000 });
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));

/** Starts `portal serve` and resolves with its URL once it prints that it is ready. */
function serve(dataDir: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [tsx, main, 'serve'], { env: env(dataDir, { PORT: '0', ...extra }) });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /is ready at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => out };
}

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

// Each case starts several processes that open an embedded database: minutes under load, not seconds.
describe('portal command line', { timeout: 180_000 }, () => {
  it('lists its commands, and each has --help', () => {
    const r = portal(tmp(), ['--help']);
    for (const c of ['serve', 'migrate', 'seed-demo', 'create-user', 'import']) expect(r.stdout).toContain(`  ${c}`);
    const imp = portal(tmp(), ['import', '--help']);
    expect(imp.status).toBe(0);
    expect(imp.stdout).toContain('--customers');
    expect(imp.stdout).toContain('id,customer_id,name,property_type');
    const bad = portal(tmp(), ['frobnicate']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Unknown command "frobnicate"');
  });

  it('stops with a message naming a bad variable', () => {
    const r = portal(tmp(), ['migrate'], { PORT: 'x', TOKEN_TTL: 'soon' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT:');
    expect(r.stderr).toContain('TOKEN_TTL:');
  });

  it('migrates once, creates a user, and refuses a second process on the same data folder', async () => {
    const dir = tmp();
    const first = portal(dir, ['migrate']);
    expect(first.stdout).toContain('applied migration 0001_init.sql');
    expect(portal(dir, ['migrate']).stdout).toContain('The database is up to date.');
    const weak = portal(dir, ['create-user', '--email', 'a@customer.test', '--name', 'A', '--password', 'weak']);
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('Password must be at least 5 characters long');
    const ok = portal(dir, ['create-user', '--email', 'Ops@Example-HVAC.com', '--name', 'Ops', '--password', 'Strong123']);
    expect(ok.stdout).toContain('Created administrator ops@example-hvac.com.');

    const held = await openDb({ databaseUrl: undefined, pgliteDir: path.join(dir, 'db') });
    try {
      const second = portal(dir, ['migrate']);
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('is in use by another portal process');
    } finally {
      await held.close();
    }
  });

  it('serves, creates the first administrator, shuts down on SIGTERM and keeps everything across a restart', async () => {
    const dir = tmp();
    const extra = { PORTAL_ADMIN_EMAIL: 'first@example-hvac.com', PORTAL_ADMIN_PASSWORD: 'First1234' };
    const a = serve(dir, extra);
    const url = await a.ready;
    expect(((await (await fetch(`${url}/readyz`)).json()) as { status: string }).status).toBe('ready');
    const res = await login(url, 'first@example-hvac.com', 'First1234');
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);

    const b = serve(dir, extra);
    const url2 = await b.ready;
    expect((await login(url2, 'first@example-hvac.com', 'First1234')).status).toBe(200);
    // the same secret from DATA_DIR: the session token issued before the restart still works
    const probe = await fetch(`${url2}/api/no-such-route`, { headers: { authorization: `Bearer ${token}` } });
    expect(probe.status).toBe(404);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(b.output()).not.toContain('First1234');
  });

  it('keeps acknowledged writes when the process is killed outright, and takes over its stale lock', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'c.csv'), 'id,name\nK-1,Kept Customer\n');
    writeFileSync(path.join(dir, 'p.csv'), 'id,customer_id,name,property_type\nKP-1,K-1,Kept Tower,Office\n');
    expect(portal(dir, ['import', '--customers', path.join(dir, 'c.csv'), '--properties', path.join(dir, 'p.csv')]).status).toBe(0);
    const extra = { PORTAL_ADMIN_EMAIL: 'first@example-hvac.com', PORTAL_ADMIN_PASSWORD: 'First1234' };
    const a = serve(dir, extra);
    const url = await a.ready;
    const token = ((await (await login(url, 'first@example-hvac.com', 'First1234')).json()) as { token: string }).token;
    // While the server holds the data folder, another process is refused.
    expect(portal(dir, ['migrate']).status).toBe(1);
    const signup = await fetch(`${url}/api/users/signup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Kept',
        email: 'kept@customer.test',
        password: 'Tmp-pass-9Q',
        customers: [{ ID: 'K-1', NAME: 'Kept Customer' }],
        buildops_customer_ids: ['K-1'],
        buildops_property_ids: ['KP-1'],
        properties: ['Kept Tower'],
      }),
    });
    expect(signup.status).toBe(201);
    const form = new FormData();
    form.append('propertyId', 'KP-1');
    form.append('file', new Blob([Buffer.from('kept bytes\n')]), 'kept-report.txt');
    const upload = await fetch(`${url}/api/s3/uploaddocument`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    // Kill the server process itself (the one holding the data folder's lock; tsx runs it as a child).
    const serverPid = Number(readFileSync(path.join(dir, 'db.lock'), 'utf8'));
    process.kill(serverPid, 'SIGKILL');
    await a.exited;

    const b = serve(dir, extra);
    const url2 = await b.ready;
    const auth2 = { authorization: `Bearer ${((await (await login(url2, 'first@example-hvac.com', 'First1234')).json()) as { token: string }).token}` };
    const users = (await (await fetch(`${url2}/api/users`, { headers: auth2 })).json()) as { EMAIL: string; BUILDOPS_PROPERTY_IDS: string[] }[];
    expect(users.find((u) => u.EMAIL === 'kept@customer.test')?.BUILDOPS_PROPERTY_IDS).toEqual(['KP-1']);
    const docs = (await (await fetch(`${url2}/api/s3/getdocumentsbyproperty?propertyId=KP-1`, { headers: auth2 })).json()) as { DOCUMENT_URL: string }[];
    expect(docs.map((d) => d.DOCUMENT_URL.split('/').pop())).toEqual(['kept-report.txt']);
    const link = (await (await fetch(`${url2}/api/s3/getpresignedurl?key=${encodeURIComponent(docs[0]!.DOCUMENT_URL)}`, { headers: auth2 })).json()) as { url: string };
    expect(await (await fetch(new URL(link.url, url2))).text()).toBe('kept bytes\n');
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  });

  it('seed-demo is idempotent', async () => {
    const dir = tmp();
    const counts = async () => {
      const h = await openDb({ databaseUrl: undefined, pgliteDir: path.join(dir, 'db') });
      try {
        const tables = ['users', 'customers', 'properties', 'user_customers', 'user_properties', 'equipment', 'telemetry_mappings'] as const;
        const out: Record<string, number> = {};
        for (const t of tables) out[t] = (await h.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
        return out;
      } finally {
        await h.close();
      }
    };
    const once = portal(dir, ['seed-demo']);
    expect(once.status).toBe(0);
    expect(once.stdout).toContain('admin@example-hvac.com');
    const first = await counts();
    expect(first.customers).toBeGreaterThanOrEqual(3);
    expect(first.properties).toBeGreaterThanOrEqual(10);
    const twice = portal(dir, ['seed-demo']);
    expect(twice.status).toBe(0);
    expect(await counts()).toEqual(first);
  });
});
