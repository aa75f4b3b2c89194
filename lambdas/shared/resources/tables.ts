/**
 * The portal's DynamoDB tables, as plain data: the CDK data construct deploys them and the local
 * stack creates them from this same list, so there is no second definition to keep in step.
 * Access patterns of each table are written in its data-access file, lambdas/shared/data/<table>.ts.
 */
export type KeyType = 'S' | 'N';
export interface KeyDef {
  name: string;
  type: KeyType;
}
export interface IndexDef {
  name: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
}
export interface TableDef {
  /** Logical id, also the suffix of the physical name (`portal-<stage>-<id>`). */
  id: string;
  /** The environment variable that carries the table's name to the functions. */
  env: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  indexes?: IndexDef[];
  /** Attribute holding an epoch-seconds expiry; readers treat expired items as absent. */
  ttl?: string;
}

const S = (name: string): KeyDef => ({ name, type: 'S' });

export const tables = {
  /**
   * Portal accounts keyed by Cognito's `sub` (immutable, not writable by the user), with an index by
   * email for the spec's by-email calls. A new table beside the email-keyed one of earlier releases
   * (DynamoDB cannot change a table's key; CloudFormation cannot replace a named table in place).
   */
  users: {
    id: 'accounts',
    env: 'USERS_TABLE',
    partitionKey: S('sub'),
    indexes: [{ name: 'byEmail', partitionKey: S('email') }],
  },
  /**
   * The users table of earlier releases, keyed by email: kept (and retained) only for
   * `admin migrate users-by-sub`, which copies it into `users`. No function is granted it.
   */
  legacyUsers: { id: 'users', env: 'LEGACY_USERS_TABLE', partitionKey: S('email') },
  customers: { id: 'customers', env: 'CUSTOMERS_TABLE', partitionKey: S('id') },
  properties: {
    id: 'properties',
    env: 'PROPERTIES_TABLE',
    partitionKey: S('id'),
    indexes: [{ name: 'byCustomer', partitionKey: S('customerId'), sortKey: S('id') }],
  },
  documents: {
    id: 'documents',
    env: 'DOCUMENTS_TABLE',
    partitionKey: S('key'),
    indexes: [{ name: 'byProperty', partitionKey: S('propertyId'), sortKey: S('uploadedAt') }],
  },
  equipment: { id: 'equipment', env: 'EQUIPMENT_TABLE', partitionKey: S('customerId'), sortKey: S('id') },
  reportRows: { id: 'report-rows', env: 'REPORT_ROWS_TABLE', partitionKey: S('propertyId'), sortKey: S('sk') },
  reports: { id: 'reports', env: 'REPORTS_TABLE', partitionKey: S('id') },
  audit: { id: 'audit', env: 'AUDIT_TABLE', partitionKey: S('stream'), sortKey: S('sk') },
  /**
   * Customers' service requests (issue 20): by customer, newest first (the reference sorts by
   * time); index `byTime` (one partition, `kind = 'request'`) for administrators across customers.
   */
  serviceRequests: {
    id: 'service-requests',
    env: 'SERVICE_REQUESTS_TABLE',
    partitionKey: S('customerId'),
    sortKey: S('reference'),
    indexes: [{ name: 'byTime', partitionKey: S('kind'), sortKey: S('reference') }],
  },
  /** Equipment alerts' state per device and rule (lambdas/shared/data/equipment-alerts.ts). */
  equipmentAlerts: { id: 'equipment-alerts', env: 'EQUIPMENT_ALERTS_TABLE', partitionKey: S('customerId'), sortKey: S('key') },
  /** Each user's mail settings (issue 20), by Cognito's `sub`; written only by the user and the unsubscribe link. */
  notificationSettings: { id: 'notification-settings', env: 'NOTIFICATION_SETTINGS_TABLE', partitionKey: S('sub') },
  /** Addresses no mail goes to: SES reported a permanent bounce or a complaint (lambdas/shared/data/mail-suppression.ts). */
  mailSuppression: { id: 'mail-suppression', env: 'MAIL_SUPPRESSION_TABLE', partitionKey: S('address') },
  /**
   * Customers' decisions on quotes (issue 30), append-only: partition `propertyId`, sort
   * `quote#<quoteId>#<decidedAt>` (a decision record) or `conflict#<quoteId>#<at>` (an import whose
   * source decided otherwise). No route may update or delete an item (lambdas/shared/data/quote-decisions.ts).
   */
  quoteDecisions: { id: 'quote-decisions', env: 'QUOTE_DECISIONS_TABLE', partitionKey: S('propertyId'), sortKey: S('sk') },
  rateLimits: { id: 'rate-limits', env: 'RATE_LIMITS_TABLE', partitionKey: S('key'), ttl: 'expiresAt' },
} as const satisfies Record<string, TableDef>;

export type TableName = keyof typeof tables;
export const tableList: TableDef[] = Object.values(tables);
