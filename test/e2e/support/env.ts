import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The e2e server's data folder (see playwright.config.ts): its outbox holds the mails sent. */
export const e2eDataDir = process.env.E2E_DATA_DIR!;

/** Mails written to the outbox so far (of the shared stack, or the stack of that data folder), oldest first, as raw .eml text. */
export function readOutbox(dataDir = e2eDataDir): { file: string; text: string }[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8') }));
}

/** The newest mail to that address, or undefined. */
export function lastMailTo(email: string) {
  return readOutbox().reverse().find((m) => new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'mi').test(m.text));
}

/** The demo administrators' authenticator key (infra/local/totp.ts DEMO_TOTP_SECRET, printed by `npm run demo`). */
export const DEMO_TOTP_SECRET = 'KBHVEVCBJRCEKTKPMFSG22LOGIZDAMRW';

export const demo = {
  admin: { email: 'admin@example-hvac.com', password: 'Admin1234567', totpSecret: DEMO_TOTP_SECRET },
  admin2: { email: 'support@example-services.com', password: 'Admin1234567', totpSecret: DEMO_TOTP_SECRET },
  northwind: { email: 'facilities@northwind.test', password: 'Demo1234' },
  twoCustomers: { email: 'operations@harborview.test', password: 'Demo1234' },
  lakeside: { email: 'principal@lakeside.test', password: 'Demo1234' },
  noCustomer: { email: 'newhire@summit.test', password: 'Demo1234' },
};
