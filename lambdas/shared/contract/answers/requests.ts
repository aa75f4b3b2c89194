/**
 * The service-request calls' answers that the web app parses, in zod/mini (issue 20): imported by
 * ../requests.ts (handlers) and by the web app's API files. No Node imports here: Vite bundles it.
 */
import * as z from 'zod/mini';

export const REQUEST_STATUSES = ['submitted', 'scheduled', 'in progress', 'completed', 'cancelled'] as const;
export const REQUEST_PRIORITIES = ['routine', 'urgent', 'emergency'] as const;
export const RequestStatus = /* @__PURE__ */ (() => z.enum(REQUEST_STATUSES))();
export const RequestPriority = /* @__PURE__ */ (() => z.enum(REQUEST_PRIORITIES))();
export type RequestStatus = z.infer<typeof RequestStatus>;
export type RequestPriority = z.infer<typeof RequestPriority>;

/** The limits of the request form, shared by the handlers and the dialog. */
export const requestLimits = {
  descriptionMax: 2000,
  accessTimesMax: 500,
  noteMax: 2000,
  maxPhotos: 5,
  maxPhotoBytes: 10 * 1024 * 1024,
  /** How long the dispatch mail's photo links work (the longest a presigned GET may last). */
  photoLinkSeconds: 7 * 24 * 3600,
  /** How long the photo links of a list answer work. */
  listPhotoLinkSeconds: 3600,
} as const;

/** Photos a request takes, by extension (the type stored is the extension's, never the browser's claim). */
export const PHOTO_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', heic: 'image/heic' };

/** What the request dialog offers the user being served (part of the list's answer). */
export const RequestForm = /* @__PURE__ */ (() => z.object({
  properties: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The property's customer: the dialog groups the properties by customer when there are several (issue 39). */
      customerId: z.string(),
      /** The property's units: its assets on record and its monitored devices (`monitored`), by name. */
      equipment: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), monitored: z.boolean() })),
    }),
  ),
  /** The provider's phone number for emergencies; null when the stage has none. */
  dispatchPhone: z.nullable(z.string()),
}))();

/**
 * The work order the provider linked to a request (import column `request_id`, issue 43), of a
 * property in the served user's scope: its status and when it is scheduled, in its property's zone.
 */
export const RequestWorkOrder = /* @__PURE__ */ (() => z.object({
  id: z.string(), status: z.string(),
  /**
   * When, as a visit of Coming up carries it (./visits.ts): the property's IANA zone (its own, else
   * the provider's); the visit's start (the arrival window's start, else the scheduled time; null
   * when not scheduled yet); a day with no time of day (midnight UTC, no window); the window.
   */
  timeZone: z.string(),
  scheduledAt: z.nullable(z.string()),
  allDay: z.boolean(),
  windowStart: z.optional(z.string()), windowEnd: z.optional(z.string()),
}))();

export const ServiceRequest = /* @__PURE__ */ (() => z.object({
  reference: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  equipmentName: z.nullable(z.string()),
  description: z.string(),
  priority: RequestPriority,
  accessTimes: z.nullable(z.string()),
  photoCount: z.number(),
  /** Each photo with a link valid for an hour (presigned when the list is read). */
  photos: z.array(z.object({ fileName: z.string(), url: z.string() })),
  status: RequestStatus,
  notes: z.array(z.object({ at: z.string(), text: z.string(), status: RequestStatus })),
  filedBy: z.string(),
  filedOnBehalfOf: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The linked work order (issue 43): in "My Requests" (a customer, or an administrator viewing as one); null elsewhere and when none is linked. */
  workOrder: z.nullable(RequestWorkOrder),
}))();
/** POST /api/requests, action 'list': the requests and, for the served customer, the request form's choices. */
export const RequestsReply = /* @__PURE__ */ (() => z.object({ requests: z.array(ServiceRequest), form: RequestForm }))();
/** POST /api/requests, action 'file' (201) or 'update' (200): the request filed or changed. */
export const WriteReply = /* @__PURE__ */ (() => z.object({ message: z.string(), request: ServiceRequest }))();

export type RequestForm = z.infer<typeof RequestForm>;
export type ServiceRequest = z.infer<typeof ServiceRequest>;
export type RequestWorkOrder = z.infer<typeof RequestWorkOrder>;
export type RequestsReply = z.infer<typeof RequestsReply>;
export type WriteReply = z.infer<typeof WriteReply>;
