/**
 * The route table: one row per endpoint. The CDK app makes one function and one HTTP API route per
 * row, the local gateway serves the same rows, and the authorization-matrix test checks every row.
 *
 * - `handler`: the file under lambdas/ (without extension) whose `handler` export serves the route.
 * - `access`: `public` (no token), `user` (any signed-in user; the handler checks scope),
 *   `admin` (staff only; refused with 403 before the handler runs).
 * - `tables`, `bucket`, `cognito`, `secrets`: what the function's role is granted, nothing more
 *   (test/iam checks every AWS call the tests make against them, and lists grants no call used).
 *   Tables: `read` or `write` (write includes read); bucket: per prefix, `read`/`write`/`delete`;
 *   `mail`: may send through the stage's SES identity; `events`: may put events on the stage's
 *   EventBridge bus (infra/events-construct.ts) and nothing else of EventBridge.
 * - `slash`: the spec writes this path with a trailing slash too; both reach the function.
 * - `legacy`: a form kept for one release for the previous release's web app (see `Legacy`).
 */
import type { TableName } from './shared/resources/tables.js';

export type Access = 'public' | 'user' | 'admin';
/** `append`: read, and PutItem only (no UpdateItem, DeleteItem or BatchWriteItem): records no function may change. */
export type TableAccess = 'read' | 'write' | 'append';
/**
 * Cognito's IAM-authorised operations only: for the sign-in operations the accounts routes call
 * (InitiateAuth, RespondToAuthChallenge, ForgotPassword, ConfirmForgotPassword) "Amazon Cognito
 * doesn't evaluate IAM policies", so a grant of them would do nothing (test/iam checks both).
 */
export type CognitoAction =
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminGetUser'
  | 'AdminAddUserToGroup'
  | 'AdminUpdateUserAttributes'
  | 'ListUsers';
/** `signIn`: the server app client's secret (lambdas/shared/resources/definitions.ts serverClient). */
export type SecretName = 'sigma' | 'telemetry' | 'embed' | 'signIn';

/**
 * A form answered for one release only, for the previous release's web app (still open in
 * browsers after a deploy): `route`, the whole row; `action-body`, the row's requests whose JSON
 * body has an `action` field. `replacedBy`: the route keys that serve it now. `until`: it is
 * removed in the next release (the row, or its action branch, its handler code and its grants).
 */
export interface Legacy {
  form: 'route' | 'action-body';
  replacedBy: string[];
  until: 'next release';
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  legacy?: Legacy;
  path: string;
  handler: string;
  access: Access;
  tables?: Partial<Record<TableName, TableAccess>>;
  /** Per key prefix of the documents bucket, the actions allowed (confirm-upload reads uploads/ and writes documents/). */
  bucket?: { prefix: string; actions: ('read' | 'readTags' | 'write' | 'delete')[] }[];
  cognito?: CognitoAction[];
  secrets?: SecretName[];
  /** Sends mail through SES as the stage's `mail` identity (ses:SendEmail on that identity only). */
  mail?: true;
  /** Puts events on the stage's EventBridge bus (events:PutEvents on that bus only; EVENT_BUS_NAME). */
  events?: true;
  /** Larger memory or timeout than the default (256 MB, 10 s). */
  memoryMb?: number;
  timeoutSeconds?: number;
  slash?: true;
  /** The body is a file (multipart upload) that the portal stores without interpreting: WAF's body rules skip it. */
  fileBody?: true;
  /** What an `admin` route may not be done by others: "Only administrators may <denied>." */
  denied?: string;
}

/** Every signed-in call reads the caller's row from the users table. */
const caller = { users: 'read' } as const;

