/**
 * Issue 39, the handlers with their AWS clients mocked: an approval is signed by the signed-in
 * account (its users row), never with a name the body or Cognito's attributes carry; the record,
 * the list and the mails name the account and its email first; the staff's list of every
 * customer's recent decisions; the name comparison and the list's CSV.
 */
import { handler as decideQuote } from '../../../lambdas/quotes/decide-quote.js';
import { handler as listDecisions } from '../../../lambdas/quotes/list-decisions.js';
import { handler as listQuotes } from '../../../lambdas/quotes/list-quotes.js';
import { decisionsCsv, type DecisionReply, type QuotesReply, type RecentDecision, type RecentDecisionsReply } from '../../../lambdas/shared/contract/quotes.js';
import type { DecisionRecord } from '../../../lambdas/shared/data/quote-decisions.js';
import { putReportRows, type QuoteRow } from '../../../lambdas/shared/data/report-rows.js';
import { checkSignature, comparableName, isOwnName, signingName } from '../../../lambdas/shared/domain/quotes/signer.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { HttpError } from '../../../lambdas/shared/platform/http.js';
import { admin, customers, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, user } from '../support/fake-aws.js';
import { fakeSes } from '../support/ses.js';

const DECIDE = 'POST /api/quotes/{quoteId}/decision';
const dana = { ...user('dana@a.test', ['A'], { 'A-P1': 'A' }), name: 'dana facilities', quoteApproval: { limit: null } };
const lee = { ...user('lee@a.test', ['A'], { 'A-P1': 'A' }), name: 'lee park' };
const aws = fakeAws({ users: [admin, dana, lee], customers, properties }, { secrets: { embed: 'unsubscribe-key-for-tests' } });
const w = aws.world;
const mail = fakeSes();

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const quote = (id: string): QuoteRow => ({ dataset: 'quote', id, propertyId: 'A-P1', title: `Work ${id}`, status: 'Sent', amount: 4_850, createdAt: '2026-01-05T10:00:00Z', expiresAt: day(30) });
const decide = (email: string | undefined, q: QuoteRow, body: Record<string, unknown>, over: Record<string, string> = {}) =>
  decideQuote(
    apiEvent({
      route: DECIDE,
      params: { quoteId: q.id },
      body: { propertyId: q.propertyId, shown: { amount: q.amount, title: q.title, expiresAt: q.expiresAt }, ...body },
      ...(email ? { claims: claims(email, over) } : {}),
    }),
  );
const approve = (email: string | undefined, q: QuoteRow, signature: string, over: Record<string, string> = {}) =>
  decide(email, q, { decision: 'approve', signature, agreed: true, poNumber: 'PO-7781' }, over);
const records = () => w.quoteDecisions as DecisionRecord[];

beforeAll(() =>
  setTableEnv({ LOG_LEVEL: 'error', EMBED_SECRET_ID: 'embed', PUBLIC_URL: 'https://portal.test', MAIL_FROM: 'Portal <portal@example.com>', DISPATCH_EMAIL: 'dispatch@provider.test' }),
);
afterAll(() => {
  aws.restore();
  mail.restore();
});
beforeEach(async () => {
  aws.reset();
  mail.reset();
  w.quoteDecisions = [];
  w.reportRows = [];
  w.audit = [];
  await putReportRows(dynamo(), [quote('QT-1'), quote('QT-2')]);
});

