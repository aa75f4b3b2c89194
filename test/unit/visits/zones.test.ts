/**
 * Issue 39, item 9 and 12: a visit's time in its property's zone, named, on the screens, in the
 * day-before mail and in the calendar feed (TZID with a VTIMEZONE, UTC as UTC); the feed's LOCATION
 * the property's name and address, escaped.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { visitOnDay, visitsMail } from '../../../lambdas/notifications/visits-reminder.js';
import type { Visit } from '../../../lambdas/shared/contract/answers/visits.js';
import type { WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { canonicalTimeZone, zonedClock, zonedSpan, zoneName } from '../../../lambdas/shared/contract/writing.js';
import { calendarText, timeZoneLines, zonedTime } from '../../../lambdas/shared/domain/visits/ical.js';
import { selectVisits } from '../../../lambdas/shared/domain/visits/select.js';
import { workOrderPath } from '../../../web/features/work-orders/paths.js';
import { localDate, offsetChanges, startOfDay, zonedInstant } from '../../../lambdas/shared/domain/visits/zones.js';

const visit = (over: Partial<Visit>): Visit => ({
  workOrderId: 'WO-1',
  propertyId: 'P-1',
  propertyName: 'Northwind Tower',
  timeZone: 'America/Chicago',
  kind: 'maintenance',
  scheduledAt: '2026-11-26T14:00:00.000Z',
  allDay: false,
  technician: 'M. Chen',
  description: 'Filter change',
  ...over,
});
beforeAll(() => {
  process.env.PUBLIC_URL = 'https://portal.test';
});

const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('a time in a zone, named', () => {
  it('names the zone as people in the US read it, with daylight saving', () => {
    expect(zoneName('2026-11-26T13:00:00Z', 'America/Chicago')).toBe('CST');
    expect(zoneName('2026-07-26T13:00:00Z', 'America/Chicago')).toBe('CDT');
    expect(zoneName('2026-11-26T13:00:00Z', 'UTC')).toBe('UTC');
    expect(zoneName('2026-11-26T13:00:00Z', 'Europe/Berlin')).toBe('GMT+1');
    expect(zonedClock('2026-11-26T13:00:00Z', 'America/Chicago')).toBe('7:00 AM CST');
    expect(zonedClock('2026-11-26T13:00:00Z', 'UTC')).toBe('1:00 PM UTC');
    expect(zonedSpan('2026-11-26T13:00:00Z', '2026-11-26T16:30:00Z', 'America/New_York')).toBe('8:00 AM – 11:30 AM EST');
    expect(zonedSpan('2026-11-01T06:00:00Z', '2026-11-01T09:00:00Z', 'America/Chicago')).toBe('1:00 AM CDT – 3:00 AM CST');
  });

  it('knows IANA names and spells them as the tz database does; refuses others', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', 'CST6', 'Chicago', '', ' ']) expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("finds a zone's days, hours and offset changes", () => {
    expect(localDate(Date.parse('2026-11-27T03:00:00Z'), 'America/Chicago')).toBe('2026-11-26');
    expect(new Date(startOfDay('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(zonedInstant('2026-11-26', 8, 'America/Denver')).toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(new Date(zonedInstant('2026-07-26', 8, 'America/Denver')).toISOString()).toBe('2026-07-26T14:00:00.000Z');
    // Chicago falls back at 2:00 AM CDT on 1 Nov 2026 (07:00 UTC); nothing changes in UTC.
    expect(offsetChanges('America/Chicago', Date.parse('2026-10-20T00:00:00Z'), Date.parse('2026-11-20T00:00:00Z'))).toEqual([{ at: Date.parse('2026-11-01T07:00:00Z'), before: -300, after: -360 }]);
    expect(offsetChanges('UTC', Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-12-31T00:00:00Z'))).toEqual([]);
  });
});

describe('visits carry their property zone', () => {
  it("takes the property's zone and address, else the provider's zone", () => {
    const row = (id: string, propertyId: string, scheduledAt: string): WorkOrderRow => ({
      dataset: 'wo',
      id,
      propertyId,
      kind: 'maintenance',
      status: 'Open',
      priority: 'Low',
      createdAt: '2026-11-01T00:00:00.000Z',
      scheduledAt,
      description: '',
      technician: '',
      amount: 0,
    });
    const rows = [row('WO-1', 'P-1', '2026-11-26T14:00:00.000Z'), row('WO-2', 'P-2', '2026-11-26T15:00:00.000Z')];
    const properties = new Map([
      ['P-1', { name: 'Northwind Tower', timeZone: 'America/Chicago', address: '233 S Wacker Dr, Chicago, IL 60606' }],
      ['P-2', { name: 'Northwind Plaza' }],
    ]);
    const [a, b] = selectVisits(rows, properties, '2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z', 'America/Denver');
    expect(a).toMatchObject({ timeZone: 'America/Chicago', propertyAddress: '233 S Wacker Dr, Chicago, IL 60606' });
    expect(b).toMatchObject({ timeZone: 'America/Denver' });
    expect(b).not.toHaveProperty('propertyAddress');
  });
});

describe('the day-before mail writes times where the visit is', () => {
  it("writes a window or a time in the property's zone, named", () => {
    const mail = visitsMail('dana', '2026-11-26', [
      visit({ windowStart: '2026-11-26T14:00:00.000Z', windowEnd: '2026-11-26T17:00:00.000Z' }),
      visit({ workOrderId: 'WO-2', propertyName: 'Riverside Data Hall', timeZone: 'America/Denver', scheduledAt: '2026-11-26T14:00:00.000Z' }),
      visit({ workOrderId: 'WO-3', propertyName: 'Summit Mall', timeZone: 'UTC', scheduledAt: '2026-11-26T14:00:00.000Z' }),
    ]);
    expect(mail.text).toContain('Northwind Tower:\n  Filter change (work order WO-1)\n    arrival between 8:00 AM and 11:00 AM CST; technician: M. Chen');
    expect(mail.text).toContain('Riverside Data Hall:\n  Filter change (work order WO-2)\n    at 7:00 AM MST; technician: M. Chen');
    expect(mail.text).toContain('Summit Mall:\n  Filter change (work order WO-3)\n    at 2:00 PM UTC');
    expect(mail.text).not.toMatch(/7:00 AM UTC|2:00 PM CST/);
    // Each visit's work order opens from the mail, on the web app's own address for it (signed
    // out, Log In comes back to it).
    for (const id of ['WO-1', 'WO-2', 'WO-3']) expect(mail.text).toMatch(new RegExp(`\\(work order ${id}\\)\\n    [^\\n]+\\n    https://portal\\.test/work-orders/${id}\\n`));
    expect(mail.text).toContain(`    at 2:00 PM UTC; technician: M. Chen\n    https://portal.test${workOrderPath('WO-3')}\n`);
    expect(mail.text).toContain(`technician: M. Chen\n    https://portal.test${workOrderPath('WO-1')}\n`);
    expect(workOrderPath('WO 3/4')).toBe('/work-orders/WO%203%2F4');
  });

  it("counts a visit as tomorrow's by its property's calendar", () => {
    // 9:00 PM in Chicago on the 26th is the 27th in UTC.
    expect(visitOnDay(visit({ scheduledAt: '2026-11-27T03:00:00.000Z' }), '2026-11-26')).toBe(true);
    expect(visitOnDay(visit({ scheduledAt: '2026-11-27T03:00:00.000Z', timeZone: 'UTC' }), '2026-11-26')).toBe(false);
    // A day's visit is its date, in any zone.
    expect(visitOnDay(visit({ scheduledAt: '2026-11-26T00:00:00.000Z', allDay: true }), '2026-11-26')).toBe(true);
  });
});

describe("the calendar feed's times and place", () => {
  const options = { name: 'Acme: visits', domain: 'portal.test', now: Date.UTC(2026, 10, 25, 14), link: (id: string) => `https://portal.test/work-orders/${id}` };

  it("writes a visit's start and end as local times of its property's zone with TZID, and UTC as UTC", () => {
    expect(zonedTime(Date.parse('2026-11-26T14:00:00Z'), 'America/Chicago')).toBe(';TZID=America/Chicago:20261126T080000');
    expect(zonedTime(Date.parse('2026-11-26T14:00:00Z'), 'UTC')).toBe(':20261126T140000Z');
    const lines = unfold(
      calendarText(
        [
          visit({ windowStart: '2026-11-26T14:00:00.000Z', windowEnd: '2026-11-26T17:00:00.000Z' }),
          visit({ workOrderId: 'WO-2', timeZone: 'UTC', scheduledAt: '2026-11-27T14:00:00.000Z' }),
          visit({ workOrderId: 'WO-3', allDay: true, scheduledAt: '2026-11-28T00:00:00.000Z' }),
        ],
        options,
      ),
    );
    expect(lines).toEqual(expect.arrayContaining(['DTSTART;TZID=America/Chicago:20261126T080000', 'DTEND;TZID=America/Chicago:20261126T110000']));
    expect(lines).toEqual(expect.arrayContaining(['DTSTART:20261127T140000Z', 'DTEND:20261127T150000Z']));
    expect(lines).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20261128', 'DTEND;VALUE=DATE:20261129']));
    // One VTIMEZONE for the one TZID, before the events; none for UTC.
    expect(lines.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('TZID:'))).toEqual(['TZID:America/Chicago']);
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines.slice(lines.indexOf('BEGIN:VTIMEZONE'), lines.indexOf('END:VTIMEZONE') + 1)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/Chicago',
      'BEGIN:STANDARD',
      'DTSTART:20261125T080000',
      'TZOFFSETFROM:-0600',
      'TZOFFSETTO:-0600',
      'TZNAME:CST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('lists the offset changes of the span in VTIMEZONE, each onset in the local time before it', () => {
    const lines = timeZoneLines('America/Chicago', Date.parse('2026-10-30T13:00:00Z'), Date.parse('2026-11-03T13:00:00Z'));
    expect(lines).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/Chicago',
      'BEGIN:DAYLIGHT',
      'DTSTART:20261030T080000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0500',
      'TZNAME:CDT',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20261101T020000',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0600',
      'TZNAME:CST',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it("writes LOCATION as the property's name and address, escaped (commas, semicolons, backslashes, newlines)", () => {
    const text = (v: Visit) => unfold(calendarText([v], options)).find((l) => l.startsWith('LOCATION:'));
    expect(text(visit({ propertyAddress: '233 S Wacker Dr, Chicago, IL 60606' }))).toBe('LOCATION:Northwind Tower\\, 233 S Wacker Dr\\, Chicago\\, IL 60606');
    expect(text(visit({ propertyName: 'Plaza; East', propertyAddress: 'Unit 4\\B\nFloor 2' }))).toBe('LOCATION:Plaza\\; East\\, Unit 4\\\\B\\nFloor 2');
    expect(text(visit({}))).toBe('LOCATION:Northwind Tower');
  });
});
