import { dynamo } from '../shared/clients.js';
import { requestMessages, StatusBody, StatusParams } from '../shared/contract/requests.js';
import { appendAudit } from '../shared/data/audit.js';
import { getServiceRequest, updateRequestStatus } from '../shared/data/service-requests.js';
import { notFound, ok } from '../shared/http.js';
import { log } from '../shared/log.js';
import { sendMail } from '../shared/mail.js';
import { api } from '../shared/middleware.js';
import { statusMail, toAnswer } from '../shared/requests/served.js';

/**
 * PUT /api/requests/{customerId}/{reference} { status, note? } (administrators): sets the status,
 * adds the note the customer sees, audits the change and mails the customer who filed it.
 */
export const handler = api({ params: StatusParams, body: StatusBody }, async ({ params, body, caller }) => {
  const db = dynamo();
  const before = await getServiceRequest(db, params.customerId, params.reference);
  if (!before) throw notFound(requestMessages.noRequest(params.reference));
  const note = body.note ? { at: new Date().toISOString(), text: body.note, status: body.status } : null;
  const after = await updateRequestStatus(db, params.customerId, params.reference, body.status, note);
  if (!after) throw notFound(requestMessages.noRequest(params.reference));
  await appendAudit(db, caller!.email, 'request-status', after.filedBy, {
    reference: after.reference,
    customerId: after.customerId,
    from: before.status,
    to: after.status,
    ...(body.note ? { note: body.note } : {}),
  });
  try {
    await sendMail({ to: after.filedBy, ...statusMail(after, body.note) });
  } catch (err) {
    log.error('service request mail failed', { reference: after.reference, err });
  }
  return ok({ message: requestMessages.updated(after.reference), request: toAnswer(after) });
});
