/**
 * The contract's schemas per route key, for the OpenAPI description (GET /api/openapi.json) only.
 * Imported by lambdas/config/get-openapi.ts and nothing else: it reaches every contract file, so a
 * handler importing it would carry all of them in its bundle.
 */
import { type core } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import * as accounts from './accounts.js';
import * as alerts from './alerts.js';
import * as analytics from './analytics.js';
import * as assets from './assets.js';
import * as audit from './audit.js';
import * as catalog from './catalog.js';
import * as documents from './documents.js';
import * as invoices from './invoices.js';
import * as notifications from './notifications.js';
import * as quotes from './quotes.js';
import * as reports from './reports.js';
import * as requests from './requests.js';
import * as telemetry from './telemetry.js';
import * as users from './users.js';
import * as visits from './visits.js';
import * as workOrders from './work-orders.js';

/** Any zod 4 schema, classic (requests, most answers) or mini (the answers the web app parses, ./answers/*.ts). */
type Schema = core.$ZodType;

export interface OpenApiEntry {
  /** The JSON body (or, with `multipart`, the form fields besides the file). */
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /** The success answer. */
  response?: Schema;
  /** The success status when it is not 200. */
  status?: 201;
  /** The body is multipart/form-data carrying one `file` beside the `body` fields. */
  multipart?: true;
  /** The success answer is text of this type, not JSON. */
  text?: string;
  /** The error statuses besides 400, where the route table's access and grants do not tell them. */
  errors?: (401 | 403 | 404 | 409 | 429)[];
}

