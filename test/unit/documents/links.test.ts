/** How a document's link tells the browser to treat it (lambdas/shared/domain/documents/files.ts linkHeaders). */
import { linkHeaders } from '../../../lambdas/shared/domain/documents/files.js';

describe('link headers', () => {
  it('shows a viewed CSV as text (a browser saves text/csv, which left the View tab blank), and downloads it as CSV', () => {
    expect(linkHeaders('meters.csv', 'text/csv', false)).toEqual({ disposition: `inline; filename="meters.csv"; filename*=UTF-8''meters.csv`, contentType: 'text/plain; charset=utf-8' });
    expect(linkHeaders('meters.csv', 'text/csv', true)).toEqual({ disposition: `attachment; filename="meters.csv"; filename*=UTF-8''meters.csv`, contentType: 'text/csv' });
  });

  it('keeps the other safe types as they are, and sends the unsafe ones as attachments of bytes', () => {
    expect(linkHeaders('plan.pdf', 'application/pdf', false).contentType).toBe('application/pdf');
    expect(linkHeaders('page.html', 'text/html', false)).toEqual({ disposition: `attachment; filename="page.html"; filename*=UTF-8''page.html`, contentType: 'application/octet-stream' });
  });
});
