/**
 * What a function's bundle carries in place of `@aws-sdk/checksums/flexible-checksums` (an esbuild
 * alias, infra/function-bundling.ts): the S3 client's flexible checksums (CRC32, CRC64, SHA and
 * their middleware, about 12 KB) do nothing for the portal's calls. The S3 client in ./clients.ts
 * computes and validates checksums only WHEN_REQUIRED (a presigned PUT must not carry an
 * empty-body checksum the browser cannot match), and none of the commands a function sends
 * (PutObject, CopyObject, HeadObject, GetObject, DeleteObject: ../domain/documents/objects.ts)
 * requires one or asks for one. A call that would need a checksum fails here, naming itself,
 * instead of going out without it. Handlers run outside a bundle (tests, the local stack) keep the
 * SDK's own.
 */
import { normalizeProvider } from '@smithy/core/client';

type Provider<T> = () => Promise<T>;
interface ChecksumConfig {
  requestChecksumCalculation?: string | Provider<string>;
  responseChecksumValidation?: string | Provider<string>;
  requestStreamBufferSize?: number;
  checksumAlgorithms?: object;
}

const WHEN_REQUIRED = 'WHEN_REQUIRED';
const WHEN_SUPPORTED = 'WHEN_SUPPORTED';

export const resolveFlexibleChecksumsConfig = <T extends ChecksumConfig>(input: T) =>
  Object.assign(input, {
    requestChecksumCalculation: normalizeProvider(input.requestChecksumCalculation ?? WHEN_SUPPORTED),
    responseChecksumValidation: normalizeProvider(input.responseChecksumValidation ?? WHEN_SUPPORTED),
    requestStreamBufferSize: Number(input.requestStreamBufferSize ?? 0),
    checksumAlgorithms: input.checksumAlgorithms ?? {},
  });

const selector = (name: string) => (values: Record<string, string | undefined>) => {
  if (!(name in values)) return undefined;
  const v = String(values[name]).toUpperCase();
  if (v !== WHEN_REQUIRED && v !== WHEN_SUPPORTED) throw new TypeError(`Cannot load ${name}: "${values[name]}" is not WHEN_SUPPORTED or WHEN_REQUIRED.`);
  return v;
};
export const NODE_REQUEST_CHECKSUM_CALCULATION_CONFIG_OPTIONS = {
  environmentVariableSelector: selector('AWS_REQUEST_CHECKSUM_CALCULATION'),
  configFileSelector: selector('request_checksum_calculation'),
  default: WHEN_SUPPORTED,
};
export const NODE_RESPONSE_CHECKSUM_VALIDATION_CONFIG_OPTIONS = {
  environmentVariableSelector: selector('AWS_RESPONSE_CHECKSUM_VALIDATION'),
  configFileSelector: selector('response_checksum_validation'),
  default: WHEN_SUPPORTED,
};

interface PluginConfig {
  requestChecksumRequired?: boolean;
  requestAlgorithmMember?: { name: string };
  requestValidationModeMember?: string;
}
type Next = (args: { input: Record<string, unknown> }) => Promise<unknown>;
type Stack = { add(mw: (next: Next, context: { commandName?: string }) => Next, options: { step: 'initialize'; name: string }): void };

/** Why the call cannot go out from a bundle without checksums, or undefined when it needs none. */
export async function checksumNeed(config: { requestChecksumCalculation: Provider<string>; responseChecksumValidation: Provider<string> }, m: PluginConfig, input: Record<string, unknown>): Promise<string | undefined> {
  if (m.requestChecksumRequired) return 'it requires a checksum';
  if (m.requestAlgorithmMember && input[m.requestAlgorithmMember.name] !== undefined) return `it names a checksum algorithm (${m.requestAlgorithmMember.name})`;
  if (m.requestValidationModeMember && input[m.requestValidationModeMember] !== undefined) return `it asks for checksum validation (${m.requestValidationModeMember})`;
  if (m.requestAlgorithmMember && (await config.requestChecksumCalculation()) !== WHEN_REQUIRED) return 'the client computes checksums WHEN_SUPPORTED';
  if (m.requestValidationModeMember && (await config.responseChecksumValidation()) !== WHEN_REQUIRED) return 'the client validates checksums WHEN_SUPPORTED';
  return undefined;
}

export const getFlexibleChecksumsPlugin = (config: Parameters<typeof checksumNeed>[0], m: PluginConfig) => ({
  applyToStack: (stack: Stack) => {
    stack.add(
      (next, context) => async (args) => {
        const why = await checksumNeed(config, m, args.input);
        if (why) throw new Error(`${context.commandName ?? 'This S3 call'} cannot be sent: ${why}, and this function's bundle carries no S3 checksums (infra/function-bundling.ts).`);
        return next(args);
      },
      { step: 'initialize', name: 'portalNoChecksums' },
    );
  },
});
