/**
 * The report list's answer (GET /api/reports), in zod/mini: imported by ../reports.ts (handlers,
 * OpenAPI description) and by the web app's API file. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

export const ReportReply = /* @__PURE__ */ (() => z.object({ id: z.string(), name: z.string(), group: z.string(), frames: z.array(z.string()) }))();
export const ReportsReply = /* @__PURE__ */ (() => z.array(ReportReply))();

export type ReportReply = z.output<typeof ReportReply>;
