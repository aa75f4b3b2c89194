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
export const unavailable = (message = 'A service the portal needs is not answering. Please try again shortly.') => new HttpError(503, message);

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
