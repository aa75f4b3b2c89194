/** The one way the web app calls the portal API: bearer token from local storage, JSON in and out. */

export const TOKEN_KEY = 'token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The server's own words when it refused a request (a 4xx with an `error` message), else null. */
export const refusalMessage = (err: unknown): string | null =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && typeof (err.body as { error?: unknown } | undefined)?.error === 'string' ? err.message : null;

/** What a 401 says beyond 'signed out': the account itself is gone (removed by an administrator). */
export interface Unauthorized {
  accountRemoved: boolean;
}

/** The API's header on a 401 for a removed account (lambdas/shared/http.ts). */
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

/** Calls the API; throws ApiError with the server's { error } message on a non-2xx answer. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = opts.public ? {} : authHeaders();
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
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
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}
