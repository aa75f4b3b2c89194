import { z } from 'zod';

export const ErrorReply = z.object({ error: z.string() });
export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Cursor: answer events with an id below this one (the previous page's nextBefore). */
  before: z.coerce.number().int().positive().optional(),
});
export const AuditEvent = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.unknown(),
});
export const AuditReply = z.object({
  events: z.array(AuditEvent),
  /** Pass as ?before= for the next (older) page; null on the last page. */
  nextBefore: z.number().nullable(),
});
export const ViewAsBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .regex(/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/, 'must be an email address'),
});
export const ViewAsReply = z.object({ message: z.string() });
