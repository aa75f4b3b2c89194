/**
 * The caller's own calendar feed (GET, POST and DELETE /api/calendar): its state and address, a new
 * link (which ends the old one), off. Customers only: an administrator, also while viewing the
 * portal as a customer, gets 403 (a feed made for a customer would carry their visits to an
 * address outside the audit log).
 */
import type { CalendarFeedReply } from '../../contract/answers/visits.js';
import { visitMessages } from '../../contract/visits.js';
import { dynamo } from '../../platform/clients.js';
import { getUserBySub, setCalendarFeed } from '../../data/users.js';
import { settings } from '../../platform/env.js';
import { productTitle } from '../../platform/mail-text.js';
import { forbidden, ok, unauthorized, type Reply } from '../../platform/http.js';
import type { Scope } from '../../platform/scope.js';
import { feedToken, newFeedNonce } from './feed-token.js';

/** The calendar's name in the subscriber's app (the feed's X-WR-CALNAME, and Outlook's name when added from the web). */
export const calendarName = () => `${productTitle()}: visits`;

/** The feed's address: the portal's own, so CloudFront carries it to the API like every call. */
export const feedUrl = (token: string) => `${settings.publicUrl().replace(/\/$/, '')}/api/calendar/${token}.ics`;

async function reply(me: Scope, feed: { nonce: string; createdAt: string } | undefined, message?: string): Promise<Reply> {
  const body: CalendarFeedReply = feed
    ? { enabled: true, url: feedUrl(await feedToken({ sub: me.sub, nonce: feed.nonce })), name: calendarName(), createdAt: feed.createdAt, ...(message ? { message } : {}) }
    : { enabled: false, url: null, createdAt: null, ...(message ? { message } : {}) };
  return ok(body);
}

/** `on`: on, keeping a link that is on already; `new`: a new link, whatever was there. */
export async function calendarFeed(me: Scope, action: 'get' | 'on' | 'new' | 'off'): Promise<Reply> {
  if (me.isAdmin) throw forbidden(visitMessages.staffFeed);
  const db = dynamo();
  // The middleware read the caller's row for this request: no second read.
  const user = await getUserBySub(db, me.sub);
  if (!user) throw unauthorized();
  if (action === 'get' || (action === 'on' && user.calendarFeed)) return reply(me, user.calendarFeed);
  if (action === 'off') {
    if (!(await setCalendarFeed(db, me.sub, null))) throw unauthorized();
    return reply(me, undefined, visitMessages.turnedOff);
  }
  const feed = { nonce: newFeedNonce(), createdAt: new Date().toISOString() };
  if (!(await setCalendarFeed(db, me.sub, feed))) throw unauthorized();
  return reply(me, feed, user.calendarFeed ? visitMessages.regenerated : visitMessages.created);
}
