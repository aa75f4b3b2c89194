import { describe, expect, it } from '@jest/globals';
import { analyticsPath, backState, backTarget, openedFrom, quotePath, workOrderPath } from './paths';
import { dayText, money, payable, quantityText, stepText, when } from './work-order-text';

const CHICAGO = 'America/Chicago';

describe('the work order screen texts', () => {
  it('writes times in the property zone with the zone named, and a date without a time as its day', () => {
    expect(when('2026-03-14T13:20:00.000Z', CHICAGO)).toBe('14 Mar 2026, 8:20 AM CDT');
    expect(when('2026-03-02', CHICAGO)).toBe('2 Mar 2026');
    expect(when('2026-03-02T00:00:00.000Z', CHICAGO)).toBe('2 Mar 2026');
    expect(dayText('2026-04-14T00:00:00.000Z', CHICAGO)).toBe('14 Apr 2026');
  });

  it('writes each timeline step: when reached, its window when scheduled, else Not yet', () => {
    expect(stepText({ step: 'requested', reached: true, at: '2026-03-12T20:10:00.000Z' }, CHICAGO)).toEqual({ label: 'Requested', detail: '12 Mar 2026, 3:10 PM CDT' });
    expect(stepText({ step: 'scheduled', reached: true, at: '2026-03-14T13:00:00.000Z', windowStart: '2026-03-14T13:00:00.000Z', windowEnd: '2026-03-14T16:00:00.000Z' }, CHICAGO)).toEqual({
      label: 'Scheduled',
      detail: '14 Mar 2026, Arrival 8:00 AM – 11:00 AM CDT',
    });
    expect(stepText({ step: 'onSite', reached: false, at: null }, CHICAGO)).toEqual({ label: 'On site', detail: 'Not yet' });
    expect(stepText({ step: 'completed', reached: true, at: null }, CHICAGO)).toEqual({ label: 'Completed', detail: '' });
  });

  it('writes money with cents and quantities without trailing zeros', () => {
    expect([money(2400), money(86.4), money(0)]).toEqual(['$2,400.00', '$86.40', '$0.00']);
    expect([quantityText(2.5), quantityText(1), quantityText(0.125)]).toEqual(['2.5', '1', '0.125']);
  });

  it('offers Pay only on an owed invoice with a payment page', () => {
    const i = { id: 'I', number: 'N', status: 'Open' as const, amount: 10, balance: 10, dueAt: '2026-04-14', paymentUrl: 'https://pay.example.com/N' };
    expect(payable(i)).toBe(true);
    expect(payable({ ...i, status: 'Paid', balance: 0 })).toBe(false);
    expect(payable({ ...i, paymentUrl: null })).toBe(false);
    expect(payable({ ...i, status: 'Overdue' })).toBe(true);
  });

  it("goes Back only to the portal's own signed-in pages, else to the Dashboard", () => {
    expect(backTarget({ from: '/home/maintenance?property=P-1' })).toBe('/home/maintenance?property=P-1');
    expect(backTarget({ from: '/home' })).toBe('/home');
    expect(backTarget({ from: '/equipment/AS-1' })).toBe('/equipment/AS-1');
    expect(backTarget({ from: '/work-orders/WO-1' })).toBe('/work-orders/WO-1');
    for (const bad of [null, undefined, 'x', { from: 'https://evil.example/home' }, { from: '//evil.example' }, { from: '/home//evil' }, { from: '/homework' }, { from: 7 }, { from: '/equipment/AS-1/x' }, { from: '/equipment/' }]) {
      expect(backTarget(bad)).toBe('/home');
    }
  });

  it('carries the state of the page Back returns to, when that page was opened from another', () => {
    const equipment = { pathname: '/equipment/AS-1', search: '', state: { from: '/work-orders/WO-1', back: { from: '/home/maintenance' } } };
    const opened = openedFrom(equipment);
    expect(opened).toEqual({ from: '/equipment/AS-1', back: equipment.state });
    expect([backTarget(opened), backState(opened)]).toEqual(['/equipment/AS-1', equipment.state]);
    expect([backTarget(backState(opened)), backState(backState(opened))]).toEqual(['/work-orders/WO-1', { from: '/home/maintenance' }]);
    expect(openedFrom({ pathname: '/home', search: '?x=1', state: { other: 1 } })).toEqual({ from: '/home?x=1' });
    expect(backState(null)).toBeNull();
  });

  it('spells the addresses of a work order and of one quote', () => {
    expect(workOrderPath('WO 1/2')).toBe('/work-orders/WO%201%2F2');
    expect(quotePath('QT-1')).toBe('/home/quotes?quote=QT-1');
    expect(analyticsPath('EQ 1&2')).toBe('/home/analytics?equipment=EQ+1%262');
  });
});
