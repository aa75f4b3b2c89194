import type { FastifyBaseLogger } from 'fastify';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

/** Paths pino must never write: tokens, passwords, codes, keys. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.code',
  '*.token',
  'password',
  'newPassword',
  'code',
  'token',
];

/** Query parameters whose values are credentials (embed tokens, link signatures): never logged. */
const secretParams = /([?&](?:token|sig|jwt|:jwt|code|key)=)[^&#]*/gi;

/** The URL as logged: credentials in its query replaced. */
export const redactUrl = (url: string) => url.replace(secretParams, '$1[redacted]');

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: { method: string; url: string; ip?: string; hostname?: string }) {
  return { method: request.method, url: redactUrl(request.url), host: request.hostname, remoteAddress: request.ip };
}
