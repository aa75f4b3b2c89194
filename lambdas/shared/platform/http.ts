/** An error with an HTTP status whose message a person can act on; answered as { error }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
/** How long a client should wait before trying a 503 again (the `Retry-After` of every 503). */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'A service the portal needs is not answering. Please try again shortly.';
export const unavailable = (message = UNAVAILABLE_MESSAGE) => new HttpError(503, message, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** The error names AWS services answer when they throttle a caller (the SDK's own list, as AWS documents retries). */
const THROTTLES = new Set([
  'ThrottlingException', 'Throttling', 'ThrottledException', 'RequestThrottledException', 'TooManyRequestsException',
  'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'BandwidthLimitExceeded', 'SlowDown', 'RequestThrottled',
  'TransactionInProgressException', 'LimitExceededException',
]);
/** Whether an error name is one a service throttles with. */
export const isThrottle = (name: string | undefined) => name !== undefined && THROTTLES.has(name);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * True when `err` says a service the request needed failed, not that the request was wrong: a
 * throttle, a 5xx of the service, a timeout or a dropped connection (after the SDK's retries). The
 * middleware answers these 503 with Retry-After; anything else unexpected stays a 500.
 */
export function isDependencyFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; code?: string; $fault?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };
  if (e.name && THROTTLES.has(e.name)) return true;
  if (e.$retryable) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500 || e.$fault === 'server') return true;
  if (e.name === 'TimeoutError' || e.name === 'RequestTimeout' || e.name === 'RequestTimeoutException') return true;
  return (e.code !== undefined && NETWORK_CODES.has(e.code)) || NETWORK_CODES.has(e.name ?? '');
}

/** Ids for an error message: the first ten, then how many more. */
export const listForMessage = (xs: readonly string[]) => xs.slice(0, 10).join(', ') + (xs.length > 10 ? ` and ${xs.length - 10} more` : '');

/** What a handler returns: a status, a JSON body (or raw text with a content type) and headers. */
export interface Reply {
  statusCode: number;
  body?: unknown;
  /** Sent as is instead of JSON (CSV, for example). */
  text?: string;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, statusCode = 200): Reply => ({ statusCode, body });

/** The header CloudFront adds to every API request (its value from the stage's origin-verify secret). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** CloudFront's header naming the visitor's address and port (forwarded to the API by its origin request policy). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
export const NOT_THROUGH_PORTAL = "Requests to the API must come through the portal's address.";

/** On a 401 for a token whose account no longer exists (removed): `x-session-end: account-removed`. */
export const SESSION_END_HEADER = 'x-session-end';
export const ACCOUNT_REMOVED = 'account-removed';
