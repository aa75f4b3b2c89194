/**
 * The report catalogue: the format of a catalogue file (validated by the operator command
 * `reports --load` before it stores it), the catalogue in force, and frame URL helpers.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from '../../platform/zod-parts.js';
import { isPage, pageNames } from '../../contract/reports.js';
import { defaultReports, storedReports, type Report } from '../../data/reports.js';

export const isBuiltInFrame = (url: string) => url.startsWith('/embed/');

/** The built-in page a frame URL names: /embed/<page>. */
export const builtInPage = (url: string) => url.slice('/embed/'.length).split('?')[0]!;

/** A frame URL is a built-in host page (/embed/<page>) or an absolute http(s) URL (a Sigma workbook). */
export const FrameUrl = /* @__PURE__ */ (() => z.string().check(
  z.trim(),
  z.refine(
    (u) => /^\/embed\/[a-z0-9-]+(\?[^#\s]*)?$/.test(u) || /^https?:\/\/[^\s/]+(\/[^\s#]*)?$/.test(u),
    'must be a built-in page such as /embed/dashboard or an http(s) URL such as https://app.sigmacomputing.com/<org>/workbook/<name>-<id>',
  ),
))();

const ReportEntry = /* @__PURE__ */ (() => z.object({
  id: z.string().check(z.trim(), z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and hyphens (at most 64)')),
  name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100)),
  group: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), 'General'),
  frames: z
    .array(FrameUrl.check(z.refine((u) => !isBuiltInFrame(u) || isPage(builtInPage(u)), `names no built-in page (they are ${pageNames.map((p) => `/embed/${p}`).join(', ')})`)))
    .check(z.minLength(1, 'needs at least one frame URL'), z.maxLength(12)),
}))();

/**
 * A catalogue file: `{ "reports": [ { id, name, group?, frames: [url, ...] } ] }` (a bare array also
 * works); ids and names unique, at least one report. Parses to the list of reports.
 */
export const ReportCatalogue = /* @__PURE__ */ (() => z.pipe(
  z.pipe(
    z.pipe(z.transform((v: unknown) => (Array.isArray(v) ? { reports: v } : v)), z.object({ reports: z.array(ReportEntry) })),
    z.transform((f): Report[] => f.reports),
  ),
  z.custom<Report[]>().check(z.superRefine((reports, ctx) => {
    if (reports.length === 0) ctx.addIssue({ code: 'custom', message: 'names no report' });
    const seen = new Set<string>();
    for (const [i, r] of reports.entries()) {
      for (const key of [r.id, `name:${r.name.toLowerCase()}`]) {
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['reports', i], message: `repeats ${key.startsWith('name:') ? 'the name' : 'the id'} "${key.replace(/^name:/, '')}"` });
        seen.add(key);
      }
    }
  })),
))();

export class CatalogueFileError extends Error {}

/** Parses a catalogue file's text; throws CatalogueFileError naming the file and the bad entry. */
export function parseCatalogue(file: string, text: string): Report[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CatalogueFileError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const parsed = ReportCatalogue.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CatalogueFileError(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** The catalogue in force: the one stored with `reports --load`, else the defaults. */
export async function loadCatalogue(db: DynamoDBDocumentClient): Promise<Report[]> {
  return (await storedReports(db)) ?? defaultReports;
}

/** Finds a report by id, or by name (case-insensitive). */
export function findReport(reports: Report[], idOrName: string): Report | undefined {
  const key = idOrName.trim();
  return reports.find((r) => r.id === key) ?? reports.find((r) => r.name.toLowerCase() === key.toLowerCase());
}

/** Origins of the absolute frame URLs (for a CSP's frame-src). */
export function frameOriginsOf(reports: Report[]): string[] {
  const origins = new Set<string>();
  for (const r of reports) for (const f of r.frames) if (/^https?:\/\//.test(f)) origins.add(new URL(f).origin);
  return [...origins];
}
