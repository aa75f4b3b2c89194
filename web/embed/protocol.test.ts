import { describe, expect, it } from '@jest/globals';
import { DEFAULT_OPENS, EMBED_MESSAGE, isEmbedMessage, offeredOpens, offerOpens, openedRecord, openQuote, primedData, primeFrame, tokenExpiry, tokenFromUrl } from './protocol';
import { formatCell, formatValue, paymentLink } from './format';

describe('embed frame protocol', () => {
  it('accepts only well-formed messages', () => {
    expect(isEmbedMessage({ type: EMBED_MESSAGE.height, height: 812 })).toBe(true);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.height, height: Number.NaN })).toBe(false);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.height, height: '812' })).toBe(false);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.refresh })).toBe(true);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.drawn })).toBe(true);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.token, url: '/embed/quotes?token=a.b.c' })).toBe(true);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.token })).toBe(false);
    expect(isEmbedMessage({ type: 'workbook:loaded' })).toBe(false);
    expect(isEmbedMessage('portal-embed:refresh')).toBe(false);
    expect(isEmbedMessage(null)).toBe(false);
  });

  it('accepts a work order to open only with an id of 1 to 200 printable characters (issue 43)', () => {
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, workOrderId: 'WO-D000209' })).toBe(true);
    for (const bad of [undefined, '', ' WO-1', 'WO-1\n', 'WO\u00001', 'x'.repeat(201), 42, { id: 'WO-1' }]) {
      expect(isEmbedMessage({ type: EMBED_MESSAGE.open, workOrderId: bad })).toBe(false);
    }
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, workOrderId: 'x'.repeat(200) })).toBe(true);
  });

  it('accepts an invoice to open by the same rule, naming one record only (issue 43, item 4)', () => {
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, invoiceId: 'IN-D000200' })).toBe(true);
    expect(openedRecord({ invoiceId: 'IN-D000200' })).toEqual({ kind: 'invoice', id: 'IN-D000200' });
    expect(openedRecord({ workOrderId: 'WO-1' })).toEqual({ kind: 'work-order', id: 'WO-1' });
    for (const bad of [undefined, '', ' IN-1', 'IN-1\n', 'x'.repeat(201), 42]) expect(isEmbedMessage({ type: EMBED_MESSAGE.open, invoiceId: bad })).toBe(false);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, invoiceId: 'IN-1', workOrderId: 'WO-1' })).toBe(false);
  });

  it('accepts a quote to open by the same rule, naming one record only (issue 43, a Quotes row)', () => {
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, quoteId: 'QT-D000101' })).toBe(true);
    expect(openedRecord({ quoteId: 'QT-D000101' })).toEqual({ kind: 'quote', id: 'QT-D000101' });
    for (const bad of [undefined, '', ' QT-1', 'QT-1\n', 'QT\u00001', 'x'.repeat(201), 42, null]) expect(isEmbedMessage({ type: EMBED_MESSAGE.open, quoteId: bad })).toBe(false);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, quoteId: 'QT-1', workOrderId: 'WO-1' })).toBe(false);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open, quoteId: 'QT-1', invoiceId: 'IN-1' })).toBe(false);
    expect(isEmbedMessage({ type: EMBED_MESSAGE.open })).toBe(false);
  });

  it('posts a quote to open to the framing portal on its own origin only, and nothing from a page that is not framed', () => {
    const posted: [unknown, string][] = [];
    const parent = { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) } as unknown as Window;
    openQuote('QT-7', { parent, location: { origin: 'http://portal.test' } } as unknown as Window);
    expect(posted).toEqual([[{ type: EMBED_MESSAGE.open, quoteId: 'QT-7' }, 'http://portal.test']]);
    const alone = { location: { origin: 'http://portal.test' } } as unknown as Window & { parent: Window };
    alone.parent = alone;
    openQuote('QT-7', alone);
    expect(posted).toHaveLength(1);
    expect(isEmbedMessage(posted[0]![0])).toBe(true);
  });

  it('reads the token and its expiry from a frame URL', () => {
    const payload = btoa(JSON.stringify({ exp: 1_800_000_000, page: 'quotes' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
    expect(tokenFromUrl(`/embed/quotes?token=${token}`, 'http://portal.test')).toBe(token);
    expect(tokenFromUrl('/embed/quotes', 'http://portal.test')).toBeNull();
    expect(tokenExpiry(token)).toBe(1_800_000_000);
    expect(tokenExpiry('not-a-token')).toBeNull();
  });

  it('formats figures and cells, with an em dash for missing values', () => {
    expect(formatValue(1234567.4, 'money')).toBe('$1,234,567');
    expect(formatValue(87.25, 'percent')).toBe('87.3%');
    expect(formatValue(null, 'count')).toBe('—');
    expect(formatCell(125.5, 'money')).toBe('$125.50');
    expect(formatCell(null, 'date')).toBe('—');
    expect(formatCell('2026-09-01', 'date')).toBe('1 Sep 2026');
  });
});

describe('an owed invoice\'s Pay link', () => {
  it('names the amount (and, in its label, the invoice), links only an https page, says when there is none', () => {
    expect(paymentLink('https://pay.example.com/i/1?a=2', { balance: 1234.5, number: 'INV-7' })).toEqual({
      href: 'https://pay.example.com/i/1?a=2',
      text: 'Pay $1,234.50',
      label: 'Pay $1,234.50 for INV-7',
    });
    for (const bad of ['http://pay.example.com/i/1', 'javascript:alert(1)', 'not a url']) expect(paymentLink(bad, { balance: 1, number: 'N' })).toBeNull();
    expect(formatCell('', 'payment')).toBe('No online payment');
    expect(formatCell(null, 'payment')).toBe('—');
  });
});

describe('a frame\'s first data handed over by the portal (issue 42)', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJwYWdlIjoicXVvdGVzIn0.sig';
  const portal = () => {
    const w = { location: { origin: 'http://portal.test' } } as unknown as Window & { parent: Window };
    (w as { parent: Window }).parent = w;
    return w;
  };
  const frameOf = (parent: Window) => ({ parent, location: { origin: 'http://portal.test' } }) as unknown as Window;

  it('is kept under the frame URL\'s token, taken by that token only, and forgotten when the frame goes', () => {
    const top = portal();
    const forget = primeFrame(`/embed/quotes?token=${token}`, { page: 'quotes' }, top);
    expect(primedData(token, frameOf(top))).toEqual({ page: 'quotes' });
    expect(primedData(`${token}x`, frameOf(top))).toBeUndefined();
    expect(primedData(null, frameOf(top))).toBeUndefined();
    // A page that is not framed (opened on its own) has nobody to hand it over.
    expect(primedData(token, top)).toBeUndefined();
    forget();
    expect(primedData(token, frameOf(top))).toBeUndefined();
  });

  it('is not read from a parent on another origin, and a URL without a token keeps nothing', () => {
    const foreign = {} as Window;
    Object.defineProperty(foreign, '__portalFrameData', { get: () => { throw new Error('SecurityError'); } });
    expect(primedData(token, frameOf(foreign))).toBeUndefined();
    const top = portal();
    primeFrame('/embed/quotes', { page: 'quotes' }, top);
    expect((top as unknown as { __portalFrameData?: Map<string, unknown> }).__portalFrameData?.size ?? 0).toBe(0);
  });
});

