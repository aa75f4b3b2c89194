// AWS calls per read request: every GET route of lambdas/routes.ts and the read-only POSTs
// (customers' properties, telemetry samples, signed report URLs), called as a customer and as an
// administrator through the local stack, on a realistic fixture (a customer with 3 properties,
// documents, equipment, telemetry mapping, two years of report rows). The counts come from the
// middleware's one log line per request ({"message":"request","calls":{...}}), read from this
// process's stdout (every SDK call counts, each page of a paged Query too). Each request is made
// twice and both counts shown when they differ; each route's first request in the process is
// shown apart where its caches were cold. All functions share this one process, so a cache filled
// by one route (the embed secret, the telemetry client) is warm for the next: on Lambda each
// function's first request reads its secret once. Goal (issues 10, 19): <= 2 DynamoDB calls per
// read route; the routes over it are flagged ("over") and listed, and docs/figures.md "Figures" gives the
// measured reason of each. Run: npx tsx test/bench/calls.bench.ts
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { routeKey, routes } from '../../lambdas/routes.js';
import { appendAudit } from '../../lambdas/shared/data/audit.js';
import { putDocument } from '../../lambdas/shared/data/documents.js';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { putReportRows } from '../../lambdas/shared/data/report-rows.js';
import { generateReportRows } from '../../infra/admin/demo-report-data.js';
import { REGION } from '../../infra/local/stack.js';
import { createTestUser, putCustomer, putProperty, request, signIn } from '../support/local-stack.js';
import { benchStack, run } from './support.js';

const GOAL = 2;
const PASSWORD = 'Bench1234x';
const CUSTOMER = 'CUST-CALLS';
const PROPERTIES = ['PROP-CALLS-1', 'PROP-CALLS-2', 'PROP-CALLS-3'];
const SERVICES = ['dynamodb', 's3', 'cognito', 'secrets'] as const;
type Counts = Record<(typeof SERVICES)[number], number>;

interface Logged {
  message?: string;
  route?: string;
  status?: number;
  calls?: Counts;
}

/** The middleware's request lines written to stdout while `fn` runs (and not shown). */
async function capture(fn: () => Promise<unknown>): Promise<Logged[]> {
  const lines: Logged[] = [];
  const write = process.stdout.write.bind(process.stdout);
  let buffer = '';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    buffer += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        const parsed = JSON.parse(line) as Logged;
        if (parsed.message === 'request') {
          lines.push(parsed);
          continue;
        }
      } catch {
        /* not a log line */
      }
      write(line + '\n');
    }
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof process.stdout.write;
  try {
    await fn();
  } finally {
    process.stdout.write = write;
    if (buffer) write(buffer);
  }
  return lines;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** The embed routes take the embed token, not the Cognito one. */
  token?: 'embed-dashboard' | 'embed-work-orders';
}

