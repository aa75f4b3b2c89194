/**
 * The service-request calls (issue 20, beyond the spec): requests and the messages the portal
 * answers with. The answers the web app parses live in ./answers/requests.ts.
 */
import { emailString, idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import { REQUEST_PRIORITIES, REQUEST_STATUSES, requestLimits } from './answers/requests.js';

export * from './answers/requests.js';

export const requestMessages = {
  notImage: 'Invalid body.fileName: a photo must be a JPEG, PNG, GIF, WebP or HEIC image (.jpg, .jpeg, .png, .gif, .webp, .heic).',
  photoTooLarge: 'The photo is too large. The largest photo you can attach is 10 MiB.',
  notPhotoKey: "Invalid body.photos: each must be a key answered by /api/s3/upload-url for a request photo (purpose 'request-photo').",
  noPhoto: 'Invalid body.photos: a photo was not uploaded, or its upload has expired. Attach it again.',
  photoTwice: 'Invalid body.photos: a photo is attached twice.',
  wrongPhotoType: 'Invalid body.photos: a photo was sent with another content type than its file name says.',
  photoNotImage: (name: string) => `Invalid body.photos: ${name} is not an image: its content is not a JPEG, PNG, GIF, WebP or HEIC picture, whatever its name says.`,
  outsideProperty: (id: string) => `You do not have access to property ${id}.`,
  noEquipment: (id: string) => `Invalid body.equipmentId: no equipment ${id} at this property.`,
  outsideUser: 'You may file and see requests only for your own account.',
  noUser: (email: string) => `No user with the email ${email}.`,
  noRequest: (reference: string) => `No service request ${reference}.`,
  staffAccount: 'Administrators file requests only while viewing the portal as a customer.',
  filed: (reference: string) => `Your request ${reference} was sent. We have emailed you a confirmation.`,
  filedFor: (reference: string, email: string) => `Request ${reference} was sent for ${email}, who has been emailed a confirmation.`,
  updated: (reference: string) => `Request ${reference} updated.`,
  adminOnly: 'Only administrators may change service requests.',
} as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** An optional ?email= or body email: the customer whose requests these are (administrators viewing as them). */
const ForEmail = /* @__PURE__ */ (() => z.optional(emailString()))();

/**
 * The previous release's one route, POST /api/requests with the body's `action`: 'list', 'file' and
 * 'update'. Answered for one release only (the route table's `legacy` note), for that release's web
 * app still open in browsers; the next release removes it. Each action's body is the new route's.
 */
export const REQUEST_ACTIONS = ['list', 'file', 'update'] as const;
export const RequestsBody = /* @__PURE__ */ (() => z.looseObject({ action: z.enum(REQUEST_ACTIONS) }))();

/** POST /api/requests: a customer files a request (an administrator for the customer `email` they view as). */
export const FileBody = /* @__PURE__ */ (() => z.object({
  email: ForEmail,
  propertyId: idString(200, 'is required'),
  equipmentId: z.optional(idString(200)),
  description: z.string().check(z.trim(), z.minLength(1, 'is required: say what is wrong'), z.maxLength(requestLimits.descriptionMax)),
  priority: z.enum(REQUEST_PRIORITIES),
  accessTimes: z.optional(text(requestLimits.accessTimesMax)),
  photos: z._default(z.array(z.string().check(z.maxLength(1024))).check(z.maxLength(requestLimits.maxPhotos, `may hold at most ${requestLimits.maxPhotos} photos`)), []),
}))();

const Days = /* @__PURE__ */ (() => z.int().check(z.gte(1), z.lte(3660)))();
const listFields = /* @__PURE__ */ (() => ({
  email: ForEmail,
  customerId: z.optional(idString(200)),
  status: z.optional(z.enum(REQUEST_STATUSES)),
}))();

/** GET /api/requests?email=&customerId=&status=&days=: `days`, filed within this many days, as query text. */
export const ListQuery = /* @__PURE__ */ (() => z.object({ ...listFields, days: z.optional(z.pipe(z.coerce.number(), Days)) }))();

/** The legacy { action: 'list' } body: the query's fields, `days` a JSON number. */
export const ListBody = /* @__PURE__ */ (() => z.object({ ...listFields, days: z.optional(Days) }))();

export const Reference = /* @__PURE__ */ (() => z.string().check(z.regex(/^SR-\d{6}-\d{6}-[A-Z0-9]{4}$/, 'must be a reference such as SR-261125-142501-K7QX')))();
/** PATCH /api/requests/{reference} (administrators) */
export const ReferenceParams = /* @__PURE__ */ (() => z.object({ reference: Reference }))();
/** PATCH /api/requests/{reference} (administrators): the request's customer, its new status and a note the customer sees. */
export const StatusChangeBody = /* @__PURE__ */ (() => z.object({
  customerId: idString(200),
  status: z.enum(REQUEST_STATUSES),
  note: z.optional(text(requestLimits.noteMax)),
}))();
/** A change of status as lambdas/shared/domain/requests/status.ts takes it (the legacy { action: 'update' } body too). */
export const StatusBody = /* @__PURE__ */ (() => z.object({ customerId: StatusChangeBody.shape.customerId, reference: Reference, status: StatusChangeBody.shape.status, note: StatusChangeBody.shape.note }))();
