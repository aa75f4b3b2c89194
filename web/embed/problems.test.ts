import { describe, expect, it } from '@jest/globals';
import { messages, pageNames } from '../../lambdas/shared/contract/reports.js';
import { problemBeforeLoading, problemOf } from './problems';
import { pageFromPath, tokenPage } from './protocol';
import { PAGES, strings } from './strings';
import { EmbedHttpError } from './token';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `eyJhbGciOiJIUzI1NiJ9.${b64(claims)}.sig`;

describe('report page problems', () => {
  it('says what the server says, letter for letter', () => {
    expect(strings.expired).toBe(messages.embedInvalid);
    expect(strings.noAccess).toBe(messages.embedNoAccess);
    expect([...PAGES]).toEqual([...pageNames]);
  });

  it('reads the page from the path and from the token', () => {
    expect(pageFromPath('/embed/work-orders')).toBe('work-orders');
    expect(pageFromPath('/embed/quotes/')).toBe('quotes');
    expect(pageFromPath('/embed/')).toBe('');
    expect(pageFromPath('/other/quotes')).toBe('');
    expect(tokenPage(token({ page: 'quotes', exp: 1 }))).toBe('quotes');
    expect(tokenPage('not-a-token')).toBeNull();
  });

  it('refuses before loading: an unknown page, no token, or a token for another page', () => {
    expect(problemBeforeLoading('/embed/payroll', token({ page: 'payroll' }))).toEqual({ title: 'Report not found', message: 'There is no report page "payroll".' });
    expect(problemBeforeLoading('/embed/quotes', null)).toEqual({ title: 'Report link expired', message: messages.embedInvalid });
    expect(problemBeforeLoading('/embed/quotes', token({ page: 'dashboard' }))?.message).toBe(messages.embedInvalid);
    expect(problemBeforeLoading('/embed/quotes', token({ page: 'quotes' }))).toBeNull();
  });

  it('shows the expired message for a 401 and the no-access message for a 403 from the data call', () => {
    expect(problemOf(new EmbedHttpError(401))).toEqual({ title: 'Report link expired', message: messages.embedInvalid });
    expect(problemOf(new EmbedHttpError(403))).toEqual({ title: 'No access', message: messages.embedNoAccess });
    expect(problemOf(new EmbedHttpError(503))).toEqual({ title: 'Report unavailable', message: 'The report could not be loaded (status 503).' });
  });
});