async function main() {
  const t = await benchStack({ LOG_LEVEL: 'info' });
  try {
    // The fixture, through the data modules (and one stored object per document).
    await putCustomer({ id: CUSTOMER, name: 'CALLS FACILITIES', telemetryCustomerId: 'ncl-calls', telemetryCustomerName: 'Calls Facilities' });
    await putCustomer({ id: 'CUST-OTHER', name: 'OTHER HOLDINGS' });
    for (const [i, id] of PROPERTIES.entries()) await putProperty({ id, customerId: CUSTOMER, name: `Calls Building ${i + 1}`, propertyType: 'Office' });
    await putProperty({ id: 'PROP-OTHER-1', customerId: 'CUST-OTHER', name: 'Other Building', propertyType: 'Retail' });
    const s3 = new S3Client({ endpoint: t.stack.endpoints.s3, region: REGION, forcePathStyle: true, credentials: { accessKeyId: t.env.AWS_ACCESS_KEY_ID!, secretAccessKey: t.env.AWS_SECRET_ACCESS_KEY! } });
    const keys: string[] = [];
    for (const [i, propertyId] of PROPERTIES.entries()) {
      for (let j = 0; j < 4; j++) {
        const key = `documents/calls-${i}-${j}/report-${j}.pdf`;
        await s3.send(new PutObjectCommand({ Bucket: t.env.DOCUMENTS_BUCKET, Key: key, Body: '%PDF-1.4 bench', ContentType: 'application/pdf' }));
        await putDocument(t.db, { key, propertyId, uploadedAt: new Date(Date.now() - (i * 4 + j) * 3600_000).toISOString(), fileName: `report-${j}.pdf`, contentType: 'application/pdf', sizeBytes: 14, uploadedBy: 'admin@staff.test' });
        keys.push(key);
      }
    }
    s3.destroy();
    await putEquipment(
      t.db,
      PROPERTIES.flatMap((propertyId, i) =>
        [1, 2].map((n) => ({ customerId: CUSTOMER, id: `EQ-CALLS-${i + 1}-${n}`, propertyId, buildingName: `Calls Building ${i + 1}`, name: `RTU-${n}`, equipmentType: 'Rooftop Unit', telemetryData: '{"make":"Carrier"}' })),
      ),
    );
    const rows = generateReportRows(PROPERTIES.map((id) => ({ id, size: 1 })), { now: Date.now(), seed: 11, idPrefix: 'C' });
    await putReportRows(t.db, [...rows.assets, ...rows.workOrders, ...rows.quotes, ...rows.invoices]);
    const customerUser = await createTestUser({ email: 'facilities@calls.test', password: PASSWORD, customers: [CUSTOMER], properties: PROPERTIES });
    const adminUser = await createTestUser({ email: 'admin@staff.test', password: PASSWORD });
    await appendAudit(t.db, adminUser.email, 'signup', customerUser.email);
    await appendAudit(t.db, adminUser.email, 'view-as', customerUser.email);
    const who = {
      customer: { user: customerUser, token: await signIn(customerUser.email, PASSWORD) },
      administrator: { user: adminUser, token: await signIn(adminUser.email, PASSWORD) },
    };
    console.log(
      `fixture: 1 customer with ${PROPERTIES.length} properties (+1 other customer), ${keys.length} documents, 6 equipment rows, telemetry mapped, ` +
        `${rows.workOrders.length + rows.quotes.length + rows.invoices.length + rows.assets.length} report rows\n`,
    );

    /** The request made for each route key (path parameters filled, query and body realistic). */
    const callsFor = (email: string): Record<string, Call> => ({
      'GET /api/config': { method: 'GET', path: '/api/config' },
      'GET /api/users/getproperty/{email}': { method: 'GET', path: `/api/users/getproperty/${encodeURIComponent(email)}` },
      'GET /api/users/usercustomerbyemail/{email}': { method: 'GET', path: `/api/users/usercustomerbyemail/${encodeURIComponent(email)}` },
      'GET /api/users/getcustomerbyemail/{email}': { method: 'GET', path: `/api/users/getcustomerbyemail/${encodeURIComponent(email)}` },
      'GET /api/users': { method: 'GET', path: '/api/users' },
      'GET /api/users/customers': { method: 'GET', path: '/api/users/customers' },
      'POST /api/users/customers/properties': { method: 'POST', path: '/api/users/customers/properties', body: { customerIds: [CUSTOMER] } },
      'GET /api/sigma/customers': { method: 'GET', path: '/api/sigma/customers' },
      'GET /api/sigma/buildings/{customerId}': { method: 'GET', path: `/api/sigma/buildings/${CUSTOMER}` },
      'GET /api/s3/getdocumentsbyproperty': { method: 'GET', path: `/api/s3/getdocumentsbyproperty?propertyId=${PROPERTIES.join(',')}` },
      'GET /api/s3/getpresignedurl': { method: 'GET', path: `/api/s3/getpresignedurl?key=${encodeURIComponent(keys[0]!)}` },
      'GET /api/analytics/data/{customerId}': { method: 'GET', path: `/api/analytics/data/${CUSTOMER}` },
      'GET /api/analytics/nclarity-customer/{customerId}': { method: 'GET', path: `/api/analytics/nclarity-customer/${CUSTOMER}` },
      'GET /api/audit': { method: 'GET', path: '/api/audit?limit=50' },
      'GET /api/telemetry/{customerId}/devices': { method: 'GET', path: `/api/telemetry/${CUSTOMER}/devices` },
      'POST /api/telemetry/{customerId}/samples': { method: 'POST', path: `/api/telemetry/${CUSTOMER}/samples`, body: { deviceIds: [] } },
      'GET /api/reports': { method: 'GET', path: '/api/reports' },
      'POST /api/sigma/filtered': {
        method: 'POST',
        path: '/api/sigma/filtered',
        body: { email, _url: '/embed/dashboard', properties: PROPERTIES, customers: [CUSTOMER], selectedReport: 'Dashboard' },
      },
      'GET /api/embed/data': { method: 'GET', path: '/api/embed/data', token: 'embed-dashboard' },
      'GET /api/embed/table': { method: 'GET', path: '/api/embed/table', token: 'embed-work-orders' },
      'GET /api/embed/table.csv': { method: 'GET', path: '/api/embed/table.csv', token: 'embed-work-orders' },
    });
    const readOnlyPosts = new Set(['POST /api/users/customers/properties', 'POST /api/telemetry/{customerId}/samples', 'POST /api/sigma/filtered']);
    const measured = routes.filter((r) => r.method === 'GET' || readOnlyPosts.has(routeKey(r)));

    interface Row {
      route: string;
      as: string;
      status: number;
      first: Counts;
      again: Counts;
    }
    /** Each route's first request in this process: its function's cold start (caches empty). */
    const cold = new Map<string, Counts>();
    const noteCold = (lines: Logged[]) => {
      for (const l of lines) if (l.route && l.calls && !cold.has(l.route)) cold.set(l.route, l.calls);
    };
    const table: Row[] = [];
    const unmeasured: string[] = [];
    for (const [as, { user, token }] of Object.entries(who)) {
      const calls = callsFor(user.email);
      const embedToken = async (report: string, frame: string) => {
        const r = await request('POST', '/api/sigma/filtered', {
          token,
          body: { email: user.email, _url: frame, properties: PROPERTIES, customers: [CUSTOMER], selectedReport: report },
        });
        const url = (r.json as { url?: string } | undefined)?.url;
        return url ? (new URL(url, t.baseUrl).searchParams.get('token') ?? '') : '';
      };
      let tokens: Record<'embed-dashboard' | 'embed-work-orders', string> = { 'embed-dashboard': '', 'embed-work-orders': '' };
      // The devices first: the samples request asks for the customer's own devices.
      let deviceIds: string[] = [];
      noteCold(
        await capture(async () => {
          tokens = { 'embed-dashboard': await embedToken('Dashboard', '/embed/dashboard'), 'embed-work-orders': await embedToken('Work Orders', '/embed/work-orders') };
          const devices = await request('GET', `/api/telemetry/${CUSTOMER}/devices`, { token });
          deviceIds = ((devices.json as { data?: { deviceId: string }[] } | undefined)?.data ?? []).map((d) => d.deviceId);
        }),
      );
      calls['POST /api/telemetry/{customerId}/samples']!.body = { deviceIds };

      for (const route of measured) {
        const key = routeKey(route);
        const call = calls[key];
        if (!call) {
          unmeasured.push(key);
          continue;
        }
        const send = () =>
          request(call.method, call.path, {
            token: call.token ? tokens[call.token] : route.access === 'public' ? undefined : token,
            body: call.body,
          });
        let status = 0;
        const lines = await capture(async () => {
          status = (await send()).status;
          await send();
        });
        noteCold(lines);
        const mine = lines.filter((l) => l.route === key);
        if (mine.length < 2 || !mine[0]!.calls) {
          unmeasured.push(`${key} as ${as} (no request line logged: LOG_LEVEL must be info)`);
          continue;
        }
        table.push({ route: key, as, status, first: mine[0]!.calls!, again: mine[1]!.calls! });
      }
    }

    const fmt = (r: Row, s: (typeof SERVICES)[number]) => (r.first[s] === r.again[s] ? String(r.again[s]) : `${r.first[s]}/${r.again[s]}`);
    console.log(`${'route'.padEnd(50)} ${'as'.padEnd(13)} status  dynamodb  s3  cognito  secrets`);
    for (const r of table) {
      const over = r.status < 400 && Math.max(r.first.dynamodb, r.again.dynamodb) > GOAL ? '  over' : '';
      console.log(
        `${r.route.padEnd(50)} ${r.as.padEnd(13)} ${String(r.status).padStart(6)}  ${fmt(r, 'dynamodb').padStart(8)}  ${fmt(r, 's3').padStart(2)}  ${fmt(r, 'cognito').padStart(7)}  ${fmt(r, 'secrets').padStart(7)}${over}`,
      );
    }
    console.log('(a/b: the first of the two requests / the second, when they differ)');
    const coldNotes = [...cold].flatMap(([route, c]) => {
      const warm = table.find((r) => r.route === route)?.again;
      const extra = warm ? SERVICES.filter((s) => c[s] !== warm[s]).map((s) => `${s} ${c[s]} (warm ${warm[s]})`) : [];
      return extra.length ? [`  ${route.padEnd(50)} ${extra.join(', ')}`] : [];
    });
    if (coldNotes.length) console.log(`first request of a function in this process (cold caches), where it differs:\n${coldNotes.join('\n')}`);

    const over = new Map<string, string[]>();
    for (const r of table) {
      if (r.status >= 400) continue;
      const n = Math.max(r.first.dynamodb, r.again.dynamodb);
      if (n > GOAL) over.set(r.route, [...(over.get(r.route) ?? []), `${r.as} ${n}`]);
    }
    const answered = new Set(table.filter((r) => r.status < 400).map((r) => r.route));
    console.log(`\n${answered.size} read routes answered (2xx), ${over.size} over the goal of <= ${GOAL} DynamoDB calls per request:`);
    for (const [route, who] of over) console.log(`  ${route.padEnd(50)} ${who.join(', ')} (OVER by ${Math.max(...who.map((w) => Number(w.split(' ').at(-1)))) - GOAL})`);
    if (over.size) console.log('  (why each stays over: README, "Figures", "DynamoDB calls")');
    const refused = table.filter((r) => r.status >= 400).map((r) => `${r.route} as ${r.as}: ${r.status}`);
    if (refused.length) console.log(`not counted against the goal (refused):\n  ${refused.join('\n  ')}`);
    if (unmeasured.length) console.log(`not measured:\n  ${[...new Set(unmeasured)].join('\n  ')}`);
  } finally {
    await t.stop();
  }
}

run(main);
