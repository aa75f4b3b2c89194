/** True when the email's domain is one of the staff domains (administrators need no assignments). */
export function isStaffEmail(email: string, staffDomains: readonly string[]): boolean {
  const at = email.trim().lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.trim().slice(at + 1).toLowerCase();
  return staffDomains.some((d) => d.toLowerCase() === domain);
}

/** Case-insensitive substring match used by every search box of these dialogs. */
export function matchesSearch(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = query.trim().toLowerCase();
  return !q || fields.some((f) => (f ?? '').toLowerCase().includes(q));
}
