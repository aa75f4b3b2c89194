import { dynamo } from '../../platform/clients.js';
import { requestMessages, type StatusBody, type WriteReply } from '../../contract/requests.js';
import { appendAudit } from '../../data/audit.js';
import { getServiceRequest, updateRequestStatus } from '../../data/service-requests.js';
import { forbidden, notFound, ok, type Reply } from '../../platform/http.js';
import { log } from '../../platform/log.js';
import { getUserByEmail } from '../../data/users.js';
import { mailUser } from '../notifications/send.js';
import type { Scope } from '../../platform/scope.js';
import type * as z from '../../platform/zod-parts.js';
import { statusMail, toAnswer } from './served.js';

/**
 * PATCH /api/requests/{reference} { customerId, status, note? } (administrators; and the legacy
 * POST /api/requests { action: 'update', reference, ... }):
 * sets the status, adds the note the customer sees, audits the change and mails the customer who
 * filed it. A mail that fails is logged: the change stands.
 */
export async function changeStatus(caller: Scope, body: z.output<typeof StatusBody>): Promise<Reply> {
  if (!caller.isAdmin) throw forbidden(requestMessages.adminOnly);
  const db = dynamo();
  const before = await getServiceRequest(db, body.customerId, body.reference);
  if (!before) throw notFound(requestMessages.noRequest(body.reference));
  const note = body.note ? { at: new Date().toISOString(), text: body.note, status: body.status } : null;
  const after = await updateRequestStatus(db, body.customerId, body.reference, body.status, note);
  if (!after) throw notFound(requestMessages.noRequest(body.reference));
  await appendAudit(db, caller.email, 'request-status', after.filedBy, {
    reference: after.reference,
    customerId: after.customerId,
    from: before.status,
    to: after.status,
    ...(body.note ? { note: body.note } : {}),
  });
  try {
    // Sent if the user who filed it still has an account and keeps "service request updates" on.
    const filer = await getUserByEmail(db, after.filedBy);
    if (filer) await mailUser(db, filer, 'requests', statusMail(after, body.note));
  } catch (err) {
    log.error('service request mail failed', { reference: after.reference, err });
  }
  return ok({ message: requestMessages.updated(after.reference), request: toAnswer(after) } satisfies WriteReply);
}
