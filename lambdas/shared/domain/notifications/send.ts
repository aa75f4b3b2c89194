/**
 * Mail to a portal user, as the Notifications settings allow: a topic's mail goes only to a user
 * who has the topic on (contract/answers/notifications.ts has the defaults), and ends with the
 * unsubscribe link (also as a List-Unsubscribe header). No mail goes to an address SES reported
 * bouncing or complaining (mailSuppression), whatever its topic.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { topicTitles, type NotificationTopic } from '../../contract/answers/notifications.js';
import { suppressionOf } from '../../data/mail-suppression.js';
import { effectiveSettings, getNotificationSettings, type NotificationSettingsItem } from '../../data/notification-settings.js';
import { settings } from '../../platform/env.js';
import { log } from '../../platform/log.js';
import { sendMail } from '../../platform/mail.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export interface Recipient {
  sub: string;
  email: string;
}

export type MailOutcome = 'sent' | 'off' | 'suppressed' | 'no-sender';

/** The unsubscribe page of a token (web app route /unsubscribe). */
export const unsubscribeUrl = (token: string) => `${settings.publicUrl().replace(/\/$/, '')}/unsubscribe?token=${token}`;

export function footer(topic: NotificationTopic, url: string): string {
  return [
    '',
    '--',
    `You receive this mail because "${topicTitles[topic]}" is on in your Notifications settings.`,
    `To stop it: ${url}`,
    'Or sign in and open Notifications in the user menu.',
  ].join('\n');
}

/**
 * Sends `mail` to the user if they are to get it. `topic` null: a mail the user asked for by
 * acting (a request's confirmation), sent whatever the settings, but never to a suppressed address.
 * `known`: the user's settings item when the caller has read it (null: read, and there is none).
 */
export async function mailUser(
  db: DynamoDBDocumentClient,
  user: Recipient,
  topic: NotificationTopic | null,
  mail: { subject: string; text: string },
  known?: NotificationSettingsItem | null,
): Promise<MailOutcome> {
  if (topic) {
    const item = known === undefined ? await getNotificationSettings(db, user.sub) : (known ?? undefined);
    if (!effectiveSettings(item)[topic]) return 'off';
  }
  if (await suppressionOf(db, user.email)) {
    log.info('mail not sent: the address is suppressed', { topic, subject: mail.subject });
    return 'suppressed';
  }
  let text = mail.text;
  let headers: Record<string, string> | undefined;
  if (topic) {
    const url = unsubscribeUrl(await unsubscribeToken({ sub: user.sub, topic, email: user.email }));
    text = `${text}\n${footer(topic, url)}`;
    headers = { 'List-Unsubscribe': `<${url}>` };
  }
  return (await sendMail({ to: user.email, subject: mail.subject, text, headers })) ? 'sent' : 'no-sender';
}
