/**
 * A stage deployed by the release before the area stacks (test/infra/fixtures/previous-release/:
 * the logical ids and types of its `Portal-<stage>`, written from that release's templates) moves
 * without replacing what holds data or what users reach: those keep their logical ids in the
 * portal stack, and what moves to the area stacks keeps its logical ids there (docs/deploying.md "Moving a
 * stage deployed before the area stacks").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../infra/function-construct.js';
import { deployedAfter, synth, type Synth } from './support/synth.js';

interface Previous {
  release: string;
  stack: string;
  resources: Record<string, string>;
}

/** What is replaced only at a cost: data, identities, addresses, keys. */
const STATEFUL = [
  'AWS::DynamoDB::GlobalTable',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolGroup',
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Stage',
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::S3::Bucket',
  'AWS::SecretsManager::Secret',
  'AWS::CloudFront::Distribution',
  'AWS::KMS::Key',
  'AWS::WAFv2::WebACL',
  'AWS::SES::ConfigurationSet',
  'AWS::CodeDeploy::Application',
];

describe.each(['dev', 'staging', 'prod'])('stage %s moving from the release before the area stacks', (stageName) => {
  let s: Synth;
  let previous: Previous;
  beforeAll(() => {
    s = synth(stageName);
    previous = JSON.parse(readFileSync(path.join(ROOT, 'test', 'infra', 'fixtures', 'previous-release', `${stageName}.json`), 'utf8')) as Previous;
  });

  it('keeps every stateful resource of the portal stack under its logical id and type', () => {
    const kept = Object.entries(previous.resources).filter(([, type]) => STATEFUL.includes(type));
    expect(kept.length).toBeGreaterThan(10);
    for (const [id, type] of kept) expect({ id, type: s.resources[id]?.Type }).toEqual({ id, type });
  });

  it('moves the rest under the same logical ids: each resource of the previous portal stack is in the portal stack or an area stack, but for function versions', () => {
    const now = new Map<string, string>();
    for (const part of [s, ...Object.values(s.areas)]) for (const [id, r] of Object.entries(part.resources)) now.set(id, r.Type);
    const lost = Object.entries(previous.resources).filter(([id, type]) => now.get(id) !== type && type !== 'AWS::Lambda::Version');
    expect(lost).toEqual([]);
  });

  it('moves every route, integration, function and alias of the previous portal stack to an area stack', () => {
    const moved = Object.entries(previous.resources).filter(([, type]) => ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Alias'].includes(type));
    expect(moved.length).toBeGreaterThan(30);
    for (const [id] of moved) {
      if (s.resources[id]) {
        // Only the Cognito triggers' aliases stay with the pool.
        expect(Object.values(s.stack.auth.triggers).some((t) => s.stack.resolve((t.alias.node.defaultChild as unknown as { logicalId: string }).logicalId) === id)).toBe(true);
        continue;
      }
      expect(Object.values(s.areas).some((a) => a.resources[id])).toBe(true);
    }
  });

  it('deploys every area stack after the portal stack, and nothing of the portal stack refers to an area', () => {
    for (const a of Object.values(s.areas)) expect(deployedAfter(s, a.stack)).toContain(s.stack.artifactId);
    expect(deployedAfter(s, s.stack).filter((id) => Object.values(s.areas).some((a) => a.stack.artifactId === id))).toEqual([]);
    const portal = JSON.stringify(s.template.toJSON());
    for (const a of Object.values(s.areas)) expect(portal).not.toContain(a.stack.stackName);
  });
});
