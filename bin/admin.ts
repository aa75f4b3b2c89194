/**
 * Operator commands against the local stack or a deployed stage:
 *   tsx bin/admin.ts <command> [--stage NAME | --local [--data-dir DIR]] [options]
 * Each command has --help. Errors print a message naming the problem and exit with 1.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { appendAudit } from '../lambdas/shared/data/audit.js';
import { dynamo } from '../lambdas/shared/platform/clients.js';
import { AdminEnvError, applyEnv, resolveEnv, stageKeepsData, type AdminTarget } from '../infra/admin/env.js';
import { importKinds } from '../infra/admin/import-kinds.js';
import { ImportError, importFiles, importHelp } from '../infra/admin/import.js';
import { copyItems, copyItemsHelp, copyItemsOptions, restoreDocument, restoreDocumentHelp } from '../infra/admin/restore.js';
import { CatalogueFileError, catalogueInForce, formatCatalogue, loadCatalogueFile, reportsHelp, resetCatalogue } from '../infra/admin/reports.js';
import { migrateHelp, migrateReportRowsIndex, migrateReportRowsIndexHelp, migrateUsersBySub, migrations } from '../infra/admin/migrate.js';
import { DEMO_ADMIN_PASSWORD, DEMO_CUSTOMER_PASSWORD } from '../infra/admin/demo-data.js';
import { seedDemo, seedDemoHelp } from '../infra/admin/seed-demo.js';
import { AdminInputError, createPortalUser, resetMfa, resetMfaHelp } from '../infra/admin/users.js';
import { DEMO_TOTP_SECRET, totpCode } from '../infra/local/totp.js';
import { createSmokeAccounts, createSmokeAccountsHelp, poolOfEnv, smokeSecretId } from '../infra/smoke/accounts.js';
import { liftSuppression, suppressionOf } from '../lambdas/shared/data/mail-suppression.js';
import { listConflicts } from '../lambdas/shared/data/quote-decisions.js';
import { formatConflicts } from '../infra/admin/quote-merge.js';
import { checkHelp, countOf, findInconsistencies, fixInconsistencies, formatFindings } from '../infra/admin/check.js';
import { isStaffEmail } from '../lambdas/shared/platform/env.js';
import { PASSWORD_RULE_MESSAGE } from '../lambdas/shared/domain/accounts/passwords.js';

type Values = Record<string, string | boolean | undefined>;
type Option = { type: 'string' | 'boolean' };

interface Command {
  summary: string;
  help: string;
  options: Record<string, Option>;
  /** The one positional argument the command takes, stored in values under this name. */
  positional?: string;
  run(values: Values): Promise<number>;
}

/** A problem of the command line itself: printed with the command's help. */
class UsageError extends Error {}

