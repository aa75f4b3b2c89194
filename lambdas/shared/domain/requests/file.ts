import { dynamo } from '../../platform/clients.js';
import { requestLimits, requestMessages, type FileBody, type WriteReply } from '../../contract/requests.js';
import { appendAudit } from '../../data/audit.js';
import { getCustomer } from '../../data/customers.js';
import { equipmentOfCustomer } from '../../data/equipment.js';
import { getProperties } from '../../data/properties.js';
import { putServiceRequest, type RequestPhoto, type ServiceRequestItem } from '../../data/service-requests.js';
import { copyObject, deleteObject, firstBytes, headObject } from '../documents/objects.js';
import { assetsOf, unitsOf } from './units.js';
import { badRequest, forbidden, HttpError, ok, type Reply } from '../../platform/http.js';
import { log } from '../../platform/log.js';
import { mailSettings, sendMail } from '../../platform/mail.js';
import { mailUser } from '../notifications/send.js';
import type { Scope } from '../../platform/scope.js';
import type * as z from '../../platform/zod-parts.js';
import { filedPhotoKey, looksLikeImage, parsePhotoUploadKey, photoLinks, photoType } from './photos.js';
import { confirmationMail, dispatchMail, newReference, servedUser, toAnswer } from './served.js';

/**
 * POST /api/requests { email?, propertyId, equipmentId?, description, priority, accessTimes?, photos }:
 * files a service request for the served customer (the caller, or the customer an administrator
 * views the portal as: recorded as filed on their behalf, and audited). The property must be in the
 * served user's scope and the equipment at that property; each photo must be an upload answered by
 * /api/s3/upload-url for a request photo, checked again here (an image, at most 10 MiB). Then the request is
 * stored, the provider's dispatch address is mailed the request with photo links valid 7 days, and
 * the customer a confirmation with the reference. A mail that fails is logged: the request stands.
 */
export async function fileRequest(caller: Scope, body: z.output<typeof FileBody>): Promise<Reply> {
  const served = await servedUser(caller, body.email);
  if (!served) throw badRequest(requestMessages.staffAccount);
  const customerId = served.propertyCustomers.get(body.propertyId);
  if (!customerId) throw forbidden(requestMessages.outsideProperty(body.propertyId));
  const db = dynamo();
  const [[property], customer, equipment] = await Promise.all([
    getProperties(db, [body.propertyId]),
    getCustomer(db, customerId),
    body.equipmentId ? equipmentOfCustomer(db, customerId) : Promise.resolve([]),
  ]);
  if (!property || property.customerId !== customerId) throw forbidden(requestMessages.outsideProperty(body.propertyId));
  // A unit of the property: a monitored device, or an asset on record (`asset:<id>`).
  const devices = equipment.filter((e) => e.propertyId === body.propertyId);
  const units = body.equipmentId ? unitsOf(body.equipmentId.startsWith('asset:') ? ((await assetsOf(db, [property])).get(property.id) ?? []) : [], devices) : [];
  const unit = body.equipmentId ? units.find((u) => u.id === body.equipmentId) : undefined;
  if (body.equipmentId && !unit) throw badRequest(requestMessages.noEquipment(body.equipmentId));

  if (new Set(body.photos).size !== body.photos.length) throw badRequest(requestMessages.photoTwice);
  const names = body.photos.map(parsePhotoUploadKey);
  if (names.some((n) => !n)) throw badRequest(requestMessages.notPhotoKey);
  const heads = await Promise.all(body.photos.map(headObject));
  heads.forEach((h, i) => {
    if (!h) throw badRequest(requestMessages.noPhoto);
    if (h.size > requestLimits.maxPhotoBytes) throw new HttpError(413, requestMessages.photoTooLarge);
    if (h.contentType.split(';')[0]!.trim().toLowerCase() !== photoType(names[i]!)) throw badRequest(requestMessages.wrongPhotoType);
  });
  // The bytes, not the name: each photo's first bytes must be the image its name says.
  const starts = await Promise.all(body.photos.map((k) => firstBytes(k, 16)));
  starts.forEach((b, i) => {
    if (!b) throw badRequest(requestMessages.noPhoto);
    if (!looksLikeImage(photoType(names[i]!)!, b)) throw badRequest(requestMessages.photoNotImage(names[i]!));
  });

  const reference = newReference();
  const photos: RequestPhoto[] = body.photos.map((_, i) => ({ key: filedPhotoKey(reference, i, names[i]!), fileName: names[i]!, size: heads[i]!.size }));
  await Promise.all(photos.map((p, i) => copyObject(body.photos[i]!, p.key, photoType(p.fileName)!)));

  const at = new Date().toISOString();
  const item: ServiceRequestItem = {
    customerId,
    reference,
    kind: 'request',
    customerName: customer?.name ?? customerId,
    propertyId: property.id,
    propertyName: property.name,
    ...(unit ? { equipmentId: unit.id, equipmentName: unit.name } : {}),
    description: body.description,
    priority: body.priority,
    ...(body.accessTimes ? { accessTimes: body.accessTimes } : {}),
    photos,
    status: 'submitted',
    notes: [],
    filedBy: served.email,
    ...(served.onBehalfOf ? { filedOnBehalfOf: served.onBehalfOf } : {}),
    createdAt: at,
    updatedAt: at,
  };
  // A taken reference (the same second and the same four characters) is refused, never overwritten.
  // Until the row is written the uploaded photos stay where they are: a failed write removes the
  // copies, and the same request sent again finds its photos (uploads left behind expire).
  let stored: boolean;
  try {
    stored = await putServiceRequest(db, item);
  } catch (err) {
    await Promise.all(photos.map((p) => deleteObject(p.key).catch((e: unknown) => log.error('could not remove a filed photo copy (orphaned object)', { key: p.key, err: e }))));
    throw err;
  }
  if (!stored) throw new HttpError(503, 'Please try again: the request could not be given a reference number.');
  await Promise.all(body.photos.map((k) => deleteObject(k).catch((e: unknown) => log.warn('an uploaded photo stays until the uploads expire', { key: k, err: e }))));
  if (served.onBehalfOf) await appendAudit(db, served.onBehalfOf, 'request-filed', served.email, { reference, customerId, propertyId: property.id, priority: body.priority });

  try {
    const links = (await photoLinks(item, requestLimits.photoLinkSeconds)).map((l) => l.url);
    await sendMail({ to: mailSettings.dispatchEmail(), ...dispatchMail(item, links) });
    await mailUser(db, served, null, confirmationMail(item));
  } catch (err) {
    log.error('service request mail failed', { reference, err });
  }
  const message = served.onBehalfOf ? requestMessages.filedFor(reference, served.email) : requestMessages.filed(reference);
  return ok({ message, request: toAnswer(item) } satisfies WriteReply, 201);
}