export const routes: Route[] = [
  // Accounts (public): thin handlers over Cognito
  { method: 'GET', path: '/api/config', handler: 'config/get-config', access: 'public' },
  { method: 'GET', path: '/api/openapi.json', handler: 'config/get-openapi', access: 'public' },
  {
    method: 'POST', path: '/api/users/login', handler: 'accounts/login', access: 'public', slash: true,
    tables: { users: 'read', rateLimits: 'write' }, secrets: ['signIn'],
  },
  {
    method: 'POST', path: '/api/users/reset-password', handler: 'accounts/reset-password', access: 'public',
    tables: { users: 'read', rateLimits: 'write' }, secrets: ['signIn'],
  },
  {
    method: 'POST', path: '/api/users/reset-password/verify', handler: 'accounts/reset-password-verify', access: 'public',
    tables: { rateLimits: 'write' }, secrets: ['signIn'],
  },
  {
    method: 'POST', path: '/api/users/user-registration/verify', handler: 'accounts/registration-verify', access: 'public',
    tables: { users: 'write', rateLimits: 'write' }, secrets: ['signIn'],
  },

  // Users (spec section 7)
  { method: 'GET', path: '/api/users/getproperty/{email}', handler: 'users/get-property', access: 'user', tables: { ...caller, customers: 'read', properties: 'read' } },
  { method: 'GET', path: '/api/users/usercustomerbyemail/{email}', handler: 'users/user-customer-by-email', access: 'user', tables: { ...caller, customers: 'read' } },
  { method: 'GET', path: '/api/users/getcustomerbyemail/{email}', handler: 'users/get-customer-by-email', access: 'user', tables: { ...caller, customers: 'read' } },
  {
    method: 'GET', path: '/api/users', handler: 'users/list-users', access: 'admin', denied: 'list users', slash: true,
    tables: { ...caller, customers: 'read', properties: 'read' }, cognito: ['ListUsers'],
  },
  { method: 'PUT', path: '/api/users/{email}/customers', handler: 'users/put-customers', access: 'admin', denied: 'change assignments', tables: { users: 'write', customers: 'read', properties: 'read', audit: 'write' } },
  { method: 'PUT', path: '/api/users/{email}/properties', handler: 'users/put-properties', access: 'admin', denied: 'change assignments', tables: { users: 'write', properties: 'read', audit: 'write' } },
  {
    method: 'POST', path: '/api/users/signup', handler: 'users/signup', access: 'admin', denied: 'create users',
    tables: { users: 'write', customers: 'read', properties: 'read', audit: 'write' }, cognito: ['AdminCreateUser', 'AdminDeleteUser', 'AdminAddUserToGroup'],
  },
  {
    method: 'PUT', path: '/api/users/{email}/email', handler: 'users/change-email', access: 'admin', denied: 'change a user\'s email',
    tables: { users: 'write', audit: 'write' }, cognito: ['AdminUpdateUserAttributes'],
  },
  // Beyond the spec: the user list renames an account (the row and Cognito's name, which the mails greet by).
  {
    method: 'PUT', path: '/api/users/{email}/name', handler: 'users/change-name', access: 'admin', denied: 'rename users',
    tables: { users: 'write', audit: 'write' }, cognito: ['AdminUpdateUserAttributes'],
  },
  {
    method: 'POST', path: '/api/users/remove-users', handler: 'users/remove-users', access: 'admin', denied: 'remove users',
    tables: { users: 'write', audit: 'write' }, cognito: ['AdminDeleteUser'],
  },
  // Beyond the spec (issue 30): who of a customer's users may approve quotes, and up to what amount.
  {
    method: 'PUT', path: '/api/users/{email}/quote-approval', handler: 'users/put-quote-approval', access: 'admin', denied: 'change who approves quotes',
    tables: { users: 'write', audit: 'write' },
  },
  // Beyond the spec: the user list's mails (an invitation again, a reset code). GET /api/users?view=accounts is the list.
  {
    method: 'POST', path: '/api/users/send-account-mail', handler: 'users/send-account-mail', access: 'admin', denied: 'send invitations or reset codes',
    tables: { ...caller, rateLimits: 'write', audit: 'write' }, cognito: ['AdminCreateUser'], secrets: ['signIn'],
  },

  // Catalogue
  { method: 'GET', path: '/api/users/customers', handler: 'catalog/list-customers', access: 'admin', denied: 'list all customers', slash: true, tables: { ...caller, customers: 'read' } },
  { method: 'POST', path: '/api/users/customers/properties', handler: 'catalog/get-customer-properties', access: 'user', tables: { ...caller, customers: 'read', properties: 'read' } },
  { method: 'GET', path: '/api/sigma/customers', handler: 'catalog/get-customers', access: 'user', tables: { ...caller, customers: 'read' } },
  { method: 'GET', path: '/api/sigma/buildings/{customerId}', handler: 'catalog/get-buildings', access: 'user', tables: { ...caller, customers: 'read', properties: 'read' } },

  // Documents
  { method: 'GET', path: '/api/s3/getdocumentsbyproperty', handler: 'documents/get-documents-by-property', access: 'user', tables: { ...caller, properties: 'read', documents: 'read' } },
  {
    method: 'GET', path: '/api/s3/getpresignedurl', handler: 'documents/get-presigned-url', access: 'user',
    tables: { ...caller, documents: 'read' }, bucket: [{ prefix: 'documents/', actions: ['read', 'readTags'] }],
  },
  {
    method: 'POST', path: '/api/s3/deletedocument', handler: 'documents/delete-document', access: 'admin', denied: 'delete documents',
    tables: { ...caller, documents: 'write', audit: 'write' }, bucket: [{ prefix: 'documents/', actions: ['delete'] }],
  },
  {
    method: 'POST', path: '/api/s3/uploaddocument', handler: 'documents/upload-document', access: 'admin', denied: 'upload documents', fileBody: true,
    tables: { ...caller, properties: 'read', documents: 'write', audit: 'write' }, bucket: [{ prefix: 'documents/', actions: ['write', 'delete'] }],
    memoryMb: 512, timeoutSeconds: 29,
  },
  // Documents for administrators; service-request photos (purpose 'request-photo') for anyone signed in, in their scope.
  {
    method: 'POST', path: '/api/s3/upload-url', handler: 'documents/create-upload-url', access: 'user',
    tables: { ...caller, properties: 'read' }, bucket: [{ prefix: 'uploads/', actions: ['write'] }],
  },
  {
    method: 'POST', path: '/api/s3/confirm-upload', handler: 'documents/confirm-upload', access: 'admin', denied: 'upload documents',
    tables: { ...caller, properties: 'read', documents: 'write', audit: 'write' },
    bucket: [
      { prefix: 'uploads/', actions: ['read', 'delete'] },
      // delete: the copy goes again when the row cannot be written (nothing half-written).
      { prefix: 'documents/', actions: ['write', 'delete'] },
    ], timeoutSeconds: 29,
  },

  // Analytics, audit
  // The rows name the asset each unit is (issue 43: the cards' History), read from the report rows.
  { method: 'GET', path: '/api/analytics/data/{customerId}', handler: 'analytics/get-data', access: 'user', tables: { ...caller, customers: 'read', equipment: 'read', reportRows: 'read' } },
  { method: 'GET', path: '/api/analytics/nclarity-customer/{customerId}', handler: 'analytics/get-telemetry-customer', access: 'user', tables: { ...caller, customers: 'read' } },
  { method: 'GET', path: '/api/audit', handler: 'audit/list-events', access: 'admin', denied: 'read the audit log', tables: { ...caller, audit: 'read' } },
  { method: 'POST', path: '/api/audit/view-as', handler: 'audit/view-as', access: 'admin', denied: 'view the portal as a customer', tables: { ...caller, audit: 'write' } },

  // Telemetry proxy (the key stays server-side)
  {
    method: 'GET', path: '/api/telemetry/{customerId}/devices', handler: 'telemetry/get-devices', access: 'user',
    tables: { ...caller, customers: 'read', equipment: 'read' }, secrets: ['telemetry'], timeoutSeconds: 29,
  },
  {
    method: 'POST', path: '/api/telemetry/{customerId}/samples', handler: 'telemetry/get-samples', access: 'user',
    tables: { ...caller, customers: 'read', equipment: 'read' }, secrets: ['telemetry'], timeoutSeconds: 29,
  },
  // The energy and runtime estimates of some devices over a report period (issue 44): their rolled days and today's readings, equipment inputs and tariff.
  {
    method: 'POST', path: '/api/telemetry/{customerId}/insight', handler: 'telemetry/get-insight', access: 'user',
    tables: { ...caller, customers: 'read', equipment: 'read', properties: 'read', reportRows: 'read' }, secrets: ['telemetry'], timeoutSeconds: 29,
  },

  // Service requests (beyond the spec, issue 20): the list (with the request dialog's choices),
  // filing and, for administrators, a change of status. Photos go up through /api/s3/upload-url
  // (purpose 'request-photo'). POST also answers the previous release's `{ action }` bodies for one
  // release, so it keeps the three calls' grants until then: filing alone needs neither
  // notificationSettings nor the embed secret (a change of status mails by the customer's settings,
  // with a signed unsubscribe link; a confirmation is mailed whatever they are).
  {
    method: 'GET', path: '/api/requests', handler: 'requests/list-requests', access: 'user',
    tables: { ...caller, properties: 'read', equipment: 'read', reportRows: 'read', serviceRequests: 'read' },
    // readTags: where uploads are scanned, a photo is linked only once GuardDuty tagged it clean.
    bucket: [{ prefix: 'requests/', actions: ['read', 'readTags'] }],
  },
  {
    method: 'POST', path: '/api/requests', handler: 'requests/service-requests', access: 'user',
    legacy: { form: 'action-body', replacedBy: ['GET /api/requests', 'POST /api/requests', 'PATCH /api/requests/{reference}'], until: 'next release' },
    tables: { ...caller, customers: 'read', properties: 'read', equipment: 'read', reportRows: 'read', serviceRequests: 'write', audit: 'write', notificationSettings: 'read', mailSuppression: 'read' },
    bucket: [
      { prefix: 'uploads/requests/', actions: ['read', 'delete'] },
      // delete: the photo copies go again when the request row cannot be written.
      { prefix: 'requests/', actions: ['read', 'readTags', 'write', 'delete'] },
    ], mail: true, secrets: ['embed'], timeoutSeconds: 29,
  },
  {
    method: 'PATCH', path: '/api/requests/{reference}', handler: 'requests/update-request', access: 'admin', denied: 'change service requests',
    tables: { ...caller, serviceRequests: 'write', audit: 'write', notificationSettings: 'read', mailSuppression: 'read' }, mail: true, secrets: ['embed'],
  },
  // Equipment alerts (raised by the scheduled alerts/evaluate, not a route): the active alerts, a
  // property's thresholds and, for administrators, changing them; lambdas/shared/contract/alerts.ts.
  { method: 'GET', path: '/api/alerts', handler: 'alerts/list-alerts', access: 'user', tables: { ...caller, equipmentAlerts: 'read' } },
  { method: 'GET', path: '/api/alerts/thresholds/{propertyId}', handler: 'alerts/get-thresholds', access: 'user', tables: { ...caller, properties: 'read', equipmentAlerts: 'read' } },
  {
    method: 'PUT', path: '/api/alerts/thresholds/{propertyId}', handler: 'alerts/put-thresholds', access: 'admin', denied: 'change alert thresholds',
    tables: { ...caller, properties: 'read', equipmentAlerts: 'write', audit: 'write' },
  },
  {
    method: 'POST', path: '/api/alerts', handler: 'alerts/alerts', access: 'user',
    legacy: { form: 'route', replacedBy: ['GET /api/alerts', 'GET /api/alerts/thresholds/{propertyId}', 'PUT /api/alerts/thresholds/{propertyId}'], until: 'next release' },
    tables: { ...caller, properties: 'read', equipmentAlerts: 'write', audit: 'write' },
  },
  // Notifications (issue 20): the caller's own mail settings, and the unsubscribe link of every
  // mail, which works without signing in (a signed, single-purpose token).
  { method: 'GET', path: '/api/notifications', handler: 'notifications/get-settings', access: 'user', tables: { ...caller, customers: 'read', notificationSettings: 'read', mailSuppression: 'read' } },
  { method: 'PATCH', path: '/api/notifications', handler: 'notifications/update-settings', access: 'user', tables: { ...caller, customers: 'read', notificationSettings: 'write', mailSuppression: 'read' } },
  {
    method: 'POST', path: '/api/notifications', handler: 'notifications/settings', access: 'user',
    legacy: { form: 'route', replacedBy: ['GET /api/notifications', 'PATCH /api/notifications'], until: 'next release' },
    tables: { ...caller, customers: 'read', notificationSettings: 'write', mailSuppression: 'read' },
  },
  {
    method: 'POST', path: '/api/notifications/unsubscribe', handler: 'notifications/unsubscribe', access: 'public',
    tables: { users: 'read', notificationSettings: 'write' }, secrets: ['embed'],
  },

  // Quote decisions (issue 30): the Sent quotes of the served user's properties with their
  // decisions and approvers, and a customer's decision (approve with a signature, decline, ask
  // for changes), recorded append-only, mailed and put on the stage's bus.
  {
    method: 'GET', path: '/api/quotes', handler: 'quotes/list-quotes', access: 'user',
    tables: { users: 'read', properties: 'read', reportRows: 'read', quoteDecisions: 'read', documents: 'read' },
  },
  {
    method: 'POST', path: '/api/quotes/{quoteId}/decision', handler: 'quotes/decide-quote', access: 'user',
    tables: { users: 'read', customers: 'read', properties: 'read', reportRows: 'write', quoteDecisions: 'append', audit: 'write', notificationSettings: 'read', mailSuppression: 'read' },
    mail: true, events: true, secrets: ['embed'], timeoutSeconds: 29,
  },
  // Issue 39: "Ask … to approve": a customer over their limit mails a colleague who may approve the quote.
  {
    method: 'POST', path: '/api/quotes/{quoteId}/ask-approval', handler: 'quotes/ask-approval', access: 'user',
    tables: { users: 'read', properties: 'read', reportRows: 'read', rateLimits: 'write', audit: 'write', mailSuppression: 'read' },
    mail: true,
  },
  // Issue 39: the staff's one list of recent quote decisions across customers (the web app writes its CSV).
  {
    method: 'GET', path: '/api/quotes/decisions', handler: 'quotes/list-decisions', access: 'admin', denied: 'list quote decisions',
    tables: { ...caller, customers: 'read', quoteDecisions: 'read' },
  },

  // Reports
  { method: 'GET', path: '/api/reports', handler: 'reports/get-reports', access: 'user', tables: { ...caller, reports: 'read' } },
  {
    method: 'POST', path: '/api/sigma/filtered', handler: 'reports/filtered', access: 'user',
    // Its first answer for a built-in frame carries the page's data (issue 42), read as /api/embed/data reads it.
    tables: { users: 'read', reports: 'read', properties: 'read', reportRows: 'read', customers: 'read' }, secrets: ['sigma', 'embed'], memoryMb: 1024,
  },
  // Upcoming visits (issue 30): "Coming up" of the viewed user's properties, and each customer's own
  // calendar feed, whose address works without signing in (a signed token naming the account and
  // the feed's nonce on the user's row; a new link or off ends the old one).
  { method: 'GET', path: '/api/visits', handler: 'visits/list-visits', access: 'user', tables: { ...caller, properties: 'read', reportRows: 'read' } },
  { method: 'GET', path: '/api/calendar', handler: 'visits/get-calendar', access: 'user', tables: { ...caller }, secrets: ['embed'] },
  { method: 'POST', path: '/api/calendar', handler: 'visits/create-calendar', access: 'user', tables: { users: 'write' }, secrets: ['embed'] },
  { method: 'DELETE', path: '/api/calendar', handler: 'visits/delete-calendar', access: 'user', tables: { users: 'write' } },
  // A work order a customer can open (issue 43): its timeline, notes, lines, invoices, quote, equipment,
  // photos (links to clean ones: tags read) and signed report (a document of its property).
  {
    method: 'GET', path: '/api/work-orders/{workOrderId}', handler: 'work-orders/get-work-order', access: 'user',
    tables: { ...caller, properties: 'read', reportRows: 'read', documents: 'read' },
    bucket: [{ prefix: 'work-orders/', actions: ['read', 'readTags'] }],
  },
  // An invoice a customer can open (issue 43, item 4): its lines (its work order's), PDF (a document of its property) and the customer's owed invoices.
  {
    method: 'GET', path: '/api/invoices/{invoiceId}', handler: 'invoices/get-invoice', access: 'user',
    tables: { ...caller, properties: 'read', reportRows: 'read', customers: 'read', documents: 'read' },
  },
  // An asset's history (issue 43, item 5): its work orders, their quotes, its raised alerts and the documents that name it.
  {
    method: 'GET', path: '/api/assets/{assetId}/history', handler: 'assets/get-asset-history', access: 'user',
    tables: { ...caller, properties: 'read', reportRows: 'read', equipment: 'read', equipmentAlerts: 'read', documents: 'read' },
  },
  { method: 'GET', path: '/api/calendar/{token}', handler: 'visits/calendar-feed', access: 'public', tables: { users: 'read', properties: 'read', reportRows: 'read' }, secrets: ['embed'] },
  // The built-in report host's data: the embed token (not a Cognito token) is checked by the handler.
  { method: 'GET', path: '/api/embed/data', handler: 'reports/embed-data', access: 'public', tables: { users: 'read', properties: 'read', reportRows: 'read', customers: 'read' }, secrets: ['embed'], memoryMb: 1024 },
  { method: 'GET', path: '/api/embed/table', handler: 'reports/embed-table', access: 'public', tables: { users: 'read', properties: 'read', reportRows: 'read', customers: 'read' }, secrets: ['embed'], memoryMb: 1024 },
  { method: 'GET', path: '/api/embed/table.csv', handler: 'reports/embed-table-csv', access: 'public', tables: { users: 'read', properties: 'read', reportRows: 'read', customers: 'read' }, secrets: ['embed'], memoryMb: 1024 },
];

