/**
 * One call to Cognito's public API from the browser (a JSON POST naming the action in
 * `x-amz-target`), and its refusals as CognitoError with the code Cognito gives them. No library:
 * the log-in route signs in with these calls alone where the flow allows (cognito-password.ts).
 */

/** An error as Cognito names it (`NotAuthorizedException`, ...), or the Error's name. */
export class CognitoError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CognitoError';
  }
}

export function asCognitoError(error: unknown): CognitoError {
  if (error instanceof CognitoError) return error;
  const e = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'UnknownError';
  return new CognitoError(code, typeof e.message === 'string' ? e.message : String(error));
}

/** An action of Cognito's API (`InitiateAuth`, ...) with its body; resolves with the answer's JSON. */
export type CognitoCall = (action: string, body: object) => Promise<Record<string, unknown>>;

/** Cognito's endpoint: the one config.json names (the local pool), else the region's own. */
export function cognitoEndpoint(c: { endpoint: string | undefined; region: string }): string {
  return c.endpoint ?? `https://cognito-idp.${c.region}.amazonaws.com/`;
}

/**
 * Calls at `endpoint`. A refusal is a CognitoError with the exception's name (from the body's
 * `__type`, else the `x-amzn-errortype` header); no answer at all is `NetworkError`, as the library
 * named it, so the log-in form still tells a refused password from a service that did not answer.
 */
export function cognitoCaller(endpoint: string, fetchFn: typeof fetch = (...args) => fetch(...args)): CognitoCall {
  return async (action, body) => {
    let res: Response;
    try {
      res = await fetchFn(endpoint, {
        method: 'POST',
        cache: 'no-store',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new CognitoError('NetworkError', error instanceof Error ? error.message : String(error));
    }
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return data;
    const named = typeof data.__type === 'string' ? data.__type : typeof data.code === 'string' ? data.code : res.headers.get('x-amzn-errortype')?.split(':')[0];
    // The body may name it with its namespace (`com.amazonaws...#NotAuthorizedException`).
    const code = named?.split('#').pop() || 'UnknownError';
    const message = typeof data.message === 'string' ? data.message : typeof data.Message === 'string' ? data.Message : `${action} answered ${res.status}`;
    throw new CognitoError(code, message);
  };
}
