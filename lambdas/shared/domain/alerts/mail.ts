/**
 * Equipment alert mails: after a customer's pass, each user of that customer who keeps "Equipment
 * alerts" on (the default) gets one mail for the pass's raises and one for its clears, listing only
 * the equipment they may see. A raise and a clear are each one transition (./transitions.ts), so
 * each is mailed once: no mail storm while a condition lasts.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ruleTitles } from '../../contract/answers/alerts.js';
import type { EquipmentAlertItem } from '../../data/equipment-alerts.js';
import { notificationSettingsOf } from '../../data/notification-settings.js';
import type { UserItem } from '../../data/users.js';
import { isStaffEmail } from '../../platform/env.js';
import { greetingName, mailTime, productTitle } from '../../platform/mail-text.js';
import { mailUser, type MailOutcome } from '../notifications/send.js';
import { assignedScope } from '../../platform/scope.js';
import { mailLinks } from '../../platform/links.js';

const unit = (a: EquipmentAlertItem) => `${a.equipmentName} (${a.buildingName})`;

export function alertMail(name: string, kind: 'raised' | 'cleared', alerts: readonly EquipmentAlertItem[]) {
  const one = alerts.length === 1 ? alerts[0]! : undefined;
  const subject =
    kind === 'raised'
      ? one
        ? `Equipment alert: ${unit(one)}: ${ruleTitles[one.rule]}`
        : `${alerts.length} equipment alerts raised`
      : one
        ? `Cleared: ${unit(one)}: ${ruleTitles[one.rule]}`
        : `${alerts.length} equipment alerts cleared`;
  const lines = alerts.flatMap((a) =>
    kind === 'raised'
      ? ['', `${unit(a)} (device ${a.deviceId})`, `  ${ruleTitles[a.rule]} since ${mailTime(a.since)}`, ...(a.detail ? [`  ${a.detail}`] : [])]
      : ['', `${unit(a)} (device ${a.deviceId})`, `  ${ruleTitles[a.rule]}: back to normal at ${mailTime(a.updatedAt)}`],
  );
  return {
    subject,
    text: [
      `Hello ${greetingName(name)},`,
      '',
      kind === 'raised'
        ? `${productTitle()} raised ${alerts.length === 1 ? 'an alert' : `${alerts.length} alerts`} on your equipment:`
        : `${alerts.length === 1 ? 'An alert' : `${alerts.length} alerts`} on your equipment cleared:`,
      ...lines,
      '',
      `See the equipment on the dashboard: ${mailLinks.equipment()}`,
    ].join('\n'),
  };
}

/** The customer's users, with the alerts each may see. */
export function recipientsOf(users: readonly UserItem[], customerId: string, alerts: readonly EquipmentAlertItem[]) {
  return users
    .filter((u) => !isStaffEmail(u.email) && u.customerIds?.includes(customerId))
    .map((u) => {
      const { propertyIds } = assignedScope(u);
      return { user: u, alerts: alerts.filter((a) => !a.propertyId || propertyIds.has(a.propertyId)) };
    })
    .filter((r) => r.alerts.length > 0);
}

/** Mails one pass's raises and clears of a customer; answers the outcome per mail. */
export async function mailAlerts(
  db: DynamoDBDocumentClient,
  users: readonly UserItem[],
  customerId: string,
  raised: readonly EquipmentAlertItem[],
  cleared: readonly EquipmentAlertItem[],
): Promise<MailOutcome[]> {
  const outcomes: MailOutcome[] = [];
  const groups = [['raised', raised], ['cleared', cleared]] as const;
  const subs = users.filter((u) => u.customerIds?.includes(customerId)).map((u) => u.sub);
  const known = await notificationSettingsOf(db, subs);
  for (const [kind, alerts] of groups) {
    if (alerts.length === 0) continue;
    for (const r of recipientsOf(users, customerId, alerts)) {
      outcomes.push(await mailUser(db, r.user, 'alerts', alertMail(r.user.name || r.user.email, kind, r.alerts), known.get(r.user.sub) ?? null));
    }
  }
  return outcomes;
}
