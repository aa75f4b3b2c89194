/**
 * `admin reports`: the report catalogue in force and where it comes from; `--load FILE` checks a
 * catalogue file (the `ReportCatalogue` schema) and stores it, `--reset` removes the stored one so
 * the defaults apply again.
 */
import { readFile } from 'node:fs/promises';
import { dynamo } from '../../lambdas/shared/platform/clients.js';
import { appendAudit } from '../../lambdas/shared/data/audit.js';
import { defaultReports, storeReports, storedReports, type Report } from '../../lambdas/shared/data/reports.js';
import { CatalogueFileError, parseCatalogue } from '../../lambdas/shared/domain/reports/catalogue.js';

export { CatalogueFileError };

export type CatalogueSource = 'stored' | 'defaults';

export async function catalogueInForce(): Promise<{ reports: Report[]; source: CatalogueSource }> {
  const stored = await storedReports(dynamo());
  return stored ? { reports: stored, source: 'stored' } : { reports: defaultReports, source: 'defaults' };
}

/** Reads and checks a catalogue file; throws CatalogueFileError naming the file and the bad entry. */
export async function readCatalogueFile(file: string): Promise<Report[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new CatalogueFileError(`${file}: cannot read the reports file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseCatalogue(file, text);
}

/** Checks the file, then stores its catalogue in place of the stored one. */
export async function loadCatalogueFile(file: string, actor = 'cli'): Promise<Report[]> {
  const reports = await readCatalogueFile(file);
  await storeReports(dynamo(), reports);
  await appendAudit(dynamo(), actor, 'reports.load', file, { reports: reports.length });
  return reports;
}

export async function resetCatalogue(actor = 'cli'): Promise<void> {
  await storeReports(dynamo(), []);
  await appendAudit(dynamo(), actor, 'reports.reset', '', { reports: 0 });
}

export function formatCatalogue(reports: Report[], source: CatalogueSource): string {
  const from = source === 'stored' ? 'the reports table (admin reports --load)' : 'the defaults (built-in report host)';
  return [`${reports.length} reports, from ${from}:`, ...reports.map((r) => `  ${r.name.padEnd(18)} ${r.group.padEnd(14)} ${r.frames.join('  ')}`)].join('\n');
}

export const reportsHelp = `Usage: admin reports [--stage NAME | --local [--data-dir DIR]] [--load FILE | --reset] [--json]

Shows the reports the portal offers, their groups and frame URLs, and where the list comes from:
  1. the catalogue stored in the reports table with --load,
  2. else the defaults: the eight reports on the built-in report host (/embed/...).

  --load FILE   check FILE (the catalogue format, see the README) and store it; nothing is
                stored when any entry is bad (the message names it)
  --reset       remove the stored catalogue, so the defaults apply again
  --json        print the catalogue as JSON (the file format)

Functions read the stored catalogue on every request. Frames from a new Sigma origin also need
that origin in the web distribution's Content-Security-Policy (frame-src), set at deploy time.`;
