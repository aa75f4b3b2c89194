/** The spec's fixed list of eight reports (section "Reports (fixed list of eight)"), as [name, group], in its order. */
export const SPEC_REPORTS: [name: string, group: string][] = [
  ['Dashboard', 'General'],
  ['Quotes', 'General'],
  ['Work Orders', 'Work History'],
  ['Maintenance', 'Work History'],
  ['Capital Projects', 'Work History'],
  ['Assets', 'General'],
  ['Invoicing', 'General'],
  ['Analytics', 'General'],
];
