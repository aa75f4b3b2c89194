/**
 * The S3 client's checksums left out of the functions' bundles (lambdas/shared/platform/s3-no-checksums.ts,
 * an esbuild alias of @aws-sdk/checksums/flexible-checksums): the configuration resolves as the
 * SDK's does, the portal's calls go through untouched, and a call that would need a checksum fails
 * naming itself instead of going out without one. The bundled functions' S3 calls themselves run
 * in the local stack's cold mode (COLD=1), where every function is its own bundle.
 */
import * as sdk from '@aws-sdk/checksums/flexible-checksums';
import * as ours from '../../../lambdas/shared/platform/s3-no-checksums.js';

type Mw = (next: (a: { input: Record<string, unknown> }) => Promise<unknown>, context: { commandName?: string }) => (a: { input: Record<string, unknown> }) => Promise<unknown>;

const send = async (config: Parameters<typeof ours.checksumNeed>[0], plugin: Parameters<typeof ours.getFlexibleChecksumsPlugin>[1], input: Record<string, unknown>, commandName: string) => {
  const added: Mw[] = [];
  ours.getFlexibleChecksumsPlugin(config, plugin).applyToStack({ add: (mw) => added.push(mw as Mw) });
  expect(added).toHaveLength(1);
  let sent = false;
  await added[0]!(async () => ((sent = true), {}), { commandName })({ input });
  return sent;
};

// The plugin's options as the S3 client's commands pass them (client-s3 commandBuilder).
const PUT = { requestAlgorithmMember: { name: 'ChecksumAlgorithm' }, requestChecksumRequired: false };
const GET = { requestChecksumRequired: false, requestValidationModeMember: 'ChecksumMode' };
const DELETE_OBJECTS = { requestAlgorithmMember: { name: 'ChecksumAlgorithm' }, requestChecksumRequired: true };

it("resolves the client's checksum settings as the SDK does", async () => {
  const settings: { requestChecksumCalculation?: string; responseChecksumValidation?: string; requestStreamBufferSize?: number }[] = [
    {},
    { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' },
    { requestStreamBufferSize: 65536 },
  ];
  for (const given of settings) {
    const a = ours.resolveFlexibleChecksumsConfig({ ...given });
    const b = sdk.resolveFlexibleChecksumsConfig({ ...given } as Parameters<typeof sdk.resolveFlexibleChecksumsConfig>[0]);
    expect([await a.requestChecksumCalculation(), await a.responseChecksumValidation(), a.requestStreamBufferSize, a.checksumAlgorithms]).toEqual([
      await b.requestChecksumCalculation(),
      await b.responseChecksumValidation(),
      b.requestStreamBufferSize,
      b.checksumAlgorithms,
    ]);
  }
  for (const [o, s, env, file] of [
    [ours.NODE_REQUEST_CHECKSUM_CALCULATION_CONFIG_OPTIONS, sdk.NODE_REQUEST_CHECKSUM_CALCULATION_CONFIG_OPTIONS, 'AWS_REQUEST_CHECKSUM_CALCULATION', 'request_checksum_calculation'],
    [ours.NODE_RESPONSE_CHECKSUM_VALIDATION_CONFIG_OPTIONS, sdk.NODE_RESPONSE_CHECKSUM_VALIDATION_CONFIG_OPTIONS, 'AWS_RESPONSE_CHECKSUM_VALIDATION', 'response_checksum_validation'],
  ] as const) {
    expect(o.default).toBe(s.default);
    for (const v of ['WHEN_REQUIRED', 'when_supported']) {
      expect(o.environmentVariableSelector({ [env]: v })).toBe(s.environmentVariableSelector({ [env]: v }));
      expect(o.configFileSelector({ [file]: v })).toBe(s.configFileSelector({ [file]: v }));
    }
    expect(o.environmentVariableSelector({})).toBe(s.environmentVariableSelector({}));
    expect(() => o.environmentVariableSelector({ [env]: 'ALWAYS' })).toThrow(TypeError);
    expect(() => s.environmentVariableSelector({ [env]: 'ALWAYS' })).toThrow(TypeError);
  }
});

describe('with the portal client (checksums WHEN_REQUIRED)', () => {
  const config = ours.resolveFlexibleChecksumsConfig({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });

  it("sends the portal's PutObject and GetObject untouched", async () => {
    expect(await send(config, PUT, { Bucket: 'b', Key: 'k', Body: Buffer.from('x'), ContentType: 'text/plain' }, 'PutObjectCommand')).toBe(true);
    expect(await send(config, GET, { Bucket: 'b', Key: 'k', Range: 'bytes=0-15' }, 'GetObjectCommand')).toBe(true);
  });

  it('refuses, naming the call, what would need a checksum', async () => {
    await expect(send(config, DELETE_OBJECTS, { Bucket: 'b', Delete: { Objects: [] } }, 'DeleteObjectsCommand')).rejects.toThrow(/^DeleteObjectsCommand cannot be sent: it requires a checksum/);
    await expect(send(config, PUT, { Bucket: 'b', Key: 'k', ChecksumAlgorithm: 'CRC32' }, 'PutObjectCommand')).rejects.toThrow(/names a checksum algorithm/);
    await expect(send(config, GET, { Bucket: 'b', Key: 'k', ChecksumMode: 'ENABLED' }, 'GetObjectCommand')).rejects.toThrow(/asks for checksum validation/);
  });
});

it("refuses every checksummed call of a client left at the SDK's default (WHEN_SUPPORTED)", async () => {
  const config = ours.resolveFlexibleChecksumsConfig({});
  await expect(send(config, PUT, { Bucket: 'b', Key: 'k' }, 'PutObjectCommand')).rejects.toThrow(/computes checksums WHEN_SUPPORTED/);
  await expect(send(config, GET, { Bucket: 'b', Key: 'k' }, 'GetObjectCommand')).rejects.toThrow(/validates checksums WHEN_SUPPORTED/);
});
