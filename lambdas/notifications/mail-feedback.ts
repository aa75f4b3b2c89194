/**
 * SES's bounce and complaint events for the stage's configuration set, through an SNS topic (jobs
 * stack). A permanent bounce or a complaint suppresses the address: no portal mail goes to it
 * again (lambdas/shared/domain/notifications/send.ts) until an administrator lifts it
 * (`npm run admin -- mail unsuppress <address>`). Transient bounces (a full mailbox) suppress
 * nothing. A record that is not such an event is logged and skipped: SNS would only redeliver it.
 * An address whose suppression cannot be written is logged, the others are written, and the run
 * then ends with JobFailed and throws, so that Lambda delivers the event again (writing a
 * suppression twice changes nothing).
 */
import { dynamo } from '../shared/platform/clients.js';
import { suppress, type SuppressionReason } from '../shared/data/mail-suppression.js';
import { log } from '../shared/platform/log.js';
import { runJob } from '../shared/platform/job.js';
import { tracingReady } from '../shared/platform/observability.js';

export interface SnsEvent {
  Records?: { Sns?: { Message?: string } }[];
}

interface SesEvent {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: { emailAddress?: string; diagnosticCode?: string }[] };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: { emailAddress?: string }[] };
}

/** The addresses an SES event suppresses, with why. */
export function suppressionsOf(event: SesEvent): { address: string; reason: SuppressionReason; detail: string }[] {
  const type = event.eventType ?? event.notificationType;
  const valid = (a: unknown): a is string => typeof a === 'string' && a.includes('@') && a.length <= 320;
  if (type === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    return (event.bounce.bouncedRecipients ?? [])
      .filter((r) => valid(r.emailAddress))
      .map((r) => ({ address: r.emailAddress!, reason: 'bounce' as const, detail: `${event.bounce!.bounceSubType ?? 'Permanent'}: ${r.diagnosticCode ?? ''}`.trim() }));
  }
  if (type === 'Complaint') {
    return (event.complaint?.complainedRecipients ?? [])
      .filter((r) => valid(r.emailAddress))
      .map((r) => ({ address: r.emailAddress!, reason: 'complaint' as const, detail: event.complaint!.complaintFeedbackType ?? 'complaint' }));
  }
  return [];
}

export interface FeedbackSummary {
  suppressed: number;
  failed: number;
}

export const handler = (event: SnsEvent): Promise<FeedbackSummary> => runJob('notifications/mail-feedback', () => suppressAll(event), (s) => s.failed);

async function suppressAll(event: SnsEvent): Promise<FeedbackSummary> {
  await tracingReady();
  const db = dynamo();
  const summary: FeedbackSummary = { suppressed: 0, failed: 0 };
  for (const record of event.Records ?? []) {
    let parsed: SesEvent;
    try {
      parsed = JSON.parse(record.Sns?.Message ?? '') as SesEvent;
    } catch {
      log.warn('mail feedback: a message that is not JSON was skipped');
      continue;
    }
    for (const s of suppressionsOf(parsed)) {
      try {
        await suppress(db, s.address, s.reason, s.detail);
      } catch (err) {
        summary.failed++;
        log.error('mail address not suppressed', { reason: s.reason, err });
        continue;
      }
      summary.suppressed++;
      log.info('mail address suppressed', { reason: s.reason, detail: s.detail });
    }
  }
  return summary;
}
