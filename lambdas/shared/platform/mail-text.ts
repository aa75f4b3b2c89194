/** What every mail of the portal writes alike: the product's one name, greetings and times. */
import { settings } from './env.js';

/** The product as every mail names it (and the site's footer): '<product> Reporting'. */
export const productTitle = () => `${settings.productName()} Reporting`;

/** 'pat tester' → 'Pat Tester'; an address stays as it is. */
export const greetingName = (name: string) => (name.includes('@') ? name : name.replace(/(^|[\s'-])(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase()));

/** Times, days and names as every mail writes them (and the screens, in the browser's zone). */
export { mailDate, mailTime, titleCase } from '../contract/writing.js';
