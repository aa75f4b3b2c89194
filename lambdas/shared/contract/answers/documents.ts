/**
 * The documents calls' answers that the web app parses, in zod/mini: imported by ../documents.ts
 * (handlers, OpenAPI description) and by the web app's API files. No Node imports here: Vite bundles
 * this file.
 */
import * as z from 'zod/mini';

/** One document of a property, as GET /api/s3/getdocumentsbyproperty lists it. */
export const Document = /* @__PURE__ */ (() => z.object({ DOCUMENT_URL: z.string(), UPLOADED_AT: z.string(), PROPERTY_ID: z.string() }))();
export const DocumentsReply = /* @__PURE__ */ (() => z.array(Document))();

/** GET /api/s3/getpresignedurl: a short-lived link to one document. */
export const LinkReply = /* @__PURE__ */ (() => z.object({ url: z.string() }))();

/** POST /api/s3/upload-url: a presigned PUT for one file of one property. */
export const UploadUrlReply = /* @__PURE__ */ (() => z.object({
  /** Where the browser POSTs the file (the bucket's address). */
  url: z.string(),
  key: z.string(),
  /**
   * The form fields to send before the file, as given: the key, the content type and the signed
   * policy, which limits the size (content-length-range) and the type, enforced by S3 itself.
   */
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  /** The largest file the policy lets through, in bytes. */
  maxBytes: z.number(),
}))();

export type Document = z.infer<typeof Document>;
/** The name the handlers and the web app's components use for one document. */
export type DocumentRecord = Document;
export type UploadUrlReply = z.infer<typeof UploadUrlReply>;
