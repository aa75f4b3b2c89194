import { describe, expect, it, jest } from '@jest/globals';
import { loadPublicConfig, parsePublicConfig, publicConfig, setPublicConfig } from './public-config';
import { localPublicConfig } from './public-config.fixture';

const local = localPublicConfig;
const { endpoint: _endpoint, ...aws } = { ...local, userPoolId: 'eu-west-1_AbC123', signInFlow: 'USER_SRP_AUTH' };

describe('parsePublicConfig', () => {
  it.each<[string, unknown, string]>([
    ['a list', [], 'not a JSON object'],
    ['null', null, 'not a JSON object'],
    ['no pool id', { ...local, userPoolId: undefined }, 'userPoolId must be a non-empty string'],
    ['a malformed pool id', { ...local, userPoolId: 'pool' }, 'userPoolId must be a user pool id'],
    ['an empty client id', { ...local, userPoolClientId: ' ' }, 'userPoolClientId must be a non-empty string'],
    ['no region', { ...local, region: 1 }, 'region must be a non-empty string'],
    ['an endpoint that is no URL', { ...local, endpoint: 'cognito' }, 'endpoint must be an http(s) URL'],
    ['staff domains as a string', { ...local, staffDomains: 'example-hvac.com' }, 'staffDomains must be a list of strings'],
    ['excluded domains of numbers', { ...local, excludedCustomerDomains: [1] }, 'excludedCustomerDomains must be a list of strings'],
    ['an unknown sign-in flow', { ...local, signInFlow: 'CUSTOM_AUTH' }, 'signInFlow must be'],
    ['no sign-in flow', { ...local, signInFlow: undefined }, 'signInFlow must be'],
  ])('refuses %s, naming the field', (_label, answer, message) => {
    expect(() => parsePublicConfig(answer)).toThrow(message);
  });

  it("accepts the local stack's file, keeping only known fields", () => {
    expect(parsePublicConfig({ ...local, extra: 1 })).toEqual(local);
  });

  it('accepts a stage on AWS: no endpoint, SRP, excluded domains may be absent', () => {
    const { excludedCustomerDomains: _x, ...withoutExcluded } = aws;
    expect(parsePublicConfig(withoutExcluded)).toEqual({ ...aws, endpoint: undefined, excludedCustomerDomains: [] });
  });
});

describe('loadPublicConfig', () => {
  const answer = (status: number, body: string) => jest.fn<typeof fetch>().mockResolvedValue(new Response(body, { status }));

  it('refuses a failed answer and one that is not JSON', async () => {
    await expect(loadPublicConfig(answer(404, 'Not Found'))).rejects.toThrow('config.json: the server answered 404');
    await expect(loadPublicConfig(answer(200, '<html>'))).rejects.toThrow('config.json: not JSON');
  });

  it('fetches /config.json past any cache and keeps it for publicConfig()', async () => {
    setPublicConfig(null);
    expect(() => publicConfig()).toThrow('config.json has not been loaded');
    const fetchFn = answer(200, JSON.stringify(local));
    await loadPublicConfig(fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
    expect(publicConfig().userPoolClientId).toBe(local.userPoolClientId);
  });
});
