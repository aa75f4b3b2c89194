/**
 * The local stand-in for mail delivery: every mail is written as one `.eml` file in the outbox
 * folder (written whole, then renamed into place), named by time so a sorted listing is oldest
 * first, as the portal has always done.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function toEml(from: string, m: Mail): string {
  const headers = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject.replace(/[\r\n]+/g, ' ')}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${randomUUID()}@portal>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return headers.join('\r\n') + '\r\n\r\n' + m.text.replace(/\r?\n/g, '\r\n') + '\r\n';
}

/** Writes the mail; returns the file's path. */
export async function writeMail(dir: string, from: string, m: Mail): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await writeFile(tmp, toEml(from, m), { mode: 0o600 });
  await rename(tmp, path.join(dir, name));
  return path.join(dir, name);
}

/** The mails in the outbox, oldest first. */
export async function readMails(dir: string): Promise<Mail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const out: Mail[] = [];
  for (const f of files) {
    const raw = await readFile(path.join(dir, f), 'utf8');
    const split = raw.indexOf('\r\n\r\n');
    const head = raw.slice(0, split);
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    out.push({ to: header('To'), subject: header('Subject'), text: raw.slice(split + 4).replace(/\r\n/g, '\n').replace(/\n$/, '') });
  }
  return out;
}
