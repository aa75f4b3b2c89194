/**
 * The service-request calls' answers that the web app parses, in zod/mini (issue 20): imported by
 * ../requests.ts (handlers) and by the web app's API files. No Node imports here: Vite bundles it.
 */
import * as z from 'zod/mini';

export const REQUEST_STATUSES = ['submitted', 'scheduled', 'in progress', 'completed', 'cancelled'] as const;
export const REQUEST_PRIORITIES = ['routine', 'urgent', 'emergency'] as const;
export const RequestStatus = z.enum(REQUEST_STATUSES);
export const RequestPriority = z.enum(REQUEST_PRIORITIES);
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
} as const;

/** GET /api/requests/form: what the request dialog offers the user being served. */
export const RequestFormReply = z.object({
  properties: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      equipment: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
    }),
  ),
  /** The provider's phone number for emergencies; null when the stage has none. */
  dispatchPhone: z.nullable(z.string()),
});

export const ServiceRequest = z.object({
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
  status: RequestStatus,
  notes: z.array(z.object({ at: z.string(), text: z.string(), status: RequestStatus })),
  filedBy: z.string(),
  filedOnBehalfOf: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const RequestsReply = z.object({ requests: z.array(ServiceRequest) });

/** POST /api/requests/photo-url: a presigned POST for one photo (images only, size-limited by the policy). */
export const PhotoUrlReply = z.object({
  url: z.string(),
  key: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number(),
});

export type RequestFormReply = z.infer<typeof RequestFormReply>;
export type ServiceRequest = z.infer<typeof ServiceRequest>;
export type RequestsReply = z.infer<typeof RequestsReply>;
export type PhotoUrlReply = z.infer<typeof PhotoUrlReply>;