describe('the name an approval is signed with', () => {
  it('is compared after NFD without combining marks, case, and extra spaces', () => {
    expect(comparableName('  José   Núñez\t')).toBe('jose nunez');
    expect(comparableName('ÅSA ÖBERG')).toBe('asa oberg');
    const signer = { name: 'dana  facilities', email: 'dana@a.test' };
    expect(signingName(signer)).toBe('Dana Facilities');
    for (const same of ['Dana Facilities', ' dana facilities ', 'DÁNA   FACILITIES', 'Dana\u00a0Facilities', 'Da\u0301na Facilities']) expect([same, isOwnName(same, signer)]).toEqual([same, true]);
    for (const other of ['Mickey Mouse', 'Dana', 'Dana Facilities Jr', 'DanaFacilities', '']) expect([other, isOwnName(other, signer)]).toEqual([other, false]);
    // An account without a name signs with its email.
    expect(signingName({ name: ' ', email: 'x@a.test' })).toBe('x@a.test');
    expect(isOwnName('X@A.test', { name: '', email: 'x@a.test' })).toBe(true);
  });

  it('refuses only approvals signed with another name, with a 400 that names the account', () => {
    const signer = { name: 'dana facilities', email: 'dana@a.test' };
    const refusal = (body: Parameters<typeof checkSignature>[0]) => {
      try {
        checkSignature(body, signer);
        return 'allowed';
      } catch (e) {
        return e instanceof HttpError ? `${e.statusCode} ${e.message}` : String(e);
      }
    };
    expect(refusal({ decision: 'approve', signature: 'Mickey Mouse' })).toBe(
      "400 Invalid body.signature: the signature must be your own account's name, Dana Facilities; an approval cannot be signed with another name",
    );
    expect(refusal({ decision: 'approve', signature: 'dana facilities' })).toBe('allowed');
    // A decline carries no signature; a missing one is the decision rules' 400.
    expect(refusal({ decision: 'decline', signature: 'Mickey Mouse' })).toBe('allowed');
    expect(refusal({ decision: 'approve' })).toBe('allowed');
  });
});

describe('POST /api/quotes/{quoteId}/decision: the signer is the account', () => {
  it('401 without a token; 400 for another name, also when Cognito\'s name attribute says it: nothing recorded, nothing mailed', async () => {
    expect((await approve(undefined, quote('QT-1'), 'Dana Facilities')).statusCode).toBe(401);
    const mickey = await approve(dana.email, quote('QT-1'), 'Mickey Mouse');
    expect(mickey.statusCode).toBe(400);
    expect(json(mickey).error).toBe("Invalid body.signature: the signature must be your own account's name, Dana Facilities; an approval cannot be signed with another name");
    // The token's own `name` claim (a Cognito attribute the user can rewrite) changes nothing.
    const claimed = await approve(dana.email, quote('QT-1'), 'Mickey Mouse', { name: 'Mickey Mouse' });
    expect(json(claimed).error).toBe("Invalid body.signature: the signature must be your own account's name, Dana Facilities; an approval cannot be signed with another name");
    // Another user's name is another name.
    expect((await approve(dana.email, quote('QT-1'), 'Lee Park')).statusCode).toBe(400);
    expect(records()).toEqual([]);
    expect(mail.mails()).toEqual([]);
  });

  it('approves signed with the account\'s name in any case, accents and spacing; the record, the answer and the mails name the account and its email', async () => {
    const r = await approve(dana.email, quote('QT-1'), '  DÁNA   facilities ');
    expect(r.statusCode).toBe(200);
    const [record] = records();
    expect(record!.by).toEqual({ sub: dana.sub, email: 'dana@a.test', name: 'dana facilities', signature: 'DÁNA   facilities' });
    const reply = json(r) as unknown as DecisionReply;
    expect(reply.quote.decidedBy).toBe('Dana Facilities');
    expect(reply.quote.decisions[0]).toMatchObject({ by: 'Dana Facilities', email: 'dana@a.test', signature: 'DÁNA   facilities', poNumber: 'PO-7781' });
    const dispatch = mail.mails().find((m) => m.to === 'dispatch@provider.test')!;
    expect(dispatch.text.split('\n')[0]).toBe('Dana Facilities (dana@a.test) of Alpha approved quote QT-1 in the portal.');
    const receipt = mail.mails().find((m) => m.to === dana.email)!;
    expect(receipt.text).toContain('Decided by: Dana Facilities (dana@a.test)\nSigned as: DÁNA   facilities');
    const colleague = mail.mails().find((m) => m.to === lee.email)!;
    expect(colleague.text).toContain('Dana Facilities (dana@a.test) approved a quote for Alpha North');
  });

  it('a decline needs no signature and names the account too', async () => {
    const r = await decide(lee.email, quote('QT-2'), { decision: 'decline', reason: 'Over budget' });
    expect(r.statusCode).toBe(200);
    expect(records()[0]!.by).toEqual({ sub: lee.sub, email: 'lee@a.test', name: 'lee park' });
  });

  it('GET /api/quotes answers the account\'s name to sign with, from the users row', async () => {
    const r = await listQuotes(apiEvent({ route: 'GET /api/quotes', claims: claims(dana.email, { name: 'Mickey Mouse' }) }));
    expect((json(r) as unknown as QuotesReply).signer).toEqual({ name: 'Dana Facilities', email: 'dana@a.test' });
    const own = await listQuotes(apiEvent({ route: 'GET /api/quotes', claims: claims(admin.email) }));
    expect((json(own) as unknown as QuotesReply).signer).toBeNull();
  });
});

