import { describe, expect, it } from '@jest/globals';
import { mailDate, mailTime, titleCase, writtenDate, writtenDay, writtenPeriod, writtenTime } from '../../../lambdas/shared/contract/writing.js';

describe('one way to write names and dates (screens and mails)', () => {
  it('title-cases names however the data keeps them', () => {
    expect(titleCase('NORTHWIND PROPERTIES')).toBe('Northwind Properties');
    expect(titleCase('dana facilities')).toBe('Dana Facilities');
    expect(titleCase('HARBOR-VIEW (EAST)/WEST')).toBe('Harbor-View (East)/West');
  });

  it('writes a calendar date as it is, whatever the time zone', () => {
    expect(writtenDay('2026-09-01')).toBe('1 Sep 2026');
    expect(writtenDay('2026-12-31')).toBe('31 Dec 2026');
    expect(writtenDay('not a date')).toBe('not a date');
    expect(writtenPeriod({ from: '2026-09-01', to: '2026-11-30' })).toBe('1 Sep 2026 – 30 Nov 2026');
    expect(writtenPeriod({ from: '2026-09-01', to: '2026-09-01' })).toBe('1 Sep 2026');
  });

  it('writes an instant in the zone asked for, on a 12-hour clock, September as Sep', () => {
    const at = '2026-09-25T14:03:09.000Z';
    expect(writtenTime(at, 'UTC')).toBe('25 Sep 2026, 2:03 PM');
    expect(writtenTime(at, 'America/New_York')).toBe('25 Sep 2026, 10:03 AM');
    expect(writtenTime('2026-09-25T23:30:00.000Z', 'Asia/Tokyo')).toBe('26 Sep 2026, 8:30 AM');
    expect(writtenTime('2026-01-01T00:05:00.000Z', 'UTC')).toBe('1 Jan 2026, 12:05 AM');
    expect(writtenTime('2026-01-01T12:00:00.000Z', 'UTC')).toBe('1 Jan 2026, 12:00 PM');
    expect(writtenDate(at, 'Pacific/Kiritimati')).toBe('26 Sep 2026');
    expect(writtenTime(Date.parse(at), 'UTC')).toBe(writtenTime(new Date(at), 'UTC'));
    expect(writtenTime('garbage')).toBe('garbage');
  });

  it('mails write UTC and say so', () => {
    expect(mailTime('2026-11-25T14:03:00.000Z')).toBe('25 Nov 2026, 2:03 PM UTC');
    expect(mailDate(Date.UTC(2026, 10, 25, 23, 59))).toBe('25 Nov 2026');
    expect(mailTime('garbage')).toBe('garbage');
  });
});