const targetOptions: Record<string, Option> = {
  stage: { type: 'string' },
  local: { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean' },
  'yes-on-stage': { type: 'string' },
};

/** Passwords the demo and its README print: never for a stage real people use. */
const DEMO_PASSWORDS = new Set([DEMO_ADMIN_PASSWORD, DEMO_CUSTOMER_PASSWORD]);

/**
 * What a command would do that belongs in a demo, not in a stage that keeps its data: the reason,
 * or null. Such a command runs there only with --yes-on-stage naming the stage.
 */
function demoOnly(name: string, v: Values): string | null {
  if (name === 'seed-demo') return "seed-demo would add the demo's customers, datasets and six accounts with the README's public passwords";
  if (name === 'create-user' && typeof v.password === 'string' && (DEMO_PASSWORDS.has(v.password) || v.password.length < 12))
    return `create-user with ${DEMO_PASSWORDS.has(v.password) ? "a demo password (it is printed in the README)" : 'a password shorter than 12 characters'} would make an account anyone could guess into`;
  return null;
}
const list = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const createUserHelp = `Usage: admin create-user [--stage NAME | --local [--data-dir DIR]] --email EMAIL --name NAME
       [--password PASSWORD [--invite]] [--customers ID,ID] [--properties ID,ID]

Creates a portal user: the users row with its assignments and the Cognito user.
  --password P   the user signs in with P at once (no mail); with --invite, P is the temporary
                 password of an invitation instead
  (no password)  Cognito mails an invitation with a generated temporary password; the user sets
                 their own at /user-registration
Emails in STAFF_DOMAINS are administrators and get no assignments. Properties must belong to the
given customers. ${PASSWORD_RULE_MESSAGE} (The user pool asks for 6 at least.)`;

const commands: Record<string, Command> = {
  import: {
    summary: 'import customers, properties, equipment, mappings and report datasets from CSV (all checked before any write)',
    help: importHelp,
    options: Object.fromEntries(importKinds.map((k) => [k.flag, { type: 'string' as const }])),
    async run(values) {
      const files = Object.fromEntries(importKinds.flatMap((k) => (typeof values[k.flag] === 'string' ? [[k.flag, values[k.flag] as string]] : [])));
      if (!Object.keys(files).length) throw new UsageError('Name at least one file.');
      try {
        const counts = await importFiles(files);
        console.log(`Imported ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}.`);
        return 0;
      } catch (e) {
        if (e instanceof ImportError) throw new ImportError(`Nothing was imported.\n${e.message}`);
        throw e;
      }
    },
  },
  'create-user': {
    summary: 'create a user: users row and Cognito user (an administrator when the email is in STAFF_DOMAINS)',
    help: createUserHelp,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, invite: { type: 'boolean' }, customers: { type: 'string' }, properties: { type: 'string' } },
    async run(v) {
      if (typeof v.email !== 'string' || typeof v.name !== 'string') throw new UsageError('--email and --name are required.');
      if (v.invite && typeof v.password !== 'string') throw new UsageError('--invite goes with --password (without a password an invitation is sent anyway).');
      const permanent = typeof v.password === 'string' && !v.invite;
      const r = await createPortalUser({
        email: v.email,
        name: v.name,
        ...(typeof v.password === 'string' ? { password: v.password } : {}),
        customers: list(v.customers),
        properties: list(v.properties),
        permanent,
      });
      await appendAudit(dynamo(), 'cli', 'user.create', r.user.email, { customers: r.user.customerIds, properties: Object.keys(r.user.properties), permanent });
      console.log(`Created ${r.staff ? 'administrator' : 'user'} ${r.user.email}${permanent ? '.' : `; Cognito mailed an invitation with a temporary password.`}`);
      return 0;
    },
  },
  'seed-demo': {
    summary: 'load the demo customers, properties, datasets and sign-ins (idempotent)',
    help: seedDemoHelp,
    options: {},
    async run() {
      const started = Date.now();
      const { accounts, added } = await seedDemo();
      const what = Object.entries(added).map(([k, n]) => `${n} ${k}`).join(', ');
      console.log(`Demo data is loaded (added ${what} in ${Date.now() - started} ms). Sign-ins:`);
      for (const a of accounts) console.log(`  ${a.email.padEnd(36)} ${a.password.padEnd(12)} ${a.note}`);
      return 0;
    },
  },
  reports: {
    summary: 'show the report catalogue, store one from a JSON file (--load FILE) or go back to the defaults (--reset)',
    help: reportsHelp,
    options: { load: { type: 'string' }, reset: { type: 'boolean' }, json: { type: 'boolean' } },
    async run(v) {
      if (v.load !== undefined && v.reset) throw new UsageError('Use either --load FILE or --reset.');
      if (typeof v.load === 'string') {
        try {
          const stored = await loadCatalogueFile(v.load);
          console.log(`Stored ${stored.length} reports from ${v.load}.`);
        } catch (e) {
          if (e instanceof CatalogueFileError) throw new CatalogueFileError(`Nothing was stored.\n${e.message}`);
          throw e;
        }
      } else if (v.reset) {
        await resetCatalogue();
        console.log('Removed the stored catalogue; the defaults apply.');
      }
      const { reports, source } = await catalogueInForce();
      console.log(v.json ? JSON.stringify({ reports }, null, 2) : formatCatalogue(reports, source));
      return 0;
    },
  },
  'quotes-conflicts': {
    summary: 'list the quotes whose import decided otherwise than a customer did in the portal',
    help: `Usage: admin quotes-conflicts [--stage NAME | --local] [--json]

An import keeps a decision made in the portal while the source still shows the quote as Sent; when
the source shows a decision of its own, the source's is stored, and where it differs from the
portal's the pair is recorded (docs/features/quotes.md "Quote decisions"). This lists them, oldest first.`,
    options: { json: { type: 'boolean' } },
    async run(v) {
      const conflicts = await listConflicts(dynamo());
      console.log(v.json ? JSON.stringify({ conflicts }, null, 2) : formatConflicts(conflicts));
      return 0;
    },
  },
  check: {
    summary: 'find where users, Cognito, documents, objects, assignments, report-row indexes and alerts disagree; --fix repairs (audited)',
    help: checkHelp,
    options: { fix: { type: 'boolean' }, json: { type: 'boolean' }, 'grace-minutes': { type: 'string' } },
    async run(v) {
      const given = v['grace-minutes'];
      if (given !== undefined && !/^\d{1,6}$/.test(String(given))) throw new UsageError('--grace-minutes must be a whole number of minutes (0 or more).');
      const grace = given === undefined ? undefined : Number(given);
      const db = dynamo();
      const { findings, sizes } = await findInconsistencies(db, grace === undefined ? {} : { graceMinutes: grace });
      const found = countOf(findings);
      const repair = v.fix && found ? await fixInconsistencies(db, findings, sizes) : undefined;
      const left = found - Object.values(repair?.fixed ?? {}).reduce((a, b) => a + (b ?? 0), 0);
      if (v.json) console.log(JSON.stringify({ found, left, findings, ...(repair ? repair : {}) }, null, 2));
      else {
        console.log(formatFindings(findings, repair?.fixed));
        for (const s of repair?.skipped ?? []) console.log(`  left: ${s}`);
      }
      return left === 0 ? 0 : 1;
    },
  },
  'mail-unsuppress': {
    summary: 'let the portal mail an address again that SES reported bouncing or complaining',
    help: `Usage: admin mail-unsuppress ADDRESS [--stage NAME | --local]

A permanent bounce or a complaint stops every portal mail to the address (docs/features/notifications.md "Notifications").
Once the address is mended (a typo corrected, the mailbox back), this lets mail go to it again.`,
    options: {},
    positional: 'address',
    async run(v) {
      const address = String(v.address ?? '').trim().toLowerCase();
      if (!address.includes('@')) throw new UsageError('Name the address, such as pat@customer.example.');
      const db = dynamo();
      const was = await suppressionOf(db, address);
      if (!was) {
        console.log(`${address} is not suppressed: mail goes to it.`);
        return 0;
      }
      await liftSuppression(db, address);
      await appendAudit(db, 'cli', 'mail.unsuppress', address, { reason: was.reason, at: was.at });
      console.log(`${address} was suppressed (${was.reason}, ${was.at}); mail goes to it again.`);
      return 0;
    },
  },
  migrate: {
    summary: 'move data to the shape of this release: users-by-sub, report-rows-index (each idempotent)',
    help: `${migrateHelp}\n\n${migrateReportRowsIndexHelp}`,
    options: { 'dry-run': { type: 'boolean' } },
    positional: 'migration',
    async run(v) {
      const which = v.migration;
      if (which === 'report-rows-index') {
        await migrateReportRowsIndex({ dryRun: v['dry-run'] === true });
        return 0;
      }
      if (which !== 'users-by-sub') throw new UsageError(`Name the migration: ${migrations.join(', ')}.`);
      const r = await migrateUsersBySub({ dryRun: v['dry-run'] === true });
      return r.skipped.length ? 2 : 0;
    },
  },
  'reset-mfa': {
    summary: "turn off a user's authenticator app (lost phone): an administrator sets up a new one at their next sign-in",
    help: resetMfaHelp,
    options: { email: { type: 'string' } },
    async run(v) {
      if (typeof v.email !== 'string') throw new UsageError('--email is required.');
      const email = await resetMfa(v.email);
      await appendAudit(dynamo(), 'cli', 'user.reset-mfa', email, {});
      console.log(`Turned off ${email}'s authenticator app. ${isStaffEmail(email) ? 'At their next sign-in the portal asks them to set up a new one.' : 'They sign in with their password alone unless the stage requires an app.'}`);
      return 0;
    },
  },
  'create-smoke-accounts': {
    summary: "create the smoke test's accounts (prod: the smoke customer only; elsewhere also an administrator with an authenticator app) and write the secret portal/<stage>/smoke",
    help: createSmokeAccountsHelp,
    options: { customer: { type: 'string' }, property: { type: 'string' }, 'customer-email': { type: 'string' }, 'staff-email': { type: 'string' }, profile: { type: 'string' }, replace: { type: 'boolean' } },
    async run(v) {
      const opt = (k: string) => (typeof v[k] === 'string' ? v[k] : undefined);
      const stage = typeof v.stage === 'string' ? v.stage : null;
      const profile = opt('profile');
      if (profile !== undefined && (stage !== null || (profile !== 'full' && profile !== 'customer')))
        throw new UsageError('--profile full|customer is for the local stack; a stage has the profile its settings give it.');
      const r = await createSmokeAccounts({ stage, profile, replace: v.replace === true, pool: poolOfEnv(), customerId: opt('customer'), propertyId: opt('property'), customerEmail: opt('customer-email'), staffEmail: opt('staff-email') });
      if (!r.created) {
        console.log(`Secret ${smokeSecretId(stage)} holds the smoke accounts already: nothing changed (--replace writes new ones, once their users are deleted).`);
        return 0;
      }
      await appendAudit(dynamo(), 'cli', 'user.create', r.accounts.customer.email, { customers: [r.customerId], properties: [r.propertyId], permanent: true });
      if (r.accounts.staff) await appendAudit(dynamo(), 'cli', 'user.create', r.accounts.staff.email, { customers: [], properties: [], permanent: true });
      if (r.accounts.document) await appendAudit(dynamo(), 'cli', 'document.upload', r.accounts.document.key, { propertyId: r.accounts.document.propertyId, size: Buffer.byteLength(r.accounts.document.text) });
      console.log(
        r.accounts.staff
          ? `Created customer ${r.accounts.customer.email} (property ${r.propertyId} of ${r.customerId}) and administrator ${r.accounts.staff.email} with an authenticator app; stored in secret ${smokeSecretId(stage)}.`
          : `Created customer ${r.accounts.customer.email} (property ${r.propertyId} of ${r.customerId}) and the reference document ${r.accounts.document!.key}; no administrator (profile customer); stored in secret ${smokeSecretId(stage)}.`,
      );
      return 0;
    },
  },
  'totp-code': {
    summary: "print the current code of an authenticator secret (default: the demo administrators' key)",
    help: `Usage: admin totp-code [--secret KEY]

Prints the 6-digit code an authenticator app set up with KEY (base32) shows now, and how many
seconds it stays good. Without --secret: the demo administrators' key (${DEMO_TOTP_SECRET}), for
trying the demo without an app.`,
    options: { secret: { type: 'string' } },
    async run(v) {
      const secret = typeof v.secret === 'string' ? v.secret : DEMO_TOTP_SECRET;
      if (!/^[A-Za-z2-7=\s]{16,}$/.test(secret)) throw new UsageError('--secret must be a base32 key of 16 characters or more.');
      console.log(`${totpCode(secret)}  (good for ${30 - (Math.floor(Date.now() / 1000) % 30)} s more)`);
      return 0;
    },
  },
  'copy-items': {
    summary: 'copy items from a table restored to a point in time back into the live table (overwrites same keys, never deletes)',
    help: copyItemsHelp,
    options: copyItemsOptions,
    async run(v) {
      if (typeof v.table !== 'string' || typeof v.from !== 'string') throw new UsageError('--table and --from are required.');
      // `--where` is a multiple option: parseArgs gives a list, which Values does not describe.
      const where = (v.where as unknown as string[] | undefined) ?? [];
      await copyItems({ table: v.table, from: v.from, where, dryRun: v['dry-run'] === true });
      return 0;
    },
  },
  'restore-document': {
    summary: "make an earlier version of a document's object current again (versioned buckets)",
    help: restoreDocumentHelp,
    options: { key: { type: 'string' }, 'version-id': { type: 'string' }, before: { type: 'string' } },
    async run(v) {
      if (typeof v.key !== 'string') throw new UsageError('--key is required.');
      if (v['version-id'] !== undefined && v.before !== undefined) throw new UsageError('Use either --version-id or --before.');
      const targetArgs =
        typeof v.stage === 'string' ? `--stage ${v.stage}` : v.local ? `--local${typeof v['data-dir'] === 'string' ? ` --data-dir ${v['data-dir']}` : ''}` : '';
      await restoreDocument({
        key: v.key,
        ...(typeof v['version-id'] === 'string' ? { versionId: v['version-id'] } : {}),
        ...(typeof v.before === 'string' ? { before: v.before } : {}),
        targetArgs,
      });
      return 0;
    },
  },
};

