import { z } from 'zod';
import { isSafeKey } from '../../adapters/storage/storage.js';

export const ErrorReply = z.object({ error: z.string() });
export const MessageReply = z.object({ message: z.string() });

/** A document key as the client sends it back: never absolute, never with `..` segments. */
export const Key = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(1024)
  .refine(isSafeKey, 'must be a document key (no absolute path, no empty, "." or ".." segments)');
export const PropertyId = z.string().trim().min(1, 'is required').max(200);

export const DocumentsQuery = z.object({
  propertyId: z
    .string()
    .max(100_000)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
    .refine((ids) => ids.length > 0, 'must name at least one property id')
    .refine((ids) => ids.length <= 1000, 'may name at most 1000 property ids')
    .refine((ids) => ids.every((id) => id.length <= 200), 'has an id longer than 200 characters'),
});
export const Document = z.object({ DOCUMENT_URL: z.string(), UPLOADED_AT: z.string(), PROPERTY_ID: z.string() });
export const DocumentsReply = z.array(Document);

export const LinkQuery = z.object({
  key: Key,
  /** 1: a link that always downloads (Content-Disposition: attachment). */
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});
export const LinkReply = z.object({ url: z.string() });

export const DeleteBody = z.object({ key: Key, propertyId: PropertyId });
export const UploadReply = Document.extend({ message: z.string() });

export const ObjectQuery = z.object({
  key: Key,
  exp: z.coerce.number().int().nonnegative(),
  sig: z.string().min(1).max(200),
  download: z.enum(['0', '1']).optional(),
});

/** The spec's file-name rule (section 5): letters, digits, dot, underscore and hyphen. */
export const FILE_NAME_RULE = /^[A-Za-z0-9._-]+$/;
export const isValidFileName = (name: string) => FILE_NAME_RULE.test(name) && name !== '.' && name !== '..' && name.length <= 255;

export const documentMessages = {
  invalidFileName: [
    'The file name contains invalid characters (including spaces or special symbols).',
    'Please rename the file using only letters, numbers, dots (.), underscores (_) and hyphens (-), then upload it again.',
    'Example: my_file-name.png',
  ].join('\n'),
  fileRequired: 'Please select a file',
  deleted: 'Document deleted successfully.',
  uploaded: 'File uploaded successfully.',
  storageDown: 'The document storage is not available right now. Please try again later.',
  badLink: 'This document link is invalid or has expired. Open the document again from the portal.',
} as const;

export const tooLargeMessage = (maxBytes: number) => {
  const mib = maxBytes / (1024 * 1024);
  const kib = maxBytes / 1024;
  const size = mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : kib >= 1 ? `${Number.isInteger(kib) ? kib : kib.toFixed(1)} KiB` : `${maxBytes} bytes`;
  return `The file is too large. The largest file you can upload is ${size}.`;
};
