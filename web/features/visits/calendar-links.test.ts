import { describe, expect, it } from '@jest/globals';
import { calendarLinks } from './calendar-links';

describe('"Add to calendar" links of the calendar feed', () => {
  it('gives webcal://, Google Calendar (the webcal address, encoded) and Outlook (the https address, encoded, and the name)', () => {
    const url = 'https://portal.example.com/api/calendar/eyJ2Ijox.AbC-_9.ics';
    expect(calendarLinks(url, 'Comfort Portal Reporting: visits')).toEqual({
      webcal: 'webcal://portal.example.com/api/calendar/eyJ2Ijox.AbC-_9.ics',
      google: 'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fportal.example.com%2Fapi%2Fcalendar%2FeyJ2Ijox.AbC-_9.ics',
      outlook:
        'https://outlook.live.com/calendar/0/addfromweb?url=https%3A%2F%2Fportal.example.com%2Fapi%2Fcalendar%2FeyJ2Ijox.AbC-_9.ics&name=Comfort%20Portal%20Reporting%3A%20visits',
    });
  });

  it('replaces a plain http scheme too (the local stack)', () => {
    expect(calendarLinks('http://127.0.0.1:3000/api/calendar/t.s.ics', 'x').webcal).toBe('webcal://127.0.0.1:3000/api/calendar/t.s.ics');
  });
});
