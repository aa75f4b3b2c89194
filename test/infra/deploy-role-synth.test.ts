/**
 * docs/deploying.md's commands of the pipeline that need no AWS account, run exactly as it writes them:
 * `npm run deploy-role -- synth -c stage=<name> -c githubRepo=<owner>/<repo>` for every stage of
 * cdk.json, with no AWS credentials or account in the environment (a HOME of its own, so no
 * ~/.aws either): it ends without a cdk-nag error, makes no context lookup, and its template holds
 * both roles and the smoke secret. The output goes to a temporary folder named in that HOME's
 * ~/.cdk.json (the CDK CLI's user settings), so the command line stays the doc's.
 */
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../infra/function-construct.js';
import { stages } from './support/synth.js';

jest.setTimeout(600_000);

const deploying = readFileSync(path.join(ROOT, 'docs', 'deploying.md'), 'utf8');
const pipeline = deploying.slice(deploying.indexOf('## How a change reaches AWS (the pipeline)'), deploying.indexOf('## Updating, rolling back, removing'));
const SYNTH = 'npm run deploy-role -- synth -c stage=<name> -c githubRepo=<owner>/<repo>';

/** The environment with nothing that names an AWS account or credentials. */
function offlineEnv(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(AWS_|CDK_)/.test(k) || k === 'AWS_CA_BUNDLE'));
  return { ...env, HOME: home, NODE_OPTIONS: '', AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true', CI: 'true' };
}

describe('docs/deploying.md: the deploy role stack, synthesised offline as written', () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'deploy-role-synth-'));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('shows the command in the pipeline section', () => {
    expect(pipeline).toContain(SYNTH);
  });

  it.each(Object.keys(stages))('stage %s: ends without errors, with no credentials and no lookup', (stage) => {
    const out = path.join(home, `cdk.out-${stage}`);
    writeFileSync(path.join(home, '.cdk.json'), JSON.stringify({ output: out, notices: false }));
    const [cmd, ...args] = SYNTH.replace('<name>', stage).replace('<owner>/<repo>', 'example-org/customer-portal').split(' ');
    const r = spawnSync(cmd!, args, { cwd: ROOT, env: offlineEnv(home), encoding: 'utf8', timeout: 300_000 });
    expect({ status: r.status, errors: `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /ERROR|with errors|Error:/.test(l)) }).toEqual({ status: 0, errors: [] });

    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { missing?: unknown[]; artifacts: Record<string, { type: string; environment?: string }> };
    expect(manifest.missing).toBeUndefined();
    const template = JSON.parse(readFileSync(path.join(out, `Portal-${stage}-deploy-role.template.json`), 'utf8')) as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
    const named = Object.values(template.Resources).map((r) => [r.Type, r.Properties.RoleName ?? r.Properties.Name ?? null]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['AWS::IAM::Role', `portal-${stage}-github-deploy`],
        ['AWS::IAM::Role', `portal-${stage}-github-read`],
        ['AWS::SecretsManager::Secret', `portal/${stage}/smoke`],
      ]),
    );
  });
});
