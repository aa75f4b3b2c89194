import type { Command } from '../../cli/commands.js';
import { migrate, openDb } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { loadCatalogue, readReportsFile, ReportsFileError, storeReports, type Report } from './reports.catalogue.js';

/** `portal reports`: shows the report catalogue in force; --load stores one from a JSON file, --reset removes it. */
export const reportsCommand: Command = {
  summary: 'show the report catalogue, or store one from a JSON file (--load FILE) or go back to the defaults (--reset)',
  help: `Usage: portal reports [--load FILE | --reset] [--json]

Shows the reports the portal offers, their groups and frame URLs, and where the list comes from:
  1. REPORTS_FILE, when set (read at start-up; it wins over everything else),
  2. the catalogue stored in the database with --load,
  3. the defaults: the eight reports on the built-in report host (/embed/...).

  --load FILE   check FILE (the REPORTS_FILE format, see the README) and store it in the database
  --reset       remove the stored catalogue, so the defaults apply again
  --json        print the catalogue as JSON (the REPORTS_FILE format)

Running portals read the stored catalogue on every request; restart them after --load when the
new frames come from a new origin (the Content-Security-Policy's frame-src is set at start-up).`,
  options: { load: { type: 'string' }, reset: { type: 'boolean' }, json: { type: 'boolean' } },
  async run(config, values) {
    if (values.load && values.reset) {
      console.error('Use either --load FILE or --reset.');
      return 1;
    }
    let fresh: Report[] | undefined;
    if (typeof values.load === 'string') {
      try {
        fresh = readReportsFile(values.load);
      } catch (e) {
        if (e instanceof ReportsFileError) {
          console.error(`Nothing was stored.\n${e.message}`);
          return 1;
        }
        throw e;
      }
    }
    const handle = await openDb(config);
    try {
      await migrate(handle.db);
      if (fresh || values.reset) {
        await handle.db.transaction().execute(async (trx) => {
          await storeReports(trx, fresh ?? null);
          await audit(trx, 'cli', fresh ? 'reports.load' : 'reports.reset', fresh ? String(values.load) : '', { reports: fresh?.length ?? 0 });
        });
        console.log(fresh ? `Stored ${fresh.length} reports from ${values.load}.` : 'Removed the stored catalogue; the defaults apply.');
      }
      const fromFile = config.reports.file ? readReportsFile(config.reports.file) : undefined;
      const { reports, source } = await loadCatalogue(handle.db, fromFile);
      if (values.json) {
        console.log(JSON.stringify({ reports }, null, 2));
        return 0;
      }
      const from = { file: `REPORTS_FILE (${config.reports.file})`, database: 'the database (portal reports --load)', defaults: 'the defaults (built-in report host)' }[source];
      console.log(`${reports.length} reports, from ${from}:`);
      for (const r of reports) console.log(`  ${r.name.padEnd(18)} ${r.group.padEnd(14)} ${r.frames.join('  ')}`);
      if (source === 'file' && (fresh || values.reset)) console.log('Note: REPORTS_FILE is set, so the portal keeps using that file.');
      if (reports.some((r) => r.frames.some((f) => !f.startsWith('/embed/'))) && !config.reports.sigma)
        console.log('Note: some frames are Sigma URLs but SIGMA_CLIENT_ID and SIGMA_SECRET are not set; those frames will answer 503.');
    } finally {
      await handle.close();
    }
  },
};
