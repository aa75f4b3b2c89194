import { pageFromPath, tokenPage } from './protocol';
import { isKnownPage, strings } from './strings';
import { EmbedHttpError } from './token';

export interface Problem {
  title: string;
  message: string;
}

/** What the page says when it cannot show its report (the server no longer renders these pages). */
export function problemOf(error: unknown): Problem {
  if (error instanceof EmbedHttpError) {
    if (error.status === 401) return { title: strings.expiredTitle, message: strings.expired };
    if (error.status === 403) return { title: strings.noAccessTitle, message: strings.noAccess };
    return { title: strings.unavailableTitle, message: strings.unavailable(error.status) };
  }
  return { title: strings.unavailableTitle, message: (error as Error).message };
}

/** A problem known before any call: an unknown page, or no token for this page in the URL. */
export function problemBeforeLoading(pathname: string, token: string | null): Problem | null {
  const page = pageFromPath(pathname);
  if (!isKnownPage(page)) return { title: strings.notFoundTitle, message: strings.notFound(page) };
  if (!token || tokenPage(token) !== page) return { title: strings.expiredTitle, message: strings.expired };
  return null;
}
