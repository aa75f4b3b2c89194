/** One CSV field, for the exports made on the server and in the web app alike. No Node imports: Vite bundles this file. */

/** One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet would read as a formula is prefixed with a quote. */
export const csvCell = (v: string | number | boolean | null) => {
  const s = v === null ? '' : String(v);
  // Leading = + - @ would be read as formulas by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
