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