export const openApiRegistry: Record<string, OpenApiEntry> = {
  'POST /api/users/login': { body: accounts.LoginBody, response: accounts.LoginReply, errors: [401, 429] },
  'POST /api/users/reset-password': { body: accounts.ResetRequestBody, response: accounts.MessageReply, errors: [404, 429] },
  'POST /api/users/reset-password/verify': { body: accounts.VerifyBody, response: accounts.MessageReply, errors: [429] },
  'POST /api/users/user-registration/verify': { body: accounts.VerifyBody, response: accounts.MessageReply, errors: [429] },

  'GET /api/users/getproperty/{email}': { params: users.EmailParams, response: users.PortalUsers },
  'GET /api/users/usercustomerbyemail/{email}': { params: users.EmailParams, response: users.UserCustomersReply },
  'GET /api/users/getcustomerbyemail/{email}': { params: users.EmailParams, response: users.UserCustomersReply },
  // With ?view=accounts each user also carries STATUS and LAST_SIGN_IN (users.UserAccounts).
  'GET /api/users': { query: users.ListUsersQuery, response: users.PortalUsers },
  'PUT /api/users/{email}/quote-approval': { params: users.EmailParams, body: quotes.QuoteApprovalBody, response: quotes.QuoteApprovalReply, errors: [404] },
  'GET /api/quotes': { query: quotes.QuotesQuery, response: quotes.QuotesReply, errors: [403, 404] },
  'POST /api/quotes/{quoteId}/decision': { params: quotes.QuoteParams, body: quotes.DecisionBody, response: quotes.DecisionReply, errors: [403, 404, 409] },
  'POST /api/quotes/{quoteId}/ask-approval': { params: quotes.QuoteParams, body: quotes.AskApprovalBody, response: quotes.AskApprovalReply, errors: [403, 404, 409, 429] },
  'GET /api/quotes/decisions': { query: quotes.RecentDecisionsQuery, response: quotes.RecentDecisionsReply },
  'PUT /api/users/{email}/customers': { params: users.EmailParams, body: users.PutCustomersBody, response: users.AssignmentsReply },
  'PUT /api/users/{email}/properties': { params: users.EmailParams, body: users.PutPropertiesBody, response: users.AssignmentsReply },
  'POST /api/users/signup': { body: users.SignupBody, response: users.SignupReply, status: 201 },
  'PUT /api/users/{email}/email': { params: users.EmailParams, body: users.ChangeEmailBody, response: users.ChangeEmailReply },
  'PUT /api/users/{email}/name': { params: users.EmailParams, body: users.ChangeNameBody, response: users.ChangeNameReply },
  'POST /api/users/remove-users': { body: users.RemoveUsersBody, response: users.RemoveUsersReply },
  'POST /api/users/send-account-mail': { body: users.AccountMailBody, response: users.AccountMessageReply, errors: [401, 403, 404, 429] },

  'GET /api/users/customers': { response: catalog.CustomersReply },
  'POST /api/users/customers/properties': { body: catalog.PropertiesBody, response: catalog.PropertiesReply },
  'GET /api/sigma/customers': { response: catalog.SigmaCustomersReply },
  'GET /api/sigma/buildings/{customerId}': { params: catalog.CustomerParams, response: catalog.SigmaBuildingsReply },

  'GET /api/s3/getdocumentsbyproperty': { query: documents.DocumentsQuery, response: documents.DocumentsReply },
  'GET /api/s3/getpresignedurl': { query: documents.LinkQuery, response: documents.LinkReply },
  'POST /api/s3/deletedocument': { body: documents.DeleteBody, response: documents.MessageReply },
  'POST /api/s3/uploaddocument': {
    // The handler reads the form itself (busboy); these are the fields it requires.
    body: z.object({ propertyId: documents.PropertyId }),
    multipart: true,
    response: documents.UploadReply,
    status: 201,
  },
  'POST /api/s3/upload-url': { body: documents.UploadUrlBody, response: documents.UploadUrlReply },
  'POST /api/s3/confirm-upload': { body: documents.ConfirmBody, response: documents.UploadReply, status: 201 },

  'GET /api/analytics/data/{customerId}': { params: analytics.CustomerParams, response: analytics.AnalyticsRows },
  'GET /api/analytics/nclarity-customer/{customerId}': { params: analytics.CustomerParams, response: analytics.TelemetryCustomerReply },
  'GET /api/audit': { query: audit.AuditQuery, response: audit.AuditReply },
  'POST /api/audit/view-as': { body: audit.ViewAsBody, response: audit.ViewAsReply },

  'GET /api/telemetry/{customerId}/devices': { params: telemetry.CustomerParams, response: telemetry.DevicesReply },
  'POST /api/telemetry/{customerId}/samples': { params: telemetry.CustomerParams, body: telemetry.SamplesBody, response: telemetry.SamplesReply },
  'POST /api/telemetry/{customerId}/insight': { params: telemetry.CustomerParams, body: telemetry.InsightBody, response: telemetry.InsightReply },
  'GET /api/alerts': { query: alerts.AlertsQuery, response: alerts.AlertsReply, errors: [401, 403] },
  'GET /api/alerts/thresholds/{propertyId}': { params: alerts.ThresholdsParams, query: alerts.ThresholdsQuery, response: alerts.ThresholdsReply },
  'PUT /api/alerts/thresholds/{propertyId}': { params: alerts.ThresholdsParams, body: alerts.PutThresholdsBody, response: alerts.ThresholdsReply },
  'POST /api/alerts': {
    // Legacy (the route table's note), by action: 'list' answers AlertsReply; 'thresholds' and 'set-thresholds' (administrators) ThresholdsReply.
    body: z.union([alerts.ListAlertsBody, alerts.ThresholdsBody, alerts.SetThresholdsBody]),
    response: z.union([alerts.AlertsReply, alerts.ThresholdsReply]),
    errors: [403, 404],
  },
  'GET /api/notifications': { response: notifications.SettingsReply, errors: [401, 403] },
  'PATCH /api/notifications': { body: notifications.PatchSettingsBody, response: notifications.SettingsReply, errors: [401, 403] },
  'POST /api/notifications': {
    // Legacy (the route table's note).
    body: z.union([z.object({ action: z.enum(['get']) }), notifications.SetBody]),
    response: notifications.SettingsReply,
    errors: [403],
  },
  'POST /api/notifications/unsubscribe': { body: notifications.UnsubscribeBody, response: notifications.UnsubscribeReply, errors: [404] },

  'GET /api/requests': { query: requests.ListQuery, response: requests.RequestsReply },
  // The previous release's { action } bodies are answered too, for one release (the route table's legacy note): not described.
  'POST /api/requests': { body: requests.FileBody, response: requests.WriteReply, status: 201 },
  'PATCH /api/requests/{reference}': { params: requests.ReferenceParams, body: requests.StatusChangeBody, response: requests.WriteReply },

  'GET /api/reports': { response: reports.ReportsReply },
  'POST /api/sigma/filtered': { body: reports.FilteredBody, response: reports.FilteredReply },
  'GET /api/embed/data': { response: reports.PageData },
  'GET /api/embed/table': { query: reports.EmbedTableQuery, response: reports.TablePage },
  'GET /api/embed/table.csv': { query: reports.EmbedTableQuery, text: 'text/csv' },

  'GET /api/visits': { query: visits.VisitsQuery, response: visits.VisitsReply, errors: [401, 403, 404] },
  'GET /api/calendar': { response: visits.CalendarFeedReply, errors: [401, 403] },
  'POST /api/calendar': { body: visits.CalendarBody, response: visits.CalendarFeedReply, errors: [401, 403] },
  'DELETE /api/calendar': { response: visits.CalendarFeedReply, errors: [401, 403] },
  // The feed itself (iCalendar); any token that is not a live feed's: 404.
  'GET /api/work-orders/{workOrderId}': { params: workOrders.WorkOrderParams, query: workOrders.WorkOrderQuery, response: workOrders.WorkOrderReply, errors: [401, 403, 404] },
  'GET /api/invoices/{invoiceId}': { params: invoices.InvoiceParams, query: invoices.InvoiceQuery, response: invoices.InvoiceReply, errors: [401, 403, 404] },
  'GET /api/assets/{assetId}/history': { params: assets.AssetParams, query: assets.AssetQuery, response: assets.AssetHistoryReply, errors: [401, 403, 404] },
  'GET /api/calendar/{token}': { params: visits.FeedParams, text: 'text/calendar', errors: [404] },
};
