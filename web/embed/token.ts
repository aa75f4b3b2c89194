import { EMBED_MESSAGE, isEmbedMessage, REFRESH_AHEAD_SECONDS, tokenExpiry, tokenFromUrl } from './protocol';
import { strings } from './strings';

/**
 * The page's current embed token. It starts as the one in the page's URL; shortly before it
 * expires (or when the server refuses it) the page asks the portal for a fresh one and keeps
 * everything else (sort order, scroll position) as it is.
 */
export class TokenKeeper {
  private token: string | null;
  private waiting: ((token: string | null) => void)[] = [];
  private timer: number | undefined;

  constructor() {
    this.token = tokenFromUrl(window.location.href, window.location.origin);
    window.addEventListener('message', this.handleMessage);
    this.schedule();
  }

  current(): string | null {
    return this.token;
  }

  /** Asks the portal for a fresh token; resolves with it, or null after 10 seconds without one. */
  refresh(): Promise<string | null> {
    if (window.parent === window) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (this.waiting.length === 1) window.parent.postMessage({ type: EMBED_MESSAGE.refresh }, window.location.origin);
      window.setTimeout(() => {
        const i = this.waiting.indexOf(resolve);
        if (i >= 0) {
          this.waiting.splice(i, 1);
          resolve(null);
        }
      }, 10_000);
    });
  }

  private schedule() {
    window.clearTimeout(this.timer);
    const exp = this.token ? tokenExpiry(this.token) : null;
    if (exp === null) return;
    const wait = Math.max(5_000, (exp - REFRESH_AHEAD_SECONDS) * 1000 - Date.now());
    this.timer = window.setTimeout(() => void this.refresh(), Math.min(wait, 2 ** 31 - 1));
  }

  private handleMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== window.parent || !isEmbedMessage(event.data)) return;
    if (event.data.type !== EMBED_MESSAGE.token) return;
    const next = tokenFromUrl(event.data.url, window.location.origin);
    const page = new URL(event.data.url, window.location.origin).pathname;
    if (!next || page !== window.location.pathname) return;
    this.token = next;
    // A reload of the frame then starts from the fresh URL.
    window.history.replaceState(null, '', `${page}?token=${encodeURIComponent(next)}`);
    this.schedule();
    for (const resolve of this.waiting.splice(0)) resolve(next);
  };
}

/** A refused or failed data call: the status decides what the page says. */
export class EmbedHttpError extends Error {
  constructor(readonly status: number) {
    super(status === 401 ? strings.expired : status === 403 ? strings.noAccess : strings.unavailable(status));
  }
}

/** GET from the report host's data API with the current token; on 401 asks for a fresh token once and retries. */
export async function embedFetch(keeper: TokenKeeper, path: string): Promise<Response> {
  const attempt = (token: string | null) => fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, cache: 'no-store' });
  let res = await attempt(keeper.current());
  if (res.status === 401) {
    const fresh = await keeper.refresh();
    if (fresh) res = await attempt(fresh);
  }
  if (!res.ok) throw new EmbedHttpError(res.status);
  return res;
}
