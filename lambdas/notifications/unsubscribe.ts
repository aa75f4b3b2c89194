import { dynamo } from '../shared/platform/clients.js';
import { notificationMessages, topicTitles, UnsubscribeBody, type UnsubscribeReply } from '../shared/contract/notifications.js';
import { switchOff } from '../shared/data/notification-settings.js';
import { getUserBySub } from '../shared/data/users.js';
import { badRequest, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { readUnsubscribeToken } from '../shared/domain/notifications/unsubscribe-token.js';

/**
 * POST /api/notifications/unsubscribe { token }: a mail's unsubscribe link, without signing in.
 * The token (lambdas/shared/domain/notifications/unsubscribe-token.ts) switches one topic off for the
 * account it names by `sub`, nothing else. The page asks first and posts on a click: a mail
 * scanner that opens the link unsubscribes no one.
 */
export const handler = api({ body: UnsubscribeBody }, async ({ body }) => {
  const claims = await readUnsubscribeToken(body.token);
  if (!claims) throw badRequest(notificationMessages.badToken);
  const db = dynamo();
  const user = await getUserBySub(db, claims.sub);
  if (!user) throw notFound(notificationMessages.noUser);
  await switchOff(db, user, claims.topic);
  const reply: UnsubscribeReply = { message: notificationMessages.unsubscribed(topicTitles[claims.topic]), topic: claims.topic };
  return ok(reply);
});
