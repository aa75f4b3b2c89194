/** The one way the web app calls the portal API: bearer token from local storage, JSON in and out. */

export const TOKEN_KEY = 'token';
/** api()'s own 401 for a call made once the session has ended (no request is sent). */
export const SIGNED_OUT = 'You are signed out. Please log in again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** The answer's `Retry-After` in whole seconds (a 503 from a failing service carries it), else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/**
 * A `Retry-After` header in whole seconds from `now`: delta-seconds ('2') or an HTTP date (a date
 * already past is 0); null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names a weekday and a month ('Wed, 21 Oct 2026 07:28:00 GMT'); a bare number with a sign or a fraction is no date.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The server's own words when it refused a request (a 4xx with an `error` message), else null. */
export const refusalMessage = (err: unknown): string | null =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && typeof (err.body as { error?: unknown } | undefined)?.error === 'string' ? err.message : null;

/** What the web app says when a service the portal needs is not answering and the server sent no words of its own. */
export const UNAVAILABLE_TEXT = 'A service the portal needs is not answering. Please try again shortly.';

/** Statuses that mean "not answering right now, try again": the server's 503, and a gateway's 502 or 504 (a function that did not answer in time). */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The try-again message for a service that is not answering: a 503's own `error` words (the server
 * speaks in the spec's tone), else UNAVAILABLE_TEXT for a 502, 503 or 504; null for anything else
 * (a refusal, a 500, a network failure), which keeps the screen's own failure text.
 */
export function unavailableMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || !UNAVAILABLE_STATUSES.has(err.status)) return null;
  const words = (err.body as { error?: unknown } | undefined)?.error;
  return err.status === 503 && typeof words === 'string' && words.trim() ? words : UNAVAILABLE_TEXT;
}

/**
 * The message of a failed call on a screen whose failure text the spec leaves open: the server's
 * refusal (4xx), else the try-again message of a service that is not answering, else `fallback`.
 */
export const failureMessage = (err: unknown, fallback: string): string => refusalMessage(err) ?? unavailableMessage(err) ?? fallback;

/** What a 401 says beyond 'signed out': the account itself is gone (removed by an administrator). */
export interface Unauthorized {
  accountRemoved: boolean;
}

/** The API's header on a 401 for a removed account (lambdas/shared/platform/http.ts). */
const SESSION_END_HEADER = 'x-session-end';
const ACCOUNT_REMOVED = 'account-removed';

let onUnauthorized: (info: Unauthorized) => void = () => {};

/** The session sets this: any 401 from the API signs the user out. */
export function setUnauthorizedHandler(handler: (info: Unauthorized) => void) {
  onUnauthorized = handler;
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * The session's calls in flight: aborted when it ends (signed out here or in another tab), so
 * their answers (401 by then) neither reach the screen nor the console (issue 39).
 */
let sessionCalls = new AbortController();

/** Ends every call of the session in flight; later calls start a new set. */
export function abortSessionCalls() {
  sessionCalls.abort(new DOMException('The session ended', 'AbortError'));
  sessionCalls = new AbortController();
}

/** The session ending shows as a 401 (the server's answer, or api()'s own once signed out) or an aborted call. */
export const isSessionEnd = (err: unknown): boolean =>
  (err instanceof ApiError && err.status === 401) || (err instanceof DOMException && err.name === 'AbortError');

/**
 * Logs a failed call that the screen copes with (an empty list, no badge), in one line. The end of
 * the session is not a failure: the user is on their way to Log In, so nothing is logged.
 */
export function logFailure(what: string, err: unknown) {
  if (isSessionEnd(err)) return;
  console.error(`${what}:`, err instanceof ApiError ? `${err.status} ${err.message}` : err instanceof Error ? err.message : String(err));
}

/** Reports a 401 from a call made outside api() (e.g. an upload with progress). */
export function handleUnauthorized(headers?: Headers) {
  onUnauthorized({ accountRemoved: headers?.get(SESSION_END_HEADER) === ACCOUNT_REMOVED });
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Calls of public routes (the reset-code request): a 401 there is no sign-out. */
  public?: boolean;
}

/** The longest `Retry-After` a read waits out by itself; a longer one is shown to the user at once. */
export const MAX_AUTO_RETRY_SECONDS = 5;
/** The wait before the one repeat of a read answered 503 without a `Retry-After`. */
const DEFAULT_RETRY_SECONDS = 1;

/**
 * Whether a GET answered `status` with `retryAfter` is repeated by api() itself, and after how many
 * seconds: only a 503, once, and only when the wait is at most MAX_AUTO_RETRY_SECONDS. Writes are
 * never repeated by themselves (the user decides: the first one may have been applied).
 */
export function autoRetryDelay(method: string, status: number, retryAfter: number | null): number | null {
  if (method !== 'GET' || status !== 503) return null;
  const wait = retryAfter ?? DEFAULT_RETRY_SECONDS;
  return wait <= MAX_AUTO_RETRY_SECONDS ? wait : null;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it is aborted. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls the API; throws ApiError with the server's { error } message on a non-2xx answer. A GET
 * answered 503 is asked once more after the answer's `Retry-After` (see autoRetryDelay), so a
 * service that recovers within seconds costs the reader no click; the wait honours `signal`.
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  try {
    return await call<T>(path, method, opts);
  } catch (err) {
    const delay = err instanceof ApiError ? autoRetryDelay(method, err.status, err.retryAfterSeconds) : null;
    if (delay === null) throw err;
    await pause(delay * 1000, opts.signal);
    return call<T>(path, method, opts);
  }
}

/** Aborted by either signal (AbortSignal.any where the browser has it). */
function eitherSignal(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  if (!b) return a;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}

async function call<T>(path: string, method: string, opts: ApiOptions): Promise<T> {
  const headers: Record<string, string> = opts.public ? {} : authHeaders();
  // Signed out (here or in another tab): no call the server would only refuse.
  if (!opts.public && !headers.authorization) {
    handleUnauthorized();
    throw new ApiError(401, SIGNED_OUT, undefined);
  }
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.public ? opts.signal : eitherSignal(sessionCalls.signal, opts.signal),
  });
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    if (res.status === 401 && !opts.public) handleUnauthorized(res.headers);
    const message = (data as { error?: string } | undefined)?.error ?? `Request failed with status ${res.status}`;
    throw new ApiError(res.status, message, data, parseRetryAfter(res.headers.get('retry-after')));
  }
  return data as T;
}
