import { describe, expect, it } from '@jest/globals';
import { agreeText, approveChoice, decidable, decisionDetails, expiryText, listNames, statusText } from './quote-text';

const sent = { status: 'Sent' as const, expired: false, decisions: [], decidedAt: null, decidedBy: null };

describe('a quote as the panel writes it', () => {
  it('writes the expiry day as a calendar day, Expired once past it, or No expiry', () => {
    expect(expiryText({ expired: false, expiresAt: '2026-06-09' }, 'America/Los_Angeles')).toBe('9 Jun 2026');
    expect(expiryText({ expired: true, expiresAt: '2026-06-09' })).toBe('Expired');
    expect(expiryText({ expired: false, expiresAt: null })).toBe('No expiry');
  });

  it('says who decided and when, else Expired or awaiting', () => {
    const approval = { decision: 'approve' as const, decidedAt: '2026-06-01T15:00:00.000Z', by: 'dana facilities', email: 'dana@n.test', signature: 'Dana Facilities', reason: null, comment: null, poNumber: null };
    const approved = { ...sent, status: 'Approved' as const, decisions: [approval] };
    expect(statusText(approved, 'UTC')).toBe('Approved by Dana Facilities (dana@n.test) on 1 Jun 2026');
    // The account is named, never the typed signature (an older record may hold another name).
    expect(statusText({ ...approved, decisions: [{ ...approval, signature: 'Mickey Mouse' }] }, 'UTC')).toBe('Approved by Dana Facilities (dana@n.test) on 1 Jun 2026');
    const declined = { ...sent, status: 'Declined' as const, decisions: [{ ...approval, decision: 'decline' as const, by: 'Lee Park', email: 'lee@l.test', signature: null }] };
    expect(statusText(declined, 'UTC')).toBe('Declined by Lee Park (lee@l.test) on 1 Jun 2026');
    const changes = { ...sent, decisions: [{ ...approval, decision: 'request-changes' as const, by: 'Lee Park', email: 'lee@l.test', signature: null }] };
    expect(statusText(changes, 'UTC')).toBe('Changes requested by Lee Park (lee@l.test) on 1 Jun 2026');
    // Imported decisions carry no record: the row's decider alone.
    expect(statusText({ ...sent, status: 'Approved', decidedAt: '2026-06-01T15:00:00.000Z', decidedBy: 'lee park' }, 'UTC')).toBe('Approved by Lee Park on 1 Jun 2026');
    // Issue 43: an old quote opened from the Quotes report, decided in the provider's system without a decider named.
    expect(statusText({ ...sent, status: 'Approved', decidedAt: '2026-06-01T15:00:00.000Z' }, 'UTC')).toBe('Approved on 1 Jun 2026');
    expect(statusText({ ...sent, status: 'Declined', decidedAt: '2026-06-01T15:00:00.000Z', decidedBy: ' ' }, 'UTC')).toBe('Declined on 1 Jun 2026');
    expect(statusText({ ...sent, status: 'Declined' })).toBe('Declined');
    expect(statusText({ ...sent, status: 'Expired' })).toBe('Expired');
    expect(statusText({ ...sent, expired: true })).toBe('Expired');
    expect(statusText(sent)).toBe('Awaiting your decision');
  });

  it('keeps what a decision said: the signature, the PO number, the reason, the changes asked for', () => {
    const base = { decidedAt: '2026-06-01T15:00:00.000Z', by: 'dana', email: 'dana@n.test', signature: null, reason: null, comment: null, poNumber: null };
    expect(decisionDetails({ ...base, decision: 'approve', signature: 'Dana', poNumber: 'PO-7' })).toEqual([
      { label: 'Signature', value: 'Dana' },
      { label: 'PO number', value: 'PO-7' },
    ]);
    expect(decisionDetails({ ...base, decision: 'decline', reason: 'Too dear' })).toEqual([{ label: 'Reason', value: 'Too dear' }]);
    expect(decisionDetails({ ...base, decision: 'request-changes', comment: 'Split it' })).toEqual([{ label: 'Changes asked for', value: 'Split it' }]);
    expect(decisionDetails({ ...base, decision: 'decline' })).toEqual([]);
    // Issue 43: on a quote with lines, the option, the lines and the total chosen.
    expect(decisionDetails({ ...base, decision: 'approve', poNumber: 'PO-7', chosen: { option: 'Better', lines: ['Labour', 'New motor'], total: 5500 } })).toEqual([
      { label: 'PO number', value: 'PO-7' },
      { label: 'Option', value: 'Better' },
      { label: 'Lines chosen', value: 'Labour; New motor' },
      { label: 'Total of the lines chosen', value: '$5,500' },
    ]);
    expect(decisionDetails({ ...base, decision: 'decline', reason: 'No', chosen: null })).toEqual([{ label: 'Reason', value: 'No' }]);
  });

  it('decides only Sent quotes that have not expired', () => {
    expect(decidable(sent)).toBe(true);
    expect(decidable({ ...sent, expired: true })).toBe(false);
    expect(decidable({ ...sent, status: 'Approved' })).toBe(false);
  });

  it('lets an approver within the limit approve, and names whom to ask otherwise', () => {
    const q = { amount: 9200, approvers: ['Dana Facilities', 'Lee Park'] };
    expect(approveChoice({ approval: { limit: 25000 } }, q)).toEqual({ may: true });
    expect(approveChoice({ approval: { limit: null } }, q)).toEqual({ may: true });
    expect(approveChoice({ approval: { limit: 9200 } }, q)).toEqual({ may: true });
    expect(approveChoice({ approval: { limit: 5000 } }, q, 'Dana Facilities')).toEqual({
      may: false,
      why: 'You may approve quotes up to $5,000; this one is over your limit.',
      ask: 'Lee Park may approve this amount: ask them to approve it.',
      others: ['Lee Park'],
    });
    expect(approveChoice({ approval: null }, q)).toMatchObject({ may: false, ask: 'Dana Facilities and Lee Park may approve this amount: ask them to approve it.' });
    expect(approveChoice({ approval: null }, { amount: 1, approvers: [] })).toMatchObject({
      others: [],
      ask: "Nobody at your company may approve this amount yet: your provider's administrators can give someone that permission.",
    });
    // Said together, no doubled full stop.
    const c = approveChoice({ approval: { limit: 5000 } }, q, 'Dana Facilities');
    expect(c.may === false && `${c.why} ${c.ask}`).not.toMatch(/\.\./);
  });

  it('lists names as people do and writes the tick with the amount and property', () => {
    expect(listNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(agreeText({ amount: 4850, propertyName: 'northwind tower' })).toBe('I approve this quote of $4,850 for Northwind Tower');
  });
});
