import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as analytics from '../../../lambdas/shared/contract/analytics.js';
import * as catalog from '../../../lambdas/shared/contract/catalog.js';
import * as documents from '../../../lambdas/shared/contract/documents.js';
import * as analyticsAnswers from '../../../lambdas/shared/contract/answers/analytics.js';
import * as catalogAnswers from '../../../lambdas/shared/contract/answers/catalog.js';
import * as documentsAnswers from '../../../lambdas/shared/contract/answers/documents.js';
import * as quoteDecisionAnswers from '../../../lambdas/shared/contract/answers/quote-decisions.js';
import * as quoteAnswers from '../../../lambdas/shared/contract/answers/quotes.js';
import * as reportsAnswers from '../../../lambdas/shared/contract/answers/reports.js';
import * as telemetryAnswers from '../../../lambdas/shared/contract/answers/telemetry.js';
import * as usersAnswers from '../../../lambdas/shared/contract/answers/users.js';
import { openApiRegistry } from '../../../lambdas/shared/contract/openapi-registry.js';
import * as reports from '../../../lambdas/shared/contract/reports.js';
import * as telemetry from '../../../lambdas/shared/contract/telemetry.js';
import * as users from '../../../lambdas/shared/contract/users.js';

const answersDir = path.join(import.meta.dirname, '../../../lambdas/shared/contract/answers');

