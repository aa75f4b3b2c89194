import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isPage, pageNames } from './embed.pages.js';
import type { DbOrTrx } from '../../db/index.js';

/** A report of the catalogue: id, name, group (spec section 3) and its configured frame URLs. */
export interface Report {
  id: string;
  name: string;
  group: string;
  frames: string[];
}

/** The built-in report host's pages, one per report (spec section 2, names and groups letter for letter). */
export const defaultReports: Report[] = [
  { id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] },
  { id: 'quotes', name: 'Quotes', group: 'General', frames: ['/embed/quotes'] },
  { id: 'work-orders', name: 'Work Orders', group: 'Work History', frames: ['/embed/work-orders'] },
  { id: 'maintenance', name: 'Maintenance', group: 'Work History', frames: ['/embed/maintenance'] },
  { id: 'capital-projects', name: 'Capital Projects', group: 'Work History', frames: ['/embed/capital-projects'] },
  { id: 'assets', name: 'Assets', group: 'General', frames: ['/embed/assets'] },
  { id: 'invoicing', name: 'Invoicing', group: 'General', frames: ['/embed/invoicing'] },
  { id: 'analytics', name: 'Analytics', group: 'General', frames: ['/embed/analytics'] },
];

/** A frame URL is a built-in host page (/embed/<page>) or an absolute http(s) URL (a Sigma workbook). */
export const FrameUrl = z
  .string()
  .trim()
  .refine(
    (u) => /^\/embed\/[a-z0-9-]+(\?[^#\s]*)?$/.test(u) || /^https?:\/\/[^\s/]+(\/[^\s#]*)?$/.test(u),
    'must be a built-in page such as /embed/dashboard or an http(s) URL such as https://app.sigmacomputing.com/<org>/workbook/<name>-<id>',
  );

const ReportEntry = z.object({
  id: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and hyphens (at most 64)'),
  name: z.string().trim().min(1, 'is required').max(100),
  group: z.string().trim().min(1).max(100).default('General'),
  frames: z
    .array(FrameUrl.refine((u) => !isBuiltInFrame(u) || isPage(builtInPage(u)), `names no built-in page (they are ${pageNames.map((p) => `/embed/${p}`).join(', ')})`))
    .min(1, 'needs at least one frame URL')
    .max(12),
});

/** The REPORTS_FILE format: `{ "reports": [ { id, name, group?, frames: [url, ...] } ] }` (a bare array also works). */
export const ReportsFile = z
  .preprocess((v) => (Array.isArray(v) ? { reports: v } : v), z.object({ reports: z.array(ReportEntry) }))
  .transform((f) => f.reports)
  .superRefine((reports, ctx) => {
    if (reports.length === 0) ctx.addIssue({ code: 'custom', message: 'names no report' });
    const seen = new Set<string>();
    for (const [i, r] of reports.entries()) {
      for (const key of [r.id, `name:${r.name.toLowerCase()}`]) {
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['reports', i], message: `repeats ${key.startsWith('name:') ? 'the name' : 'the id'} "${key.replace(/^name:/, '')}"` });
        seen.add(key);
      }
    }
  });

export class ReportsFileError extends Error {}

/** Parses a reports file's text; throws ReportsFileError naming the file and the bad entry. */
export function parseReportsFile(file: string, text: string): Report[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ReportsFileError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const parsed = ReportsFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ReportsFileError(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** Reads REPORTS_FILE (once, at start-up). */
export function readReportsFile(file: string): Report[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ReportsFileError(`${file}: cannot read the reports file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseReportsFile(file, text);
}

/** The catalogue stored by `portal reports --load`, or null when none is stored. */
export async function storedReports(db: DbOrTrx): Promise<Report[] | null> {
  const reports = await db.selectFrom('reports').select(['id', 'name', 'report_group', 'position']).orderBy('position').orderBy('id').execute();
  if (!reports.length) return null;
  const frames = await db.selectFrom('report_frames').select(['report_id', 'url']).orderBy('report_id').orderBy('position').orderBy('id').execute();
  return reports.map((r) => ({
    id: r.id,
    name: r.name,
    group: r.report_group,
    frames: frames.filter((f) => f.report_id === r.id).map((f) => f.url),
  }));
}

/** Replaces the stored catalogue (null: remove it, so the defaults apply again). */
export async function storeReports(db: DbOrTrx, reports: Report[] | null): Promise<void> {
  await db.deleteFrom('report_frames').execute();
  await db.deleteFrom('reports').execute();
  if (!reports) return;
  await db.insertInto('reports').values(reports.map((r, i) => ({ id: r.id, name: r.name, report_group: r.group, position: i }))).execute();
  const frames = reports.flatMap((r) => r.frames.map((url, position) => ({ report_id: r.id, position, url })));
  if (frames.length) await db.insertInto('report_frames').values(frames).execute();
}

export type CatalogueSource = 'file' | 'database' | 'defaults';

/** The catalogue in force: REPORTS_FILE, else the one stored with `portal reports --load`, else the defaults. */
export async function loadCatalogue(db: DbOrTrx, fromFile: Report[] | undefined): Promise<{ reports: Report[]; source: CatalogueSource }> {
  if (fromFile) return { reports: fromFile, source: 'file' };
  const stored = await storedReports(db);
  return stored ? { reports: stored, source: 'database' } : { reports: defaultReports, source: 'defaults' };
}

/** Finds a report by id, or by name (case-insensitive). */
export function findReport(reports: Report[], idOrName: string): Report | undefined {
  const key = idOrName.trim();
  return reports.find((r) => r.id === key) ?? reports.find((r) => r.name.toLowerCase() === key.toLowerCase());
}

/** Origins of the absolute frame URLs (for the CSP's frame-src). */
export function frameOriginsOf(reports: Report[]): string[] {
  const origins = new Set<string>();
  for (const r of reports) for (const f of r.frames) if (/^https?:\/\//.test(f)) origins.add(new URL(f).origin);
  return [...origins];
}

export const isBuiltInFrame = (url: string) => url.startsWith('/embed/');

/** The built-in page a frame URL names: /embed/<page>. */
export const builtInPage = (url: string) => url.slice('/embed/'.length).split('?')[0]!;