describe('the records a frame\'s rows may open, told by the portal (issue 43)', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJwYWdlIjoicXVvdGVzIn0.sig';
  const portal = () => {
    const w = { location: { origin: 'http://portal.test' } } as unknown as Window & { parent: Window };
    (w as { parent: Window }).parent = w;
    return w;
  };
  const frameOf = (parent: Window) => ({ parent, location: { origin: 'http://portal.test' } }) as unknown as Window;

  it('are what the portal said for the frame\'s token: quotes only where it opens them', () => {
    const top = portal();
    const forget = offerOpens(`/embed/quotes?token=${token}`, ['work-order', 'invoice', 'quote'], top);
    expect([...offeredOpens(token, frameOf(top))].sort()).toEqual(['invoice', 'quote', 'work-order']);
    forget();
    // An administrator's own view: no quotes panel, so no quote is offered.
    const forgetAdmin = offerOpens(`/embed/quotes?token=${token}`, ['work-order', 'invoice'], top);
    expect(offeredOpens(token, frameOf(top)).has('quote')).toBe(false);
    expect(offeredOpens(token, frameOf(top)).has('work-order')).toBe(true);
    forgetAdmin();
  });

  it('default to work orders and invoices, never quotes, without a word from the portal', () => {
    const top = portal();
    expect(DEFAULT_OPENS.has('quote')).toBe(false);
    expect(offeredOpens(token, frameOf(top))).toBe(DEFAULT_OPENS);
    expect(offeredOpens(null, frameOf(top))).toBe(DEFAULT_OPENS);
    expect(offeredOpens(token, top)).toBe(DEFAULT_OPENS);
    offerOpens(`/embed/quotes?token=${token}`, ['quote'], top);
    expect(offeredOpens(`${token}x`, frameOf(top))).toBe(DEFAULT_OPENS);
    const foreign = {} as Window;
    Object.defineProperty(foreign, '__portalFrameOpens', { get: () => { throw new Error('SecurityError'); } });
    expect(offeredOpens(token, frameOf(foreign))).toBe(DEFAULT_OPENS);
    // A URL without a token keeps nothing.
    const other = portal();
    offerOpens('/embed/quotes', ['quote'], other);
    expect((other as unknown as { __portalFrameOpens?: Map<string, unknown> }).__portalFrameOpens?.size ?? 0).toBe(0);
  });
});