/**
 * Functions run on a schedule rather than by a route, in the stage's jobs stack
 * (infra/jobs-stack.ts): an EventBridge Scheduler schedule invokes the function's `live` alias,
 * every `everyMinutes`, at a weekly time of the stage (`weekly`, stage setting
 * `notifications.weeklySummary`) or at a daily one (`daily`, stage setting `notifications.dayBefore`). The local stack runs the same handlers on timers
 * (ALERTS_INTERVAL_SECONDS, NOTIFY_INTERVAL_SECONDS). Grants as for routes.
 */
export interface Scheduled extends Pick<Route, 'handler' | 'tables' | 'secrets' | 'memoryMb' | 'timeoutSeconds' | 'mail'> {
  schedule: { everyMinutes: number } | { weekly: true } | { daily: true };
  description: string;
}

/** What the portal's mails read beside their own tables: the recipient's settings (claimed per mail: written) and the suppressed addresses. */
const mailing = { users: 'read', notificationSettings: 'write', mailSuppression: 'read' } as const;

export const scheduled: Scheduled[] = [
  {
    handler: 'alerts/evaluate', schedule: { everyMinutes: 5 }, description: 'Equipment alerts: evaluates every mapped customer\'s devices and mails the raises and clears',
    // Reads the recipients' settings (no claim: each alert's state row says it was mailed), and the
    // units' rolled days for a drift baseline the roll-up holds (issue 44).
    tables: { ...mailing, notificationSettings: 'read', customers: 'read', equipment: 'read', equipmentAlerts: 'write', reportRows: 'read' }, secrets: ['telemetry', 'embed'], mail: true, timeoutSeconds: 60,
  },
  {
    handler: 'notifications/documents-digest', schedule: { everyMinutes: 60 }, description: 'Notifications: one mail per subscribed user listing the documents added to their properties',
    tables: { ...mailing, properties: 'read', documents: 'read' }, secrets: ['embed'], mail: true, timeoutSeconds: 120,
  },
  {
    handler: 'notifications/weekly-summary', schedule: { weekly: true }, description: 'Notifications: the weekly summary of work orders and invoices to subscribed users',
    // The energy line (issue 44): the properties' customers and equipment, their units' week through the telemetry client.
    tables: { ...mailing, properties: 'read', reportRows: 'read', customers: 'read', equipment: 'read' }, secrets: ['telemetry', 'embed'], mail: true, memoryMb: 1024, timeoutSeconds: 300,
  },
  {
    handler: 'notifications/visits-reminder', schedule: { daily: true }, description: "Notifications: the next day's visits to each user who keeps 'Upcoming visits' on",
    tables: { ...mailing, properties: 'read', reportRows: 'read' }, secrets: ['embed'], mail: true, memoryMb: 1024, timeoutSeconds: 300,
  },
  {
    handler: 'telemetry/roll-up-days', schedule: { everyMinutes: 60 }, description: "Energy and runtime: rolls each mapped customer's units' days not rolled yet into the report-rows table",
    // Issue 44, item 5: the customers and their equipment, the units' readings through the telemetry client, the rolled days (read and written).
    tables: { customers: 'read', equipment: 'read', reportRows: 'write' }, secrets: ['telemetry'], memoryMb: 1024, timeoutSeconds: 300,
  },
];

