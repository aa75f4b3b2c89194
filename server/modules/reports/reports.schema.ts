import { z } from 'zod';

export const ErrorReply = z.object({ error: z.string() });

export const ReportReply = z.object({ id: z.string(), name: z.string(), group: z.string(), frames: z.array(z.string()) });
export const ReportsReply = z.array(ReportReply);

/** A list of ids as an array (strings or numbers) or comma-joined text; absent, null or empty: no narrowing. */
const IdList = z
  .union([z.array(z.union([z.string().max(200), z.number()])).max(10_000), z.string().max(200_000), z.null()])
  .optional()
  .transform((v) => {
    const items = v === null || v === undefined ? [] : Array.isArray(v) ? v.map(String) : v.split(',');
    return [...new Set(items.map((s) => s.trim()).filter(Boolean))];
  });

/** The filtered embed request of spec section 3: userId, email, _url, properties, customers, selectedReport, userDetails. */
export const FilteredBody = z.object({
  userId: z.union([z.number().int(), z.string().max(50), z.null()]).optional(),
  email: z.string().trim().toLowerCase().max(320).email('must be an email address'),
  _url: z.string().trim().min(1, 'is required').max(4000),
  properties: IdList,
  customers: IdList,
  selectedReport: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1, 'is required').max(200)),
  // Sent by the web app; the server takes nothing from it (the viewed user's rows come from the database).
  userDetails: z.unknown().optional(),
});
export type FilteredBody = z.output<typeof FilteredBody>;

export const FilteredReply = z.object({ url: z.string(), expiresAt: z.string() });

export const EmbedPageParams = z.object({ page: z.string().max(64) });
export const EmbedTokenQuery = z.object({ token: z.string().max(8000).optional() });
export const EmbedTableQuery = z.object({
  sort: z.string().max(64).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});

/** Messages of this area (the spec names none; these are ours). */
export const messages = {
  ownViewOnly: 'You can only view reports as yourself.',
  staffView: 'Administrators can view the portal as a non-staff customer only.',
  unknownUser: 'No user with that email.',
  userIdMismatch: 'Invalid body.userId: does not belong to the email',
  noAssignments: 'No customers or properties are assigned to this account, so there is no report to show. Please contact your administrator.',
  nothingInScope: 'None of the requested customers or properties is assigned to this account.',
  unknownReport: (r: string) => `Unknown report "${r}" (body.selectedReport).`,
  unknownFrame: (name: string) => `Invalid body._url: not a frame of the report "${name}".`,
  sigmaNotConfigured: 'This report is hosted by Sigma, which is not configured (SIGMA_CLIENT_ID and SIGMA_SECRET).',
  sigmaEmail: 'This account\'s email address cannot be used with the report service. Please contact your administrator.',
  embedInvalid: 'This report link has expired or is not valid. Reload the portal page to see the report again.',
  embedNoAccess: 'This report is no longer available to this account.',
} as const;
