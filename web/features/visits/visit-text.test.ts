import { describe, expect, it } from '@jest/globals';
import { visitWhen } from './visit-text';

describe('a visit as "Coming up" writes it', () => {
  it("writes an arrival window or a time in the property's zone, named, or All day on its calendar date", () => {
    const windowed = { scheduledAt: '2026-11-26T13:00:00.000Z', allDay: false, windowStart: '2026-11-26T13:00:00.000Z', windowEnd: '2026-11-26T16:00:00.000Z' };
    expect(visitWhen({ ...windowed, timeZone: 'UTC' })).toEqual({ date: '26 Nov 2026', time: '1:00 PM – 4:00 PM UTC' });
    expect(visitWhen({ ...windowed, timeZone: 'America/New_York' })).toEqual({ date: '26 Nov 2026', time: '8:00 AM – 11:00 AM EST' });
    expect(visitWhen({ ...windowed, timeZone: 'America/Chicago' })).toEqual({ date: '26 Nov 2026', time: '7:00 AM – 10:00 AM CST' });
    expect(visitWhen({ scheduledAt: '2026-07-26T14:30:00.000Z', allDay: false, timeZone: 'America/Denver' })).toEqual({ date: '26 Jul 2026', time: '8:30 AM MDT' });
    // The date is the property's too: 2:00 AM UTC is the evening before in Los Angeles.
    expect(visitWhen({ scheduledAt: '2026-11-27T02:00:00.000Z', allDay: false, timeZone: 'America/Los_Angeles' })).toEqual({ date: '26 Nov 2026', time: '6:00 PM PST' });
    // A day is its date wherever the property is (midnight UTC is the evening before in New York).
    expect(visitWhen({ scheduledAt: '2026-11-27T00:00:00.000Z', allDay: true, timeZone: 'America/Los_Angeles' })).toEqual({ date: '27 Nov 2026', time: 'All day' });
  });

  it('names each end of a window across a daylight-saving change', () => {
    // Chicago falls back at 2:00 AM CDT on 1 Nov 2026 (07:00 UTC).
    expect(visitWhen({ scheduledAt: '2026-11-01T06:00:00.000Z', allDay: false, windowStart: '2026-11-01T06:00:00.000Z', windowEnd: '2026-11-01T09:00:00.000Z', timeZone: 'America/Chicago' })).toEqual({
      date: '1 Nov 2026',
      time: '1:00 AM CDT – 3:00 AM CST',
    });
  });
});