/**
 * SES's bounce and complaint events (the stage's configuration set, through an SNS topic in the
 * jobs stack): each suppresses further mail to its address.
 */
export const mailFeedback = { handler: 'notifications/mail-feedback', tables: { mailSuppression: 'write' } } as const satisfies Pick<Route, 'handler' | 'tables'>;

/**
 * The HTTP API's request authorizer on every `public` route (infra/api-construct.ts, emulated by
 * the local gateway): CloudFront's origin secret in `x-origin-verify`, its answer cached by that
 * value for `cacheSeconds`.
 */
export const originAuthorizer = { handler: 'gateway/origin-authorizer', cacheSeconds: 300 } as const;

export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;
export const routesByKey: ReadonlyMap<string, Route> = new Map(routes.map((r) => [routeKey(r), r]));

/** What the API middleware reads of a route: who may call it, what a refusal says, whether it reads the users table. */
export type RouteAccess = Pick<Route, 'access' | 'denied'> & { tables?: { users?: TableAccess } };

/**
 * Every route's row cut to what the middleware reads, by route key. Each function's bundle carries
 * the rows of its own routes (infra/function-bundling.ts `bundledRoutes`, PORTAL_BUNDLED_ROUTES) in
 * place of the whole table with its grants, timeouts and the areas (about 12 KB minified).
 */
