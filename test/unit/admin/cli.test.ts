import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { main } from '../../../bin/admin.js';
import { fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';

const db = fakeAws();
const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
let out: string[];
let err: string[];
beforeAll(() => setEnv());
beforeEach(() => {
  db.clear();
  out = [];
  err = [];
  jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
});
afterEach(() => jest.restoreAllMocks());

describe('admin CLI: mistakes exit 1 with a message naming them', () => {
  it('lists the commands, and names an unknown command or option', async () => {
    expect(await main(['--help'])).toBe(0);
    expect(out.join('\n')).toMatch(/import .*\n\s+create-user .*\n\s+seed-demo .*\n\s+reports /);
    expect(await main(['frobnicate'])).toBe(1);
    expect(err[0]).toMatch(/^Unknown command "frobnicate"/);
    expect(await main(['import', '--colour', 'red'])).toBe(1);
    expect(err[1]).toMatch(/Unknown option '--colour'/);
  });

  it('refuses two targets, --data-dir without --local, and a command missing its inputs', async () => {
    expect(await main(['reports', '--stage', 'dev', '--local'])).toBe(1);
    expect(err[0]).toMatch(/^Use either --stage NAME or --local\./);
    expect(await main(['reports', '--data-dir', dir])).toBe(1);
    expect(err[1]).toMatch(/^--data-dir goes with --local\./);
    expect(await main(['import'])).toBe(1);
    expect(err[2]).toMatch(/^Name at least one file\./);
    expect(await main(['create-user', '--email', 'a@b.test'])).toBe(1);
    expect(err[3]).toMatch(/^--email and --name are required\./);
    expect(await main(['reports', '--local', '--data-dir', dir])).toBe(1);
    expect(err[4]).toBe(`No local stack at ${path.join(dir, 'local-stack.json')}: start it with npm run demo (or name its folder with --data-dir)`);
    expect(db.ddb.calls()).toHaveLength(0);
  });

  it('refuses a check grace period that is not a whole number of minutes, before any call', async () => {
    for (const bad of ['abc', '-5', '1.5', '']) expect(await main(['check', `--grace-minutes=${bad}`])).toBe(1);
    expect(err).toHaveLength(4);
    for (const e of err) expect(e).toMatch(/^--grace-minutes must be a whole number of minutes \(0 or more\)\.\n\nUsage: admin check /);
    expect(db.ddb.calls()).toHaveLength(0);
  });

  it('stores nothing from a bad catalogue file and names the entry', async () => {
    const bad = file('bad.json', JSON.stringify({ reports: [{ id: 'dash', name: 'Dash', frames: ['/embed/nope'] }] }));
    expect(await main(['reports', '--load', bad])).toBe(1);
    expect(err[0]).toMatch(new RegExp(`^Nothing was stored\\.\\n.*bad\\.json: reports\\.0\\.frames\\.0: names no built-in page`));
    expect(db.writes()).toBe(0);
  });

  it('stops an import at a bad row with nothing imported', async () => {
    const customers = file('c.csv', 'id,name\nK-1,\n');
    expect(await main(['import', '--customers', customers])).toBe(1);
    expect(err[0]).toBe(`Nothing was imported.\n${customers}:2:2: name is required`);
    expect(db.writes()).toBe(0);
  });
});

describe('admin CLI: reports', () => {
  it('prints the defaults, stores a file, prints it as the catalogue in force, and resets', async () => {
    expect(await main(['reports'])).toBe(0);
    expect(out[0]!.split('\n')).toEqual(['8 reports, from the defaults (built-in report host):', expect.stringMatching(/^ {2}Dashboard +General +\/embed\/dashboard$/), ...Array(7).fill(expect.any(String))]);
    const good = file('good.json', JSON.stringify([{ id: 'dash', name: 'Dash', frames: ['/embed/dashboard', 'https://app.sigmacomputing.com/acme/workbook/D-1'] }]));
    expect(await main(['reports', '--load', good, '--json'])).toBe(0);
    expect(out[1]).toBe(`Stored 1 reports from ${good}.`);
    expect(JSON.parse(out[2]!)).toEqual({ reports: [{ id: 'dash', name: 'Dash', group: 'General', frames: ['/embed/dashboard', 'https://app.sigmacomputing.com/acme/workbook/D-1'] }] });
    expect(db.sorted('audit')).toEqual([expect.objectContaining({ action: 'reports.load', target: good })]);
    expect(await main(['reports', '--reset'])).toBe(0);
    expect(out.slice(3)).toEqual(['Removed the stored catalogue; the defaults apply.', expect.stringMatching(/^8 reports, from the defaults/)]);
    expect(db.sorted('reports')).toEqual([]);
  });
});

describe('admin CLI: guard rails on stages that keep their data', () => {
  it('refuses seed-demo and create-user with a demo or short password on prod, before touching AWS, unless --yes-on-stage names it', async () => {
    expect(await main(['seed-demo', '--stage', 'prod'])).toBe(1);
    expect(err.join('\n')).toContain(
      "Stage prod keeps its data (removalPolicy retain in cdk.json): seed-demo would add the demo's customers, datasets and six accounts with the README's public passwords. If that is what you mean, add --yes-on-stage prod.",
    );
    err = [];
    expect(await main(['seed-demo', '--stage', 'prod', '--yes-on-stage', 'staging'])).toBe(1);
    expect(err.join('\n')).toContain('add --yes-on-stage prod');
    for (const [password, why] of [
      ['Admin1234567', 'a demo password (it is printed in the README)'],
      ['Short-pass1', 'a password shorter than 12 characters'],
    ] as const) {
      err = [];
      expect(await main(['create-user', '--stage', 'prod', '--email', 'x@customer.test', '--name', 'x', '--password', password])).toBe(1);
      expect(err.join('\n')).toContain(`create-user with ${why} would make an account anyone could guess into`);
    }
    err = [];
    expect(await main(['seed-demo', '--local', '--yes-on-stage', 'prod'])).toBe(1);
    expect(err.join('\n')).toContain('--yes-on-stage goes with --stage.');
  });
});
