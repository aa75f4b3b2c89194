/** The web side's rules outside the template's shape: the SPA fallback's rewrites, the CSP's Sigma frames, synth without a web build. */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { SIGMA_ORIGIN, SPA_FALLBACK_CODE } from '../../infra/web-construct.js';
import { ofType, synth } from './support/synth.js';

interface Request {
  uri: string;
}
// The CloudFront Function's own source, run as CloudFront would: handler(event) → request.
const fallback = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (e: { request: Request }) => Request;
const rewrite = (uri: string) => fallback({ request: { uri } }).uri;

describe('SPA fallback function', () => {
  it.each([
    ['/', '/index.html'],
    ['/documents', '/index.html'],
    ['/user-registration', '/index.html'],
    ['/unsubscribe', '/index.html'],
    ['/admin/users/', '/index.html'],
    ['/reset.password', '/reset.password'],
  ])('sends the app route %s to %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });

  it.each([
    ['/embed/dashboard', '/embed.html'],
    ['/embed/work-orders/', '/embed.html'],
  ])('sends the report page %s to %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });

  it.each(['/assets/index-3f9a1c.js', '/config.json', '/embed.html', '/index.html', '/logo.svg'])('leaves the file %s alone', (uri) => {
    expect(rewrite(uri)).toBe(uri);
  });
});

describe('content security policy', () => {
  const csp = (s: ReturnType<typeof synth>) => {
    const [[, policy]] = ofType(s, 'AWS::CloudFront::ResponseHeadersPolicy');
    return JSON.stringify(policy!.Properties);
  };

  it('allows Sigma frames only when the stage configures Sigma', () => {
    expect(csp(synth('dev'))).toContain("frame-src 'self';");
    const withSigma = synth('dev', { change: (raw) => ((raw.sigma as Record<string, unknown>).clientId = 'sigma-client') });
    expect(csp(withSigma)).toContain(`frame-src 'self' ${SIGMA_ORIGIN};`);
  });
});

describe('without a web build', () => {
  it('synthesises, deploys config.json only and warns to build first', () => {
    const s = synth('dev', { webBuild: 'test/infra/fixtures/no-such-build' });
    const deployments = ofType(s, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(1);
    expect(deployments[0]![1].Properties!.DistributionPaths).toEqual(['/config.json']);
    Annotations.fromStack(s.stack).hasWarning('/Portal-dev/Web', Match.stringLikeRegexp('Run npm run build before cdk deploy'));
  });
});