export function routeAccess(): Record<string, RouteAccess> {
  return Object.fromEntries(
    routes.map((r) => [routeKey(r), { access: r.access, ...(r.denied ? { denied: r.denied } : {}), ...(r.tables?.users ? { tables: { users: r.tables.users } } : {}) }]),
  );
}

/**
 * Which stack of the stage a route's function lives in (infra/area-stack.ts `Portal-<stage>-<area>`),
 * by the folder of its handler: the portal stack keeps the API, its authorizer, the pool, the tables,
 * the buckets and CloudFront, and each area's functions, routes and rollback alarms are a stack of
 * their own, so that no stack nears CloudFormation's 500 resources (docs/deploying.md "The stacks of a stage").
 */
export const areas = {
  /** Signing in, resetting a password, registration, the web app's settings and the API document. */
  accounts: ['accounts', 'config'],
  /** Users and their assignments, and the catalogue of customers and properties. */
  users: ['users', 'catalog'],
  /** The document library. */
  documents: ['documents'],
  /** Reports, the built-in report host's data, quote decisions, upcoming visits, the calendar feed, work orders and equipment history. */
  reports: ['reports', 'quotes', 'visits', 'work-orders', 'invoices', 'assets'],
  /** Equipment telemetry and alerts, service requests, notifications, analytics and the audit log. */
  operations: ['telemetry', 'analytics', 'alerts', 'requests', 'notifications', 'audit'],
} as const satisfies Record<string, readonly string[]>;
export type Area = keyof typeof areas;

/** The area of a handler file (`documents/delete-document` → `documents`); a folder in no area is a mistake. */
export function areaOf(handler: string): Area {
  const folder = handler.split('/')[0]!;
  const found = (Object.keys(areas) as Area[]).find((a) => (areas[a] as readonly string[]).includes(folder));
  if (!found) throw new Error(`lambdas/${handler}: its folder ${folder}/ is in no area of lambdas/routes.ts (areas)`);
  return found;
}
