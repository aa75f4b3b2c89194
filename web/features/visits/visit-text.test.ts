import { describe, expect, it } from '@jest/globals';
import { visitWhen } from './visit-text';

describe('a visit as "Coming up" writes it', () => {
  it('writes an arrival window, a time, or All day on its calendar date', () => {
    const windowed = { scheduledAt: '2026-11-26T13:00:00.000Z', allDay: false, windowStart: '2026-11-26T13:00:00.000Z', windowEnd: '2026-11-26T16:00:00.000Z' };
    expect(visitWhen(windowed, 'UTC')).toEqual({ date: '26 Nov 2026', time: '1:00 PM – 4:00 PM' });
    expect(visitWhen(windowed, 'America/New_York')).toEqual({ date: '26 Nov 2026', time: '8:00 AM – 11:00 AM' });
    expect(visitWhen({ scheduledAt: '2026-11-26T14:30:00.000Z', allDay: false }, 'Europe/London')).toEqual({ date: '26 Nov 2026', time: '2:30 PM' });
    // A day is its date wherever the browser is (midnight UTC is the evening before in New York).
    expect(visitWhen({ scheduledAt: '2026-11-27T00:00:00.000Z', allDay: true }, 'America/Los_Angeles')).toEqual({ date: '27 Nov 2026', time: 'All day' });
  });
});
