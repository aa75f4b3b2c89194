/**
 * What a function's bundle carries in place of `@aws-sdk/credential-provider-node` (an esbuild alias
 * in infra/function-construct.ts): Lambda hands every function its role's credentials in the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the SDK's default
 * chain (SSO, ini files, processes, web identity, STS, ECS and EC2 metadata, with the STS and
 * SSO clients they bring) is code a function never runs: about 90 KB of every bundle, read at
 * every cold start. Handlers run outside a bundle (tests, the local stack) keep the full chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