const usage = `Usage: npm run admin -- <command> [--stage NAME | --local [--data-dir DIR]] [options]

Where the commands act:
  --stage NAME      the deployed stack Portal-NAME (its outputs; the standard AWS credential chain);
                    on a stage that keeps its data, demo-only work (seed-demo, create-user with a
                    demo password or one under 12 characters) also needs --yes-on-stage NAME
  --local           the running local stack (DATA_DIR/local-stack.json; --data-dir DIR or DATA_DIR)
  (neither)         the environment as it is (table names, USER_POOL_ID, AWS_ENDPOINT_URL_*, ...)

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(Math.max(...Object.keys(commands).map((n) => n.length)) + 1)} ${c.summary}`)
  .join('\n')}

Each command has --help.`;

const known = [ImportError, CatalogueFileError, AdminInputError, AdminEnvError];

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage}`);
    return 1;
  }
  let values: Values;
  try {
    const parsed = parseArgs({ args: rest, options: { ...targetOptions, ...command.options }, strict: true, allowPositionals: command.positional !== undefined });
    values = parsed.values;
    if (command.positional) {
      if (parsed.positionals.length > 1) throw new Error(`Unexpected argument "${parsed.positionals[1]}".`);
      values[command.positional] = parsed.positionals[0];
    }
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${command.help}`);
    return 1;
  }
  if (values.help) {
    console.log(command.help);
    return 0;
  }
  try {
    if (typeof values.stage === 'string' && values.local) throw new UsageError('Use either --stage NAME or --local.');
    if (values['data-dir'] !== undefined && !values.local) throw new UsageError('--data-dir goes with --local.');
    if (values['yes-on-stage'] !== undefined && typeof values.stage !== 'string') throw new UsageError('--yes-on-stage goes with --stage.');
    if (typeof values.stage === 'string' && (await stageKeepsData(values.stage))) {
      const why = demoOnly(name, values);
      if (why && values['yes-on-stage'] !== values.stage)
        throw new UsageError(`Stage ${values.stage} keeps its data (removalPolicy retain in cdk.json): ${why}. If that is what you mean, add --yes-on-stage ${values.stage}.`);
    }
    const target: AdminTarget =
      typeof values.stage === 'string'
        ? { kind: 'stage', stage: values.stage }
        : values.local
          ? { kind: 'local', ...(typeof values['data-dir'] === 'string' ? { dataDir: values['data-dir'] } : {}) }
          : { kind: 'env' };
    applyEnv(await resolveEnv(target));
    return await command.run(values);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\n\n${command.help}`);
      return 1;
    }
    if (known.some((k) => e instanceof k)) {
      console.error((e as Error).message);
      return 1;
    }
    const err = e as Error;
    console.error(`${name} failed: ${err.name}: ${err.message}`);
    if (process.env.DEBUG) console.error(err.stack);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
