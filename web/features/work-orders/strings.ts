/** Every user-visible text of the work order screen (issue 43, beyond the spec). */
export const workOrderText = {
  title: (id: string) => `Work order ${id}`,
  back: 'Back',
  loading: 'Loading the work order...',
  loadFailed: 'Unable to load the work order. Please try again later.',
  kind: { service: 'Service', maintenance: 'Maintenance', capital: 'Capital project' },
  // The status timeline
  timeline: 'Progress',
  steps: { requested: 'Requested', scheduled: 'Scheduled', onSite: 'On site', completed: 'Completed' },
  notYet: 'Not yet',
  cancelled: 'This work order was cancelled.',
  arrival: (span: string) => `Arrival ${span}`,
  // The details
  details: 'Details',
  fields: {
    status: 'Status',
    priority: 'Priority',
    kind: 'Type',
    property: 'Property',
    technician: 'Technician',
    amount: 'Amount',
    request: 'Service request',
  },
  noTechnician: 'To be assigned',
  // The equipment
  equipment: 'Equipment',
  noEquipment: 'No equipment is recorded for this work order.',
  equipmentLine: (type: string, make: string, model: string) => [type, [make, model].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
  // The notes
  notes: "Technician's notes",
  noNotes: 'No notes yet.',
  // The lines
  lines: 'Parts and labour',
  noLines: 'No parts or labour are itemised for this work order.',
  lineColumns: { kind: 'Kind', description: 'Description', quantity: 'Quantity', unitPrice: 'Unit price', total: 'Total' },
  lineKind: { parts: 'Parts', labour: 'Labour' },
  linesTotal: 'Total',
  // The invoices and quotes
  invoices: 'Invoice',
  noInvoices: 'No invoice yet.',
  invoiceLine: (number: string, status: string) => `Invoice ${number} · ${status}`,
  invoiceAmounts: (amount: string, balance: string, due: string) => `${amount}, balance ${balance}, due ${due}`,
  pay: (balance: string) => `Pay ${balance}`,
  payLabel: (balance: string, number: string) => `Pay ${balance} for ${number} (opens in a new tab)`,
  viewInvoices: 'See it in Invoicing',
  quotes: 'Quote',
  noQuotes: 'No quote was made for this work order.',
  quoteLine: (title: string, status: string, amount: string) => `${title} · ${status} · ${amount}`,
  openQuote: (id: string) => `Open quote ${id}`,
} as const;

/** Every user-visible text of the equipment history screen (issue 43, item 5, beyond the spec). */
export const equipmentText = {
  title: (name: string) => `${name}: history`,
  titleLoading: (id: string) => `Equipment ${id}`,
  back: 'Back',
  loading: 'Loading the equipment history...',
  loadFailed: 'Unable to load the equipment history. Please try again later.',
  fields: { type: 'Type', makeModel: 'Make and model', serial: 'Serial', installed: 'Installed', condition: 'Condition', property: 'Property', telemetry: 'Telemetry' },
  monitored: (equipmentId: string) => `Monitored (equipment ${equipmentId})`,
  notMonitored: 'Not monitored',
  timeline: 'History',
  empty: 'Nothing is recorded for this equipment yet.',
  kind: { 'work-order': 'Work order', quote: 'Quote', alert: 'Alert', document: 'Document' },
  openWorkOrder: (id: string) => `Open work order ${id}`,
  openQuote: (id: string) => `Open quote ${id}`,
  forWorkOrder: 'for work order',
  openDocument: (name: string) => `Open ${name} (opens in a new tab)`,
  documentFailed: 'Unable to open the document. Please try again later.',
  /** The work order screen's link to its equipment's history. */
  historyLink: 'Equipment history',
  historyLabel: (name: string) => `Open the history of ${name}`,
} as const;
