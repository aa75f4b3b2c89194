/** The audit log calls: GET /api/audit and POST /api/audit/view-as (administrators). */
import { emailString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';

/** An event's cursor: its sort key, `<ISO time>#<uuid>`. */
const Cursor = /* @__PURE__ */ (() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/, 'must be the nextBefore of a previous page')))();

export const AuditQuery = /* @__PURE__ */ (() => z.object({
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(500))), 50),
  /** Answer events older than this one (the previous page's nextBefore). */
  before: z.optional(Cursor),
}))();

export const AuditEvent = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.unknown(),
}))();

export const AuditReply = /* @__PURE__ */ (() => z.object({
  events: z.array(AuditEvent),
  /** Pass as ?before= for the next (older) page; null on the last page. */
  nextBefore: z.nullable(z.string()),
}))();

export const ViewAsBody = /* @__PURE__ */ (() => z.object({
  email: emailString(),
}))();
export const ViewAsReply = /* @__PURE__ */ (() => z.object({ message: z.string() }))();

export const auditMessages = {
  staffViewAs: 'Invalid body.email: staff accounts cannot be viewed as a customer.',
  noUser: (email: string) => `No user with the email ${email}.`,
  viewing: (email: string) => `Viewing the portal as ${email}.`,
} as const;

export type AuditEvent = z.infer<typeof AuditEvent>;
export type AuditReply = z.infer<typeof AuditReply>;
