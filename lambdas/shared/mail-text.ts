/** What every mail of the portal writes alike: the product's one name, greetings and times. */
import { settings } from './env.js';

/** The product as every mail names it (and the site's footer): '<product> Reporting'. */
export const productTitle = () => `${settings.productName()} Reporting`;

/** 'pat tester' → 'Pat Tester'; an address stays as it is. */
export const greetingName = (name: string) => (name.includes('@') ? name : name.replace(/(^|[\s'-])(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase()));

/** An ISO time as mails write it, in UTC: '25 Nov 2026, 14:03 UTC'. */
export function mailTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}
