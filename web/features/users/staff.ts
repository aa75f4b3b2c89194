import { searchKey } from '../../components/text/search-key';

/** True when the email's domain is one of the staff domains (administrators need no assignments). */
export function isStaffEmail(email: string, staffDomains: readonly string[]): boolean {
  const at = email.trim().lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.trim().slice(at + 1).toLowerCase();
  return staffDomains.some((d) => d.toLowerCase() === domain);
}

/** The one search rule (components/text/search-key.ts: case, accents, spaces and dashes aside) for every search box of these dialogs. */
export function matchesSearch(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = searchKey(query);
  return !q || fields.some((f) => searchKey(f ?? '').includes(q));
}
