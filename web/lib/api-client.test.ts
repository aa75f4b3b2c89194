import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { abortSessionCalls, api, ApiError, autoRetryDelay, failureMessage, isSessionEnd, logFailure, parseRetryAfter, refusalMessage, setUnauthorizedHandler, SIGNED_OUT, TOKEN_KEY, UNAVAILABLE_TEXT, unavailableMessage } from './api-client';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2);
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('reads an HTTP date as the seconds until it, rounded up; a past date is 0', () => {
    expect(parseRetryAfter('Thu, 26 Nov 2026 10:00:03 GMT', now)).toBe(3);
    expect(parseRetryAfter('Thu, 26 Nov 2026 10:00:03 GMT', now + 500)).toBe(3);
    expect(parseRetryAfter('Thu, 26 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    for (const v of [null, undefined, '', '  ', '-1', '1.5', 'soon', '2 seconds later']) expect(parseRetryAfter(v, now)).toBeNull();
  });
});

describe('unavailableMessage and failureMessage', () => {
  const serviceDown = new ApiError(503, 'The data store is not answering. Please try again shortly.', { error: 'The data store is not answering. Please try again shortly.' }, 2);

  it("gives a 503's own words", () => {
    expect(unavailableMessage(serviceDown)).toBe('The data store is not answering. Please try again shortly.');
  });

  it('gives the default try-again text for a 503 without words and for a gateway 502 or 504', () => {
    expect(unavailableMessage(new ApiError(503, 'Request failed with status 503', undefined))).toBe(UNAVAILABLE_TEXT);
    expect(unavailableMessage(new ApiError(503, 'x', { error: '  ' }))).toBe(UNAVAILABLE_TEXT);
    expect(unavailableMessage(new ApiError(504, 'Endpoint request timed out', { message: 'Endpoint request timed out' }))).toBe(UNAVAILABLE_TEXT);
    expect(unavailableMessage(new ApiError(502, 'Bad gateway', 'Bad gateway'))).toBe(UNAVAILABLE_TEXT);
  });

  it('leaves refusals, a 500 and other errors to the screen', () => {
    expect(unavailableMessage(new ApiError(400, 'Bad', { error: 'Bad' }))).toBeNull();
    expect(unavailableMessage(new ApiError(500, 'Internal server error', { error: 'Internal server error' }))).toBeNull();
    expect(unavailableMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(refusalMessage(serviceDown)).toBeNull();
  });

  it('failureMessage: a refusal, else the try-again message, else the fallback', () => {
    expect(failureMessage(new ApiError(409, 'Changed', { error: 'Changed' }), 'F')).toBe('Changed');
    expect(failureMessage(serviceDown, 'F')).toBe('The data store is not answering. Please try again shortly.');
    expect(failureMessage(new ApiError(500, 'Internal server error', { error: 'Internal server error' }), 'F')).toBe('F');
    expect(failureMessage(new TypeError('Failed to fetch'), 'F')).toBe('F');
  });
});

describe('autoRetryDelay', () => {
  it('repeats a GET answered 503 once the wait is at most 5 s (1 s without Retry-After)', () => {
    expect(autoRetryDelay('GET', 503, 2)).toBe(2);
    expect(autoRetryDelay('GET', 503, 5)).toBe(5);
    expect(autoRetryDelay('GET', 503, null)).toBe(1);
    expect(autoRetryDelay('GET', 503, 6)).toBeNull();
  });

  it('never repeats a write, nor another status', () => {
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(autoRetryDelay(m, 503, 1)).toBeNull();
    for (const s of [500, 502, 504, 429, 401]) expect(autoRetryDelay('GET', s, 1)).toBeNull();
  });
});

describe('api', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock<typeof fetch>;
  const down = (retryAfter?: string) =>
    new Response(JSON.stringify({ error: 'The data store is not answering. Please try again shortly.' }), {
      status: 503,
      headers: { 'content-type': 'application/json', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) },
    });
  const fine = () => new Response(JSON.stringify({ ok: 1 }), { status: 200 });

  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    jest.useRealTimers();
    globalThis.fetch = realFetch;
  });

  it('carries the status, the words and Retry-After on the error', async () => {
    fetchMock.mockResolvedValueOnce(down('9'));
    const err = await api('/api/x', { method: 'POST', body: {}, public: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, message: 'The data store is not answering. Please try again shortly.', retryAfterSeconds: 9 });
  });

  it('asks a GET once more after Retry-After, and answers with the second reply', async () => {
    fetchMock.mockResolvedValueOnce(down('2')).mockResolvedValueOnce(fine());
    const answer = api<{ ok: number }>('/api/x', { public: true });
    await jest.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks only once more: a second 503 is thrown', async () => {
    fetchMock.mockResolvedValueOnce(down('1')).mockResolvedValueOnce(down('1')).mockResolvedValueOnce(fine());
    const answer = api('/api/x', { public: true }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(5000);
    expect(await answer).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not wait out a Retry-After over 5 s', async () => {
    fetchMock.mockResolvedValueOnce(down('30')).mockResolvedValueOnce(fine());
    await expect(api('/api/x', { public: true })).rejects.toMatchObject({ status: 503, retryAfterSeconds: 30 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never repeats a write', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(down('1')).mockResolvedValueOnce(fine());
      await expect(api('/api/x', { method, body: { a: 1 }, public: true })).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('stops waiting when the signal is aborted', async () => {
    fetchMock.mockResolvedValueOnce(down('3')).mockResolvedValueOnce(fine());
    const controller = new AbortController();
    const answer = api('/api/x', { public: true, signal: controller.signal }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await answer).toMatchObject({ name: 'AbortError' });
    await jest.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

// Issue 39: a tab whose session ended (here or in another tab) goes to Log In quietly.
describe('the end of a session', () => {
  const realFetch = globalThis.fetch;
  const realStorage = (globalThis as { localStorage?: Storage }).localStorage;
  let fetchMock: jest.Mock<typeof fetch>;
  let signedOut: jest.Mock<(info: { accountRemoved: boolean }) => void>;
  const store = new Map<string, string>();

  beforeEach(() => {
    store.clear();
    Object.assign(globalThis, {
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) },
    });
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    signedOut = jest.fn();
    setUnauthorizedHandler(signedOut);
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    Object.assign(globalThis, { localStorage: realStorage });
    setUnauthorizedHandler(() => {});
  });

  it('sends no call once signed out: a 401 of its own, and the session is told', async () => {
    const err = await api('/api/reports').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, message: SIGNED_OUT });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(signedOut).toHaveBeenCalledWith({ accountRemoved: false });
    // A public call is sent without a token.
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    await api('/api/users/reset-password', { method: 'POST', body: {}, public: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('aborts the calls in flight when the session ends, and later calls run again', async () => {
    store.set(TOKEN_KEY, 'a.b.c');
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason as Error))));
    const inFlight = api('/api/reports').catch((e: unknown) => e);
    abortSessionCalls();
    const err = await inFlight;
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(isSessionEnd(err)).toBe(true);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    await expect(api('/api/reports')).resolves.toEqual({ ok: 1 });
  });

  it('logs no failure for the end of a session, and others in one line without a stack', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logFailure('Failed to fetch reports', new ApiError(401, 'Unauthorized', { error: 'Unauthorized' }));
      logFailure('Failed to fetch reports', new DOMException('The session ended', 'AbortError'));
      expect(error).not.toHaveBeenCalled();
      logFailure('Failed to fetch reports', new ApiError(500, 'Internal error', { error: 'Internal error' }));
      expect(error).toHaveBeenCalledWith('Failed to fetch reports:', '500 Internal error');
    } finally {
      error.mockRestore();
    }
  });
});
