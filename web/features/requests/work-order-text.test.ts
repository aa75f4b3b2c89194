import { describe, expect, it } from '@jest/globals';
import { openedFrom, backTarget } from '../work-orders/paths';
import { requestWorkOrderWhen } from './work-order-text';

describe("a request's work order as My Requests writes it", () => {
  const base = { id: 'WO-1', status: 'Open', allDay: false };
  it("writes the arrival window, a time or a day in the property's zone, named, as Coming up does; or not scheduled yet", () => {
    const windowed = { ...base, scheduledAt: '2026-11-26T13:00:00.000Z', windowStart: '2026-11-26T13:00:00.000Z', windowEnd: '2026-11-26T16:00:00.000Z' };
    expect(requestWorkOrderWhen({ ...windowed, timeZone: 'America/Chicago' })).toBe('Scheduled: 26 Nov 2026, 7:00 AM – 10:00 AM CST');
    expect(requestWorkOrderWhen({ ...base, scheduledAt: '2026-07-26T14:30:00.000Z', timeZone: 'America/Denver' })).toBe('Scheduled: 26 Jul 2026, 8:30 AM MDT');
    expect(requestWorkOrderWhen({ ...base, scheduledAt: '2026-11-27T00:00:00.000Z', allDay: true, timeZone: 'America/Los_Angeles' })).toBe('Scheduled: 27 Nov 2026, All day');
    expect(requestWorkOrderWhen({ ...base, scheduledAt: null, timeZone: 'UTC' })).toBe('Not scheduled yet');
  });

  it('opened from My Requests, Back returns to the page with My Requests open again', () => {
    const from = openedFrom({ pathname: '/home/work-orders', search: '?property=P-1' }, 'requests');
    expect(from).toEqual({ from: '/home/work-orders?property=P-1&open=requests' });
    expect(backTarget(from)).toBe('/home/work-orders?property=P-1&open=requests');
    expect(openedFrom({ pathname: '/home', search: '' }, 'requests')).toEqual({ from: '/home?open=requests' });
  });
});