describe('the answers the web app parses: one zod/mini definition (lambdas/shared/contract/answers/)', () => {
  it('imports nothing but zod/mini (itself or through another answers file), so the web build can bundle them', () => {
    const files = readdirSync(answersDir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    // A sibling's schema (an invoice's lines are a work order's) is held to the same rule, file by file.
    const sibling = (i: string | undefined) => !!i && /^\.\/[a-z-]+\.js$/.test(i) && files.includes(i.slice(2).replace(/\.js$/, '.ts'));
    for (const file of files) {
      const imports = [...readFileSync(path.join(answersDir, file), 'utf8').matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm)].map((m) => m[1]);
      // zod/mini or nothing at all (plain data such as the energy estimates' defaults).
      expect({ file, imports: imports.filter((i) => i !== 'zod/mini' && !sibling(i)) }).toEqual({ file, imports: [] });
    }
  });

  it('the decisions list names the same kinds of decision as the quotes (written twice, held equal)', () => {
    expect([...quoteDecisionAnswers.DECISION_KINDS]).toEqual([...quoteAnswers.QUOTE_DECISIONS]);
  });

  it('the contract files re-export them, and the OpenAPI description reads them', () => {
    expect(users.PortalUsers).toBe(usersAnswers.PortalUsers);
    expect(users.UserCustomersReply).toBe(usersAnswers.UserCustomersReply);
    expect(analytics.AnalyticsRows).toBe(analyticsAnswers.AnalyticsRows);
    expect(analytics.TelemetryCustomerReply).toBe(analyticsAnswers.TelemetryCustomerReply);
    expect(telemetry.DevicesReply).toBe(telemetryAnswers.DevicesReply);
    expect(telemetry.SamplesReply).toBe(telemetryAnswers.SamplesReply);
    expect(reports.ReportsReply).toBe(reportsAnswers.ReportsReply);
    expect(catalog.SigmaCustomersReply).toBe(catalogAnswers.SigmaCustomersReply);
    expect(documents.Document).toBe(documentsAnswers.Document);
    expect(documents.DocumentsReply).toBe(documentsAnswers.DocumentsReply);
    expect(documents.LinkReply).toBe(documentsAnswers.LinkReply);
    expect(documents.UploadUrlReply).toBe(documentsAnswers.UploadUrlReply);
    expect(openApiRegistry['GET /api/users']?.response).toBe(usersAnswers.PortalUsers);
    expect(openApiRegistry['GET /api/users/getproperty/{email}']?.response).toBe(usersAnswers.PortalUsers);
    expect(openApiRegistry['GET /api/users/usercustomerbyemail/{email}']?.response).toBe(usersAnswers.UserCustomersReply);
    expect(openApiRegistry['GET /api/analytics/data/{customerId}']?.response).toBe(analyticsAnswers.AnalyticsRows);
    expect(openApiRegistry['GET /api/analytics/nclarity-customer/{customerId}']?.response).toBe(analyticsAnswers.TelemetryCustomerReply);
    expect(openApiRegistry['GET /api/telemetry/{customerId}/devices']?.response).toBe(telemetryAnswers.DevicesReply);
    expect(openApiRegistry['POST /api/telemetry/{customerId}/samples']?.response).toBe(telemetryAnswers.SamplesReply);
    expect(openApiRegistry['GET /api/reports']?.response).toBe(reportsAnswers.ReportsReply);
    expect(openApiRegistry['GET /api/users/getcustomerbyemail/{email}']?.response).toBe(usersAnswers.UserCustomersReply);
    expect(openApiRegistry['GET /api/sigma/customers']?.response).toBe(catalogAnswers.SigmaCustomersReply);
    expect(openApiRegistry['GET /api/s3/getdocumentsbyproperty']?.response).toBe(documentsAnswers.DocumentsReply);
    expect(openApiRegistry['GET /api/s3/getpresignedurl']?.response).toBe(documentsAnswers.LinkReply);
    expect(openApiRegistry['POST /api/s3/upload-url']?.response).toBe(documentsAnswers.UploadUrlReply);
  });

  it('parses what the handlers answer, and refuses what they never send', () => {
    const sample = { _time: '2026-01-01T00:00:00Z', temp: 21.5, mode: 'cool', on: true, fault: null };
    expect(telemetryAnswers.SamplesReply.parse({ data: { d1: sample, d2: { _time: null, error: 'offline' } } })).toEqual({ data: { d1: sample, d2: { _time: null, error: 'offline' } } });
    expect(telemetryAnswers.SamplesReply.safeParse({ data: { d1: { _time: null, temp: [1] } } }).success).toBe(false);
    expect(analyticsAnswers.TelemetryCustomerReply.parse({ nclarityCustomer: { ID: 'NC-1', NAME: '' } })).toEqual({ nclarityCustomer: { ID: 'NC-1', NAME: '' } });
    expect(analyticsAnswers.TelemetryCustomerReply.safeParse({ nclarityCustomer: { id: 7 } }).success).toBe(false);
    expect(usersAnswers.PortalUsers.safeParse([{ NAME: 'A', EMAIL: 'a@x.test', CUSTOMER_NAME: [], BUILDOPS_CUSTOMER_ID: [], PROPERTIES: [] }]).success).toBe(false);
    const doc = { DOCUMENT_URL: 'p1/a.pdf', UPLOADED_AT: '2026-01-01T00:00:00Z', PROPERTY_ID: 'p1' };
    expect(documentsAnswers.DocumentsReply.parse([{ ...doc, extra: 1 }])).toEqual([doc]);
    expect(documentsAnswers.DocumentsReply.safeParse([{ ...doc, PROPERTY_ID: null }]).success).toBe(false);
    const upload = { url: 'https://s3.test/docs', key: 'uploads/p1/a.pdf', fields: { key: 'uploads/p1/a.pdf', 'Content-Type': 'application/pdf', Policy: 'e30=' }, expiresAt: '2026-01-01T00:15:00Z', maxBytes: 100 };
    expect(documentsAnswers.UploadUrlReply.parse(upload)).toEqual(upload);
    expect(documentsAnswers.UploadUrlReply.safeParse({ ...upload, fields: { 'content-length': 3 } }).success).toBe(false);
    expect(documentsAnswers.UploadUrlReply.safeParse({ ...upload, maxBytes: undefined }).success).toBe(false);
    expect(documentsAnswers.LinkReply.safeParse({}).success).toBe(false);
    expect(catalogAnswers.SigmaCustomersReply.safeParse({ customer_names: ['A'], customer_ids: [1] }).success).toBe(false);
  });

  it('a zod classic answer built from a zod/mini one (the upload reply) parses as before', () => {
    const doc = { DOCUMENT_URL: 'p1/a.pdf', UPLOADED_AT: '2026-01-01T00:00:00Z', PROPERTY_ID: 'p1' };
    expect(documents.UploadReply.parse({ ...doc, message: 'File uploaded successfully.', extra: 1 })).toEqual({ ...doc, message: 'File uploaded successfully.' });
    expect(documents.UploadReply.safeParse({ ...doc, DOCUMENT_URL: 7, message: 'x' }).success).toBe(false);
  });
});