describe('GET /api/quotes/decisions: the staff\'s list', () => {
  const list = (email: string | undefined, query: Record<string, string> = {}) =>
    listDecisions(apiEvent({ route: 'GET /api/quotes/decisions', query, ...(email ? { claims: claims(email) } : {}) }));

  it('401 without a token, 403 for a customer, 400 for a bad number of days', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const customer = await list(dana.email);
    expect(customer.statusCode).toBe(403);
    expect(json(customer).error).toBe('Only administrators may list quote decisions.');
    for (const days of ['0', '367', 'x', '1.5']) expect([days, (await list(admin.email, { days })).statusCode]).toEqual([days, 400]);
  });

  it('lists every customer\'s decisions of the last days, newest first, with who, the signature and what they said', async () => {
    expect((await approve(dana.email, quote('QT-1'), 'Dana Facilities')).statusCode).toBe(200);
    expect((await decide(lee.email, quote('QT-2'), { decision: 'decline', reason: 'Over budget' })).statusCode).toBe(200);
    // An old record keeps what it holds, and falls out of a shorter window.
    w.quoteDecisions.push({ ...records()[0]!, sk: 'quote#QT-0#2026-01-01T00:00:00.000Z', quoteId: 'QT-0', decidedAt: '2020-01-01T00:00:00.000Z', by: { ...records()[0]!.by, signature: 'Mickey Mouse' } });
    const r = await list(admin.email);
    expect(r.statusCode).toBe(200);
    const reply = json(r) as unknown as RecentDecisionsReply;
    expect(reply.decisions.map((d) => [d.quoteId, d.decision, d.name, d.email, d.signature, d.poNumber, d.reason, d.customerName, d.propertyName, d.amount])).toEqual([
      ['QT-2', 'decline', 'Lee Park', 'lee@a.test', null, null, 'Over budget', 'Alpha', 'Alpha North', 4_850],
      ['QT-1', 'approve', 'Dana Facilities', 'dana@a.test', 'Dana Facilities', 'PO-7781', null, 'Alpha', 'Alpha North', 4_850],
    ]);
    const all = json(await list(admin.email, { days: '366' })) as unknown as RecentDecisionsReply;
    expect(all.decisions).toHaveLength(2);
  });
});

describe('the list as CSV', () => {
  const row: RecentDecision = {
    decidedAt: '2026-11-26T10:00:00.000Z', decision: 'decline', quoteId: 'QT-1', title: 'Fan, "new"', amount: 4850.5, propertyId: 'P', propertyName: 'Tower',
    customerId: 'C', customerName: 'Northwind', name: 'Dana Facilities', email: 'dana@a.test', signature: null, poNumber: null, reason: '=HYPERLINK("x")\nsecond line', comment: null,
  };

  it('writes a header and a line per decision, quoting commas, quotes and line ends, and defusing formulas', () => {
    expect(decisionsCsv([row])).toBe(
      'Decided at (UTC),Decision,Customer,Property,Quote,Title,Amount (USD),Decided by,Email,Signature,PO number,Reason or changes asked for\r\n' +
        `2026-11-26T10:00:00.000Z,Declined,Northwind,Tower,QT-1,"Fan, ""new""",4850.5,Dana Facilities,dana@a.test,,,"'=HYPERLINK(""x"")\nsecond line"\r\n`,
    );
    expect(decisionsCsv([])).toBe('Decided at (UTC),Decision,Customer,Property,Quote,Title,Amount (USD),Decided by,Email,Signature,PO number,Reason or changes asked for\r\n');
  });
});
